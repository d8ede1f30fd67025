import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { Meta, StoryObj } from '@storybook/react';
import { userEvent, within } from 'storybook/test';
import { PortalStory } from '../../../../.storybook/portals.tsx';

/** The admin login screen inside the real portals app (providers, router), without a server. */
const meta = {
  title: 'Portals/Admin login',
  component: PortalStory,
  args: { path: '/admin/login' },
} satisfies Meta<typeof PortalStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Login: Story = { parameters: { keyText: 'Faça login para acessar sua conta' } };

/** Wrong credentials: the server's 401 names the username kind (spec 8). */
export const LoginRejected: Story = {
  parameters: { keyText: 'E-Mail e/ou senha incorreta' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/E-mail/), 'admin@drip.com.br');
    await userEvent.type(canvas.getByLabelText(/Senha/), 'segredo');
    await userEvent.click(canvas.getByRole('button', { name: 'Entrar' }));
  },
};
