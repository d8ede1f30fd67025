import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider, useRouteError } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type AreaRoutes, areaOf, patchAreaRoutes } from './areaRoutes.ts';

function ErrorShown() {
  const error = useRouteError();
  return <p>erro: {error instanceof Error ? error.message : 'outro'}</p>;
}

/** An area `/area` whose pages come from `load` (a table chunk the test controls), with a 404 and an error page. */
function renderArea(path: string, load: () => Promise<RouteObject[]>) {
  let loads = 0;
  const area: AreaRoutes = {
    routes: [
      { path: '/area/login', element: <p>login</p> },
      {
        id: 'area',
        path: '/area',
        element: (
          <>
            <nav>Menu da área</nav>
            <Outlet />
          </>
        ),
        children: [{ index: true, element: <p>início</p> }],
      },
    ],
    parentId: 'area',
    prefixes: ['/area'],
    children: () => {
      loads += 1;
      return load();
    },
  };
  const router = createMemoryRouter(
    [
      {
        hydrateFallbackElement: <span />,
        errorElement: <ErrorShown />,
        children: [...area.routes, { path: '*', element: <p>404</p> }],
      },
    ],
    { initialEntries: [path], patchRoutesOnNavigation: patchAreaRoutes([area]) },
  );
  render(<RouterProvider router={router} />);
  return { router, loads: () => loads };
}

const pages = async (): Promise<RouteObject[]> => [
  { path: 'pedidos', element: <p>pedidos</p> },
  { path: 'pedidos/:id', element: <p>um pedido</p> },
];

describe('area routes patched on navigation', () => {
  it('opens a deep link into the area on direct load, within the layout', async () => {
    const { loads } = renderArea('/area/pedidos/42', pages);
    expect(await screen.findByText('um pedido')).toBeTruthy();
    expect(screen.getByText('Menu da área')).toBeTruthy();
    expect(loads()).toBe(1);
  });

  it('does not load the pages for the login or the area home, and loads them once for every later visit', async () => {
    const { router, loads } = renderArea('/area/login', pages);
    expect(await screen.findByText('login')).toBeTruthy();
    await act(() => router.navigate('/area'));
    expect(await screen.findByText('início')).toBeTruthy();
    expect(loads()).toBe(0);
    await act(() => router.navigate('/area/pedidos'));
    expect(await screen.findByText('pedidos')).toBeTruthy();
    await act(() => router.navigate('/area/nada'));
    await act(() => router.navigate('/area/pedidos/7'));
    expect(await screen.findByText('um pedido')).toBeTruthy();
    expect(loads()).toBe(1);
  });

  it('shows the 404 page for an unknown path inside the area (outside its layout), and outside it', async () => {
    const { router } = renderArea('/area/nao-existe', pages);
    expect(await screen.findByText('404')).toBeTruthy();
    expect(screen.queryByText('Menu da área')).toBeNull();
    await act(() => router.navigate('/outra/coisa'));
    expect(await screen.findByText('404')).toBeTruthy();
  });

  it('shows the error page when the table does not load, and tries again on the next visit', async () => {
    let fail = true;
    const { router, loads } = renderArea('/area/pedidos', async () => {
      if (fail) throw new Error('rede caiu');
      return pages();
    });
    expect(await screen.findByText('erro: rede caiu')).toBeTruthy();
    fail = false;
    await act(() => router.navigate('/area/pedidos/1'));
    expect(await screen.findByText('um pedido')).toBeTruthy();
    expect(loads()).toBe(2);
  });

  it('tells the area of a path by its prefixes', () => {
    const areas = [{ prefixes: ['/parceira', '/merchant'] }, { prefixes: ['/cliente'] }];
    expect(areaOf(areas, '/parceira')).toBe(areas[0]);
    expect(areaOf(areas, '/merchant/login')).toBe(areas[0]);
    expect(areaOf(areas, '/cliente/pedidos/1')).toBe(areas[1]);
    expect(areaOf(areas, '/parceiras')).toBeNull();
    expect(areaOf(areas, '/')).toBeNull();
  });
});
