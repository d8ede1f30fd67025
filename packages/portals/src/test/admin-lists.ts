/**
 * The setup of the admin list tests (orders, merchants, customers): a signed-in admin, and a fake API whose paged
 * list answers full pages, or an empty page for the search text 'nada'.
 */
import { SESSION_KEYS } from '@drip/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect } from 'vitest';
import { type Answer, type Call, ok, server } from '../merchant/sales-fake-api.ts';
import { fakeJwt, type renderApp } from './harness.tsx';

/** Every test of the file starts with an admin session in localStorage, as after a login. */
export function signInAdminBeforeEach() {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem(SESSION_KEYS.admin.token, fakeJwt({ sub: 'admin-1', aud: 'admin' }));
    window.localStorage.setItem(SESSION_KEYS.admin.refreshToken, 'refresh');
  });
}

/** The search text every list answers with no rows. */
export const NOTHING = 'nada';

export interface FakeList {
  /** 'GET /path' of the list call. */
  call: string;
  /** The query parameter the screen sends the search text in. */
  searchParam: string;
  /** One page of the fixture: `count` rows of page `page` out of `total`. */
  page: (count: number, page?: number, total?: number) => unknown;
  pageSize: number;
  total: number;
}

/** The admin's fake API: the list (empty for 'nada'), then the other routes of the test. */
export function listServer(list: FakeList, routes: Record<string, (call: Call) => Answer> = {}) {
  return server({
    [list.call]: (call) =>
      ok(
        call.search.get(list.searchParam) === NOTHING
          ? list.page(0)
          : list.page(list.pageSize, Number(call.search.get('page') ?? 0), list.total),
      ),
    ...routes,
  });
}

/**
 * Types 'nada' in the search box and presses 'Buscar': the URL holds the search alone (the page is gone), the list
 * says `empty`, it was asked for page 0 with the search, and the box keeps the text to search again.
 */
export async function searchNothing(
  api: ReturnType<typeof listServer>,
  router: ReturnType<typeof renderApp>['router'],
  list: FakeList,
  { box, empty }: { box: string; empty: string },
) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(box), NOTHING);
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  await waitFor(() => expect(router.state.location.search).toBe(`?${list.searchParam}=${NOTHING}`));
  expect(await screen.findByText(empty)).toBeTruthy();
  const call = api.last(list.call);
  expect(call?.search.get(list.searchParam)).toBe(NOTHING);
  expect(call?.search.get('page')).toBe('0');
  expect((screen.getByLabelText(box) as HTMLInputElement).value).toBe(NOTHING);
}
