import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, renderApp } from '../test/harness.tsx';

// The eye button of every password field says in Portuguese what pressing it does (Mantine's own name is English).
describe('password visibility toggle', () => {
  it.each(['/admin/login', '/parceira/login', '/cliente/login'])(
    'on %s: "Mostrar senha", then "Ocultar senha" once the password shows',
    async (path) => {
      renderApp(path, fakeFetch({}).fetch);
      const field = await screen.findByLabelText(/^Senha/);
      const wrapper = field.closest('.mantine-PasswordInput-root') ?? document.body;
      const toggle = within(wrapper as HTMLElement).getByRole('button', {
        name: 'Mostrar senha',
        hidden: true,
      });
      expect(field.getAttribute('type')).toBe('password');
      await userEvent.setup().click(toggle);
      expect(field.getAttribute('type')).toBe('text');
      expect(
        within(wrapper as HTMLElement).getByRole('button', { name: 'Ocultar senha', hidden: true }),
      ).toBe(toggle);
      expect(document.body.innerHTML).not.toContain('Toggle password visibility');
    },
  );
});
