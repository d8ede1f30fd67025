import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { Meta, StoryObj } from '@storybook/react';
import { PortalStory } from '../../../../.storybook/portals.tsx';

/** The merchant login screen inside the real portals app (providers, router), without a server. */
const meta = {
  title: 'Portals/Merchant portal login',
  component: PortalStory,
  args: { path: '/parceira/login' },
} satisfies Meta<typeof PortalStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Login: Story = { parameters: { keyText: 'Faça login para acessar sua conta' } };
