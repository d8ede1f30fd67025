// A merchant's day in the portal, as one continuous walk: an ADMIN of Loja Aurora logs in with the SMS code from
// the sandbox inbox, finds a sale with the list's filters (its first instalment was paid upfront by Pix at checkout),
// refunds one product, sees the refund pending then done (the refund job runs every 5 s), finds the Pix devolução of
// the paid part on the sandbox bank page and the `Cancelamento` row in 'Extrato de vendas', exports the month's CSV
// with that row, then creates a Drip link and opens it. A READ user sees no refund button and the API answers 403
// to its refund calls.
import { readFile } from 'node:fs/promises';
import { generateCpf, isoDateInSaoPaulo, MERCHANT_API } from '@drip/core';
import type { Browser } from 'playwright-core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, snap } from './browser.ts';
import { merchantKey } from './checkout-helpers.ts';
import { merchantSessionToken, merchantUser, signInMerchant } from './merchant-portal.ts';
import { type Demo, demo } from './sandbox.ts';
import { call, purchaseWithUpfrontPix } from './upfront-purchase.ts';

let browser: Browser;
let world: Demo;
let sale: { checkoutId: string; code: string };

/**
 * A purchase at Loja Aurora (upfront OPTIONAL) through the checkout API, 3x, choosing today as the first due date:
 * the first instalment is paid by Pix at checkout. Two products, so that one can be refunded alone.
 */
async function purchaseWithPaidInstalment(): Promise<{ checkoutId: string; code: string }> {
  const n = (Date.now() % 1_000_000) + 4243;
  const code = `E2E-JORNADA-${n}`;
  const checkoutId = await purchaseWithUpfrontPix({
    apiKey: merchantKey(world, 'Loja Aurora'),
    shopper: {
      cpf: generateCpf(n),
      phone: `+5511${String(970_000_000 + (n % 29_999_999)).slice(0, 9)}`,
      name: 'Carla Estorno',
      email: `carla.${n}@cliente.demo`,
      addressNumber: '200',
    },
    amount: 150,
    products: [
      { name: 'Camiseta', quantity: 1, amount: 90 },
      { name: 'Boné', quantity: 1, amount: 60 },
    ],
    instalments: 3,
    merchantOrderCode: code,
  });
  return { checkoutId, code };
}

// dayjs' pt-br short month names, as the month picker shows them.
const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

const normalise = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  browser = await launch();
  world = await demo(baseUrl());
  sale = await purchaseWithPaidInstalment();
});
afterAll(async () => {
  await browser?.close();
});

describe("merchant portal: a merchant's day", () => {
  it('ADMIN logs in, filters, refunds a product, finds the devolução and the Cancelamento, exports the CSV and opens a new link', async () => {
    const { context, page } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await page.goto('/parceira/pedidos');
    await page.waitForURL('**/parceira/login**');
    await signInMerchant(page, merchantUser(world, true, 'Loja Aurora'));
    await page.waitForURL('**/parceira/pedidos');

    // 'Lista de pedidos': the sale found by its order code, then the approved toggle keeps it.
    await page.getByText('Volume aprovado').waitFor();
    await page.getByLabel('Código do pedido').fill(sale.code);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.waitForURL(`**code=${sale.code}**`);
    await page.getByRole('group', { name: 'Status' }).getByText('Aprovados', { exact: true }).click();
    await page.waitForURL('**approved=true**');
    const row = page.getByRole('row').filter({ hasText: sale.code });
    await row.waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'E2E-' }).count()).toBe(1);
    await row.getByRole('link', { name: /Detalhes/ }).click();
    await page.waitForURL(`**/parceira/pedidos/${sale.checkoutId}`);
    await page.getByRole('heading', { name: `Pedido ${sale.code}` }).waitFor();
    const dripCode = normalise(
      await page.getByText('Código Drip').locator('xpath=following-sibling::*[1]').first().textContent(),
    );
    expect(dripCode).toMatch(/^[A-Z0-9-]{4,}$/);

    // The refund of one product: pending until the job (every 5 s) carries it out; the page polls the order.
    await page.getByRole('heading', { name: 'Estorno' }).waitFor({ timeout: 20_000 });
    await page.getByLabel('Camiseta · R$ 90,00').check();
    await page.getByRole('button', { name: 'Estornar produtos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Você tem certeza que deseja cancelar esse produto?' });
    await dialog.waitFor();
    // The dialog says how much, and its buttons what they do ('Cancelar' there read as "cancel the product").
    await dialog.getByText(/Valor a estornar: R\$\s90,00/).waitFor();
    expect(await dialog.getByRole('button', { name: 'Cancelar' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Não estornar' }).waitFor();
    await dialog.getByRole('button', { name: /^Estornar R\$\s90,00$/ }).click();
    await page
      .getByText(
        'Solicitação de reembolso feita com sucesso, dentro de alguns minutos o reembolso será realizado',
      )
      .first()
      .waitFor();
    const refunds = page.getByRole('table', { name: 'Estornos' });
    await refunds.getByText('Em processamento').waitFor();
    await snap(page, 'merchant-refund-pending');
    await refunds.getByText('Concluído').waitFor({ timeout: 30_000 });
    expect(await page.getByText('Estorno em processamento').count()).toBe(0);
    // Nothing failed: no failure banner.
    expect(await page.getByText(/Falha ao reembolsar/).count()).toBe(0);
    // The checkout detail is read again: the product shows as refunded, the refunded amount is there.
    await page.getByText(/Camiseta · R\$\s90,00 \(Estornado em/).waitFor();
    await snap(page, 'merchant-refund-done');
    const done = refunds.getByRole('row').filter({ hasText: 'Concluído' });
    const cells = await done.getByRole('cell').allTextContents();
    // Type, what, status, cancelled, given back, date.
    const returned = normalise(cells[4] ?? '');
    expect(returned).toMatch(/^R\$ \d+,\d{2}$/);
    expect(returned).not.toBe('R$ 0,00');

    // The devoluções go to the PSP from their own queue (every 30 s): the sandbox bank lists the one sent back.
    const bank = await context.newPage();
    let listed = '';
    await expect
      .poll(
        async () => {
          await bank.goto('/sandbox/bank');
          // One line per devolução, its cells separated by spaces.
          const rows = await bank
            .locator('#devolucoes tbody tr')
            .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (c) => c.textContent).join(' ')));
          listed = rows.map(normalise).join(' | ');
          return listed.includes(`${returned} DEVOLVIDO`);
        },
        { timeout: 75_000, interval: 3_000 },
      )
      .toBe(true)
      .catch((error: unknown) => {
        throw new Error(`the bank page lists: ${listed}`, { cause: error });
      });
    await snap(bank, 'merchant-refund-bank-devolucao');
    await bank.close();

    // 'Extrato de vendas': the settlements job sees the refund on its next run (every minute; a sandbox clock
    // call without moving it runs it at once). Today's day holds the order's Cancelamento row (R$ −90,00 less the
    // fee given back, whatever the fee).
    const ran = await call('/sandbox/clock', { method: 'POST', body: JSON.stringify({ advanceMinutes: 0 }) });
    expect(ran.status, ran.text).toBe(200);
    await page.getByRole('link', { name: 'Voltar para a lista de pedidos' }).click();
    await page.getByRole('tab', { name: 'Extrato de vendas' }).click();
    await page.waitForURL('**/parceira/pedidos/extrato**');
    await page.getByText(/resultados? de 01\/\d\d\/\d{4} a \d\d\/\d\d\/\d{4}/).waitFor();
    // The chart above the tabs loads in its own chunk: once drawn, the layout stops moving.
    await page.locator('svg.recharts-surface').first().waitFor();
    const clock = v.parse(v.object({ now: v.string() }), (await call('/sandbox/clock')).body);
    const [year, month, day] = isoDateInSaoPaulo(new Date(clock.now)).split('-');
    await page.getByRole('button', { name: `Expandir o dia ${day}/${month}/${year}` }).click();
    const orders = page.getByRole('table', { name: `Pedidos de ${day}/${month}/${year}` });
    const cancellation = orders
      .getByRole('row')
      .filter({ hasText: dripCode })
      .filter({ hasText: 'Cancelamento' });
    await cancellation.waitFor();
    await page.waitForTimeout(400); // the day's opening animation
    await snap(page, 'merchant-journey-extract');

    // 'Exportar extrato': this month's CSV, named by the server, with the Cancelamento line of the order.
    await page.getByRole('button', { name: 'Exportar extrato' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Exportar extrato' });
    await exportDialog.getByRole('button', { name: 'Mês' }).click();
    await exportDialog
      .getByRole('button', { name: new RegExp(`^${MONTHS[Number(month) - 1]}`, 'i') })
      .click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exportDialog.getByRole('button', { name: 'Exportar', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`extrato-${month}-${year}.csv`);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.slice(1).split(/\r?\n/);
    const line = lines.find((l) =>
      l.startsWith(`${day}/${month}/${year};Cancelamento;${dripCode};${sale.code};`),
    );
    expect(line, lines.slice(0, 5).join('\n')).toBeDefined();
    await page.getByText('Exportação do extrato concluida com sucesso!').waitFor();

    // 'Criar Drip Link': a link the shopper opens on the hosted checkout.
    await page.getByRole('link', { name: 'Criar Drip Link' }).first().click();
    await page.waitForURL('**/parceira/checkout-links/criar');
    await page.getByLabel(/^Valor/).fill('75,50');
    await page.getByLabel(/^Código do pedido/).fill(`${sale.code}-LINK`);
    await page.getByRole('button', { name: 'Criar link' }).click();
    const linkBox = page.getByLabel('Link de pagamento');
    await linkBox.waitFor();
    const formUrl = await linkBox.inputValue();
    const shopper = await context.newPage();
    await shopper.goto(`${new URL(formUrl).pathname}?transparent=false`);
    await shopper.getByRole('button', { name: 'Começar' }).waitFor({ timeout: 20_000 });
    await shopper.close();
    await context.close();
  }, 240_000);

  it('a READ user sees no refund button, and the refund call answers 403', async () => {
    const { page } = await newPage(browser);
    const detail = `/parceira/pedidos/${sale.checkoutId}`;
    await page.goto(detail);
    await page.waitForURL('**/parceira/login**');
    await signInMerchant(page, merchantUser(world, false, 'Loja Aurora'));
    await page.waitForURL(`**${detail}`);
    await page.getByRole('heading', { name: /^Pedido / }).waitFor();
    await page.getByText('Código Drip').waitFor();
    expect(await page.getByRole('button', { name: /Estornar|Reembolso/ }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Estorno' }).count()).toBe(0);

    const token = await merchantSessionToken(page);
    const auth = { authorization: `Bearer ${token}` };
    const view = await call(`${MERCHANT_API}/v2/checkouts/${sale.checkoutId}`, { headers: auth });
    expect(view.status, view.text).toBe(200);
    const orderId = v.parse(v.object({ order: v.object({ id: v.string() }) }), view.body).order.id;
    const refused = await call(`${MERCHANT_API}/v1/orders/${orderId}/cancel`, {
      method: 'PUT',
      headers: auth,
    });
    expect(refused.status, refused.text).toBe(403);
    const partial = await call(`${MERCHANT_API}/v1/orders/${orderId}/products/cancel`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ productIds: ['x'] }),
    });
    expect(partial.status).toBe(403);
  });
});
