import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { SESSION_KEYS } from '@drip/core';
import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MemoryStorage } from '../../../../.storybook/portals.tsx';
import { createAppDeps, LOGIN_PATHS } from '../app/deps.ts';
import { Providers } from '../app/Providers.tsx';
import { createQueryClient } from '../app/queryClient.ts';
import { createAppRoutes } from '../app/routes.tsx';
import { graphic, merchantInfo, SALES_API, statistics } from './sales-fixtures.ts';
import { debtDay, settlementDay, settlementNumbers, settlementPage } from './settlements-fixtures.ts';

// 'Extrato de vendas' over fixture answers (the same signed-in harness as Sales.stories.tsx).
type Answers = Record<string, (search: URLSearchParams) => { status: number; body?: unknown }>;

/** An unsigned token with the merchant claims (the portal only reads them). */
function storyToken(permissions: string[]): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: 'u1', aud: 'merchant', merchantId: 'm1', permissions, iat: now, exp: now + 3600 };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.story`;
}

/** A signed-in merchant user over fixture answers: nothing leaves the browser. */
function MerchantExtractStory({
  path,
  answers,
  permissions,
}: {
  path: string;
  answers: Answers;
  permissions: string[];
}) {
  const [app] = useState(() => {
    const queryClient = createQueryClient();
    const local = new MemoryStorage();
    local.setItem(SESSION_KEYS.merchant.token, storyToken(permissions));
    local.setItem(SESSION_KEYS.merchant.refreshToken, 'story');
    const fetchFn: typeof fetch = async (input, init) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://x',
      );
      const answer = answers[`${init?.method ?? 'GET'} ${url.pathname}`]?.(url.searchParams) ?? {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Não encontrado' } },
      };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    };
    let navigate: ((to: string) => void) | null = null;
    const deps = createAppDeps({
      fetch: fetchFn,
      local,
      session: new MemoryStorage(),
      onLogout: (area) => navigate?.(LOGIN_PATHS[area]),
    });
    const router = createMemoryRouter(createAppRoutes(deps, queryClient), { initialEntries: [path] });
    navigate = (to) => void router.navigate(to);
    return { deps, queryClient, router };
  });
  return (
    <Providers deps={app.deps} queryClient={app.queryClient}>
      <RouterProvider router={app.router} />
    </Providers>
  );
}

const days = (page: number) =>
  Array.from({ length: 10 }, (_, i) => {
    const day = String(28 - page * 10 - i).padStart(2, '0');
    return i === 3 ? debtDay(`2026-02-${day}`) : settlementDay(`2026-02-${day}`);
  });

const answers: Answers = {
  [`GET ${SALES_API}/v1/merchant`]: () => ({ status: 200, body: merchantInfo }),
  [`GET ${SALES_API}/v2/checkouts/statistics`]: () => ({ status: 200, body: statistics }),
  [`GET ${SALES_API}/v2/checkouts/graphic`]: () => ({ status: 200, body: graphic(24) }),
  [`GET ${SALES_API}/v1/settlements/big_numbers`]: () => ({ status: 200, body: settlementNumbers }),
  [`GET ${SALES_API}/v1/settlements`]: (search) => {
    const page = Number(search.get('page') ?? 0);
    return {
      status: 200,
      body: settlementPage(days(page), {
        number: page,
        totalPages: 2,
        totalElements: 20,
        transferColumns: search.get('period') === 'CURRENT_YEAR' ? 6 : 3,
      }),
    };
  },
};

const meta = {
  title: 'Portals/Merchant portal extract',
  component: MerchantExtractStory,
  args: { path: '/parceira/pedidos/extrato', answers, permissions: ['ADMIN', 'READ'] },
} satisfies Meta<typeof MerchantExtractStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Extract: Story = {
  parameters: {
    keyText: ['Extrato de vendas', '20 resultados de 01/03/2026 a 25/03/2026', '1º repasse', 'Repassado'],
  },
};
/** A merchant with 6 instalments: six transfer columns. */
export const ExtractSixTransfers: Story = {
  args: { path: '/parceira/pedidos/extrato?period=CURRENT_YEAR' },
  parameters: { keyText: ['6º repasse', 'Ano atual'] },
};
/** At 390 px the days are cards with their transfers two by two: nothing scrolls sideways. */
export const ExtractOnPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { keyText: ['Extrato de vendas', '1º repasse', 'Valor do dia'] },
};
export const ExtractEmpty: Story = {
  args: {
    answers: {
      ...answers,
      [`GET ${SALES_API}/v1/settlements`]: () => ({ status: 200, body: settlementPage([]) }),
    },
  },
  parameters: { keyText: ['Nenhuma venda no período', '0 resultados de 01/03/2026 a 25/03/2026'] },
};
