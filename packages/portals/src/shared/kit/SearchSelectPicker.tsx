/**
 * Mantine's Select, in a module of its own: `SearchSelect` fetches it after the page's first screen (its combobox,
 * popover and Floating UI are about 24 KB gzip).
 */
export { Select } from '@mantine/core';
