import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, snap } from './browser.ts';
import { merchantUser, signInMerchant } from './merchant-portal.ts';
import { type Demo, demo } from './sandbox.ts';

let browser: Browser;
let world: Demo;

beforeAll(async () => {
  browser = await launch();
  world = await demo(baseUrl());
});
afterAll(async () => {
  await browser?.close();
});

const CSV_HEADER =
  'Data;Tipo;Pedido Drip;Pedido da loja;Cliente;Data do pedido;Valor;Taxa;Repasse;Datas de repasse;Saldo devedor compensado;Saldo devedor';
// dayjs' pt-br short month names, as the month picker shows them.
const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('merchant portal: Extrato de vendas', () => {
  it("ADMIN sees the demo merchant's days, opens one and exports its month as CSV", async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/parceira/pedidos/extrato');
    await page.waitForURL('**/parceira/login**');
    await signInMerchant(page, merchantUser(world, true, 'Loja Aurora'));
    await page.waitForURL('**/parceira/pedidos/extrato');

    // The current month by default: the count starts on its 1st.
    await page.getByText(/resultados? de 01\/\d\d\/\d{4} a \d\d\/\d\d\/\d{4}/).waitFor();
    await page.getByRole('region', { name: 'Resumo dos repasses' }).getByText('Vendas').waitFor();

    // The sales chart above the tabs loads in its own chunk: once it is drawn the layout stops moving (a dropdown
    // opened before would be closed by the shift).
    await page.locator('svg.recharts-surface').first().waitFor();
    // The demo world's paid order is about 40 days old (the settlement job ran at start-up): the last 3 months.
    await page.getByLabel('Período do extrato', { exact: true }).first().click();
    const periodPage = page.waitForResponse(
      (r) => r.url().includes('/v1/settlements?') && r.url().includes('period=LAST_3_MONTHS'),
    );
    await page.getByRole('option', { name: 'Últimos 3 meses' }).click();
    await page.waitForURL('**period=LAST_3_MONTHS**');
    await periodPage;
    // The newest day with sales or refunds (a day may hold only the transfer made on it).
    const toggle = page
      .getByRole('listitem')
      .filter({ hasNot: page.getByText('0 pedidos', { exact: true }) })
      .getByRole('button', { name: /^Expandir o dia / })
      .first();
    await toggle.waitFor();
    // The period's days replace the current month's once their page arrives.
    await page.getByText('1º repasse').first().waitFor();
    expect(await page.getByText('1º repasse').count()).toBeGreaterThan(0);
    const label = (await toggle.getAttribute('aria-label')) ?? '';
    const [, day = '', month = '', year = ''] = /(\d\d)\/(\d\d)\/(\d{4})$/.exec(label) ?? [];
    await toggle.click();
    const orders = page.getByRole('table', { name: `Pedidos de ${day}/${month}/${year}` });
    await orders.getByRole('row').nth(1).waitFor();
    // The newest day may hold only refunds (the demo history refunds orders too): a sale or a cancellation row.
    expect(await orders.getByText(/^(Venda|Cancelamento)$/).count()).toBeGreaterThan(0);
    await page.getByTestId('debt-row').first().waitFor();
    await page.waitForTimeout(400); // the day's opening animation
    // Loja Aurora pays in up to 12 instalments: 12 transfer columns scroll inside the extract, not the page.
    expect(await page.getByText('12º repasse').count()).toBeGreaterThan(0);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    await snap(page, 'merchant-extract-desktop');

    // 'Exportar extrato': the day's month, the file named by the server.
    await page.getByRole('button', { name: 'Exportar extrato' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exportar extrato' });
    await dialog.getByRole('button', { name: 'Mês' }).click();
    const currentYear = Number(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date()),
    );
    for (let y = currentYear; y > Number(year); y--)
      await dialog.getByRole('button', { name: 'Ano anterior' }).click();
    await dialog.getByRole('button', { name: new RegExp(`^${MONTHS[Number(month) - 1]}`, 'i') }).click();
    await snap(page, 'merchant-extract-export');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Exportar', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`extrato-${month}-${year}.csv`);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).split(/\r?\n/);
    expect(lines[0]).toBe(CSV_HEADER);
    const dayRow = new RegExp(`^${day}/${month}/${year};(Venda|Cancelamento);`);
    expect(lines.some((line) => dayRow.test(line))).toBe(true);
    await page.getByText('Exportação do extrato concluida com sucesso!').waitFor();

    // At 390 px: cards, nothing scrolls sideways, an opened day included.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/parceira/pedidos/extrato?period=LAST_3_MONTHS');
    const phoneToggle = page.getByRole('button', { name: /^Expandir o dia / }).first();
    await phoneToggle.click();
    await page.getByTestId('debt-row').first().waitFor();
    await page.waitForTimeout(400);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    await snap(page, 'merchant-extract-phone');
    await context.close();
  });
});
