import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Drip teal, from the lightest to the darkest shade. */
const drip: MantineColorsTuple = [
  '#e6fbf7',
  '#d2f3ec',
  '#a6e6d8',
  '#76d8c3',
  '#4fcdb1',
  '#36c5a6',
  '#24b596',
  '#0f9c81',
  '#0c8577',
  '#006b5f',
];

/** Mobile breakpoint of the spec: 690 px. `sm` starts at 691 px, so `visibleFrom="sm"` hides at <= 690 px. */
export const MOBILE_MAX_WIDTH = 690;

export const theme = createTheme({
  primaryColor: 'drip',
  primaryShade: 8,
  colors: { drip },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  breakpoints: { xs: '30em', sm: '43.1875em', md: '62em', lg: '75em', xl: '88em' },
  focusRing: 'auto',
  cursorType: 'pointer',
});
