import type { Preview } from '@storybook/react';
// The checkout app's global stylesheet (checkout steps, widgets, public pages). The portals' stories import
// Mantine's styles and wrap themselves in the portals' providers (see their `decorators`).
import '../packages/checkout-ui/src/styles.css';
import { VIEWPORTS } from './viewports.ts';

const preview: Preview = {
  parameters: {
    layout: 'fullscreen',
    viewport: { options: VIEWPORTS },
    controls: { expanded: false },
  },
  initialGlobals: { viewport: { value: undefined, isRotated: false } },
};

export default preview;
