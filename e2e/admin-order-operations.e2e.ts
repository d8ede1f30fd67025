// The operator works an order from its details page (spec 2.2, 5, 8): removes the late fee of a late instalment and
// the customer's amount due drops at once, moves the first due date, refunds part of the order, and records a payment
// by 'Dar baixa pagamento'. On a server of its own: these change Maria's demo order, which other journeys read.
import { addDaysIso, formatBRL, formatDate, isoDateInSaoPaulo, reaisToCents } from '@drip/core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from './admin-portal.ts';
import { launch, snapWidths } from './browser.ts';
import { type DripServer, startDrip } from './drip-server.ts';
import { type Demo, demo } from './sandbox.ts';

/** The demo world's late order (packages/server/src/modules/orders/seed.ts): instalment 1 is five days late. */
const LATE_ORDER_CODE = 'DEMO-MARIA-0001';

let drip: DripServer;
let browser: Browser;
let world: Demo;
let adminToken = '';

beforeAll(async () => {
  drip = await startDrip('admin-order-operations');
  browser = await launch();
  world = await demo(drip.url);
  const login = await fetch(`${drip.url}/admin_backoffice/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: world.admin.email, password: world.admin.password }),
  });
  adminToken = v.parse(v.object({ token: v.string() }), await login.json()).token;
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await drip?.stop();
});

async function api<T>(path: string, schema: v.GenericSchema<unknown, T>): Promise<T> {
  const res = await fetch(`${drip.url}${path}`, { headers: { authorization: `Bearer ${adminToken}` } });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return v.parse(schema, await res.json());
}

const OrderRow = v.object({ id: v.string(), merchantOrderCode: v.string() });
const Details = v.object({
  id: v.string(),
  createdAt: v.string(),
  canceledAmount: v.number(),
  merchant: v.object({ id: v.string() }),
  instalments: v.array(
    v.object({
      id: v.string(),
      number: v.number(),
      status: v.string(),
      feesAmount: v.number(),
      amountToPay: v.number(),
      dueDate: v.string(),
    }),
  ),
});
/** What the public instalment page shows (`/pagamento/{id}`), read through its own call. */
const PublicInstalment = v.object({ installment: v.object({ amount: v.number() }) });

async function lateOrder() {
  const page = await api(
    `/admin_backoffice/api/v1/orders?page=0&size=10&search=${LATE_ORDER_CODE}`,
    v.object({ content: v.array(OrderRow) }),
  );
  const row = page.content.find((o) => o.merchantOrderCode === LATE_ORDER_CODE);
  if (!row) throw new Error(`${LATE_ORDER_CODE} is not in the demo world`);
  return api(`/admin_backoffice/api/v1/orders/${row.id}`, Details);
}

async function publicAmount(instalmentId: string): Promise<number> {
  const res = await fetch(`${drip.url}/api/v1/installments/details/${instalmentId}`);
  return v.parse(PublicInstalment, await res.json()).installment.amount;
}

async function newPage(
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: drip.url,
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  return { context, page: await context.newPage() };
}

const instalmentRow = (page: Page, n: number) =>
  page
    .getByRole('table', { name: 'Parcelas' })
    .getByRole('row')
    .filter({ hasText: `${n}/3` });
const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-description', { hasText: text });
const brl = (reais: number) => formatBRL(reaisToCents(reais));

describe('admin order operations', () => {
  it('removes a late fee, moves the first due date, refunds part of the order and records a payment', async () => {
    const before = await lateOrder();
    const first = before.instalments.find((i) => i.number === 1);
    const third = before.instalments.find((i) => i.number === 3);
    if (!first || !third) throw new Error('the late order has three instalments');
    expect(first.feesAmount).toBeGreaterThan(0);
    expect(await publicAmount(first.id)).toBe(first.amountToPay);

    const { context, page } = await newPage();
    await signInAdmin(page, world.admin);

    // Partial refunds are for merchants on Malga (spec 6): the operator sets the order's merchant there first.
    await page.goto(`/admin/merchants/${before.merchant.id}/edit`);
    const form = page.getByRole('region', { name: 'Dados do comerciante' });
    await form.getByRole('combobox', { name: /^Tipo de integração/ }).selectOption('MALGA');
    await form.getByRole('combobox', { name: /^Plataforma de e-commerce/ }).selectOption('MALGA');
    const representativeCpf = page.getByRole('region', { name: 'Representante legal' }).getByLabel(/^CPF/);
    if ((await representativeCpf.inputValue()) === '') await representativeCpf.fill('11144477735');
    // The demo merchants were seeded without the form's other required fields: the operator fills them as well.
    const settlementPlatform = form.getByLabel(/^Plataforma de repasse/);
    if ((await settlementPlatform.inputValue()) === '') await settlementPlatform.fill('Stark Bank');
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/edit'));

    await page.goto(`/admin/orders/${before.id}`);
    await instalmentRow(page, 1).waitFor();
    await snapWidths(page, 'admin-order-operations');
    // At 390 px every operation fits the phone's width: nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByRole('list', { name: 'Parcelas' })
      .getByRole('button', { name: 'Remover multa' })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    // On a laptop the admin table is wider than the screen: its operations stay in view without scrolling it.
    const remove = await instalmentRow(page, 1).getByRole('button', { name: 'Remover multa' }).boundingBox();
    expect(remove && remove.x + remove.width).toBeLessThanOrEqual(1280);

    // 1. The late fee, with its reason: the customer owes the instalment without it at once.
    await instalmentRow(page, 1).getByRole('button', { name: 'Remover multa' }).click();
    const feeDialog = page.getByRole('dialog', {
      name: 'Tem certeza que deseja remover a multa para essa parcela?',
    });
    await feeDialog.getByLabel(/^Motivo da remoção/).selectOption({ label: 'Cobrança em fim de semana' });
    await feeDialog.getByRole('button', { name: 'Remover multa' }).click();
    await toast(page, 'Multa por atraso removida com sucesso').waitFor();
    const withoutFee = first.amountToPay - first.feesAmount;
    await instalmentRow(page, 1).getByText(brl(withoutFee)).first().waitFor();
    expect(await instalmentRow(page, 1).getByRole('button', { name: 'Remover multa' }).count()).toBe(0);
    expect(await publicAmount(first.id)).toBeCloseTo(withoutFee, 2);
    const customerPage = await context.newPage();
    await customerPage.goto(`/pagamento/${first.id}`);
    await customerPage.getByText(brl(withoutFee)).first().waitFor();
    await customerPage.close();

    // 2. The first due date, 25 days after the order was created (the window is 1 to 30).
    const newDate = addDaysIso(isoDateInSaoPaulo(new Date(before.createdAt)), 25);
    await page.getByRole('button', { name: 'Alterar data da 1ª parcela' }).click();
    const dateDialog = page.getByRole('dialog', { name: 'Alterar data da 1ª parcela' });
    await dateDialog.getByLabel(/Nova data de vencimento da 1ª parcela/).fill(newDate);
    await dateDialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Data alterada com sucesso').waitFor();
    await instalmentRow(page, 1).getByText(formatDate(newDate)).waitFor();

    // 3. A partial refund of R$ 10,00: asked, confirmed, carried out by the refund engine within seconds.
    await page.getByRole('button', { name: 'Reembolso parcial' }).click();
    const refundDialog = page.getByRole('dialog', { name: 'Reembolso parcial' });
    await refundDialog.getByLabel('Valor do reembolso (R$)').pressSequentially('10');
    await refundDialog.getByRole('button', { name: 'Reembolso parcial' }).click();
    await page
      .getByRole('dialog', { name: 'Você tem certeza?' })
      .getByText('Reembolso parcial de R$')
      .waitFor();
    await page
      .getByRole('dialog', { name: 'Você tem certeza?' })
      .getByRole('button', { name: /^Reembolsar R\$/ })
      .click();
    await toast(page, 'Reembolso parcial realizado com sucesso').waitFor();
    await page
      .getByRole('region', { name: 'Pedido' })
      .getByText(brl(before.canceledAmount + 10))
      .waitFor({ timeout: 30_000 });

    // 4. 'Dar baixa pagamento' on instalment 3, after its confirmation: paid outside Drip's Pix.
    await instalmentRow(page, 3).getByRole('button', { name: 'Dar baixa pagamento' }).click();
    const pgf = page.getByRole('dialog', { name: 'Você tem certeza?' });
    await pgf.getByRole('button', { name: 'Dar baixa pagamento' }).click();
    await toast(page, 'Baixa concluída com sucesso').waitFor();
    await instalmentRow(page, 3).getByRole('cell', { name: 'Sim', exact: true }).waitFor();
    expect(await instalmentRow(page, 3).getByRole('button', { name: 'Dar baixa pagamento' }).count()).toBe(0);

    const after = await lateOrder();
    expect(after.instalments.find((i) => i.number === 1)).toMatchObject({ feesAmount: 0, dueDate: newDate });
    expect(after.instalments.find((i) => i.number === 3)?.status).toBe('PAID');
    expect(after.canceledAmount).toBeCloseTo(before.canceledAmount + 10, 2);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snapWidths(page, 'admin-order-operations-done');
    await context.close();
  });
});
