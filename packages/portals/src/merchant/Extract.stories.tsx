import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { Meta, StoryObj } from '@storybook/react';
import { type FixtureAnswers, MerchantStory } from '../../../../.storybook/portals.tsx';
import { graphic, merchantInfo, SALES_API, statistics } from './sales-fixtures.ts';
import {
  debtDay,
  settlementDay,
  settlementNumbers,
  settlementPage,
  transferDay,
} from './settlements-fixtures.ts';

// 'Extrato de vendas' over fixture answers (the same signed-in harness as Sales.stories.tsx).
type Answers = FixtureAnswers;

const days = (page: number) =>
  Array.from({ length: 10 }, (_, i) => {
    const day = String(28 - page * 10 - i).padStart(2, '0');
    // A debt on the 4th day; the 2nd has no sale, only the transfer made on it (netting a debt).
    if (i === 3) return debtDay(`2026-02-${day}`);
    return i === 1 ? transferDay(`2026-02-${day}`) : settlementDay(`2026-02-${day}`);
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
  component: MerchantStory,
  args: { path: '/parceira/pedidos/extrato', answers, permissions: ['ADMIN', 'READ'] },
} satisfies Meta<typeof MerchantStory>;

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
