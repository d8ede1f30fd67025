import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import react from '@vitejs/plugin-react';

// One Storybook for the checkout (steps driven by fixtures, widgets, public pages) and the portals' screens.
// Stories live next to their components; `npm run build-storybook` builds it and the `stories` vitest project
// (./vitest.config.ts) renders every story as a test.
const config: StorybookConfig = {
  stories: [
    '../packages/checkout-ui/src/**/*.stories.@(ts|tsx)',
    '../packages/portals/src/**/*.stories.@(ts|tsx)',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // The repository root has no vite config: add React (JSX, fast refresh) here.
  viteFinal: async (viteConfig) => ({
    ...viteConfig,
    plugins: [...(viteConfig.plugins ?? []), react()],
    // A design tool, not a shopper page: the preview bundle is large by nature.
    build: { ...viteConfig.build, chunkSizeWarningLimit: 2_000 },
    cacheDir: fileURLToPath(new URL('../node_modules/.cache/storybook-vite', import.meta.url)),
  }),
};

export default config;
