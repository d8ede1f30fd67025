import { MantineProvider, TextInput } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazyPage.tsx';

/** A module whose download the test finishes when it wants (a slow network). */
function slowModule<M>(module: M) {
  let arrive = () => {};
  const loaded = new Promise<M>((resolve) => {
    arrive = () => resolve(module);
  });
  return { load: () => loaded, arrive };
}

function LoginPage() {
  return (
    <>
      <TextInput label="CPF" />
      <Link to="/recuperar">Esqueci a senha</Link>
      <Link to="/login?ajuda=true">Precisa de ajuda?</Link>
    </>
  );
}

function RecoveryPage() {
  return <TextInput label="CPF da recuperação" />;
}

function Shell() {
  return (
    <>
      <nav>Menu da área</nav>
      <Outlet />
    </>
  );
}

function renderRoutes(recovery: ReturnType<typeof slowModule<{ RecoveryPage: typeof RecoveryPage }>>) {
  const router = createMemoryRouter(
    [
      {
        // The first page's chunk loads before the first render.
        hydrateFallbackElement: <span />,
        children: [
          {
            path: '/login',
            ...lazyPage(
              async () => ({ LoginPage }),
              (m) => m.LoginPage,
            ),
          },
          { path: '/recuperar', ...lazyPage(recovery.load, (m) => m.RecoveryPage) },
          {
            path: '/area',
            ...lazyPage(
              async () => ({ Shell }),
              (m) => m.Shell,
            ),
            children: [
              {
                path: 'login',
                ...lazyPage(
                  async () => ({ LoginPage }),
                  (m) => m.LoginPage,
                ),
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('lazyPage', () => {
  it('takes the page being left off screen while the next page downloads, so nothing is typed into it', async () => {
    const recovery = slowModule({ RecoveryPage });
    const router = renderRoutes(recovery);
    const cpf = await screen.findByRole('textbox', { name: 'CPF' });
    fireEvent.change(cpf, { target: { value: '529' } });

    fireEvent.click(screen.getByRole('link', { name: 'Esqueci a senha' }));
    // The next page's chunk has not arrived: the login's CPF field is gone from sight (not only covered), the
    // loader says why.
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'CPF' })).toBeNull();
    expect(router.state.location.pathname).toBe('/login');

    await act(async () => recovery.arrive());
    expect(await screen.findByRole('textbox', { name: 'CPF da recuperação' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps what was typed when the navigation ends up back on the page', async () => {
    const recovery = slowModule({ RecoveryPage });
    const router = renderRoutes(recovery);
    fireEvent.change(await screen.findByRole('textbox', { name: 'CPF' }), { target: { value: '529' } });
    fireEvent.click(screen.getByRole('link', { name: 'Esqueci a senha' }));
    await screen.findByRole('status');
    // Another navigation (back to the login) interrupts the pending one.
    await act(async () => {
      await router.navigate('/login');
    });
    expect(((await screen.findByRole('textbox', { name: 'CPF' })) as HTMLInputElement).value).toBe('529');
  });

  it('stays on screen for a change of its query only', async () => {
    const recovery = slowModule({ RecoveryPage });
    renderRoutes(recovery);
    fireEvent.change(await screen.findByRole('textbox', { name: 'CPF' }), { target: { value: '529' } });
    fireEvent.click(screen.getByRole('link', { name: 'Precisa de ajuda?' }));
    expect(((await screen.findByRole('textbox', { name: 'CPF' })) as HTMLInputElement).value).toBe('529');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("keeps a layout's shell on screen: its page gives way", async () => {
    const recovery = slowModule({ RecoveryPage });
    const router = renderRoutes(recovery);
    await act(async () => {
      await router.navigate('/area/login');
    });
    await screen.findByRole('textbox', { name: 'CPF' });
    fireEvent.click(screen.getByRole('link', { name: 'Esqueci a senha' }));
    await screen.findByRole('status');
    expect(screen.getByText('Menu da área')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'CPF' })).toBeNull();
  });
});
