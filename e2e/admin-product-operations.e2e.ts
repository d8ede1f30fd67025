// An operator works one product of a demo order from its details page: refunds it ('Reembolsar', the spec's
// question) and sees it 'Cancelado' with the instalments re-split; lowers another product's amount ('Alterar valor',
// 'Confirmo que o valor está correto') and sees the new amount and the new total cancelled.
import { type AdminOrderDetails, formatBRL, reaisToCents } from '@drip/core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from './admin-portal.ts';
import { baseUrl, launch, newPage, shotsDir, snapWidths } from './browser.ts';
import { type Demo, demo } from './sandbox.ts';
import { call } from './upfront-purchase.ts';

let browser: Browser;
let world: Demo;
let token: string;

type Details = AdminOrderDetails;
const ADMIN_API = '/admin_backoffice/api/v1';
const DAY_MS = 86_400_000;
/** Intl writes 'R$' and the amount with a no-break space: compare texts with plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ');
const brl = (reais: number) => plain(formatBRL(reaisToCents(reais)));

beforeAll(async () => {
  browser = await launch();
  world = await demo(baseUrl());
  const login = await call(`${ADMIN_API}/login`, {
    method: 'POST',
    body: JSON.stringify({ username: world.admin.email, password: world.admin.password }),
  });
  token = (login.body as { token: string }).token;
});
afterAll(async () => {
  await browser?.close();
});

const admin = (path: string) =>
  call(`${ADMIN_API}${path}`, { headers: { authorization: `Bearer ${token}` } });

/**
 * A demo order an operator may work a product of: active, nothing paid or cancelled yet, made in the last 25 days
 * (the product refund's window is 30), with two active products of different names.
 */
async function workableOrder(): Promise<Details> {
  for (let page = 0; page < 5; page++) {
    const list = await admin(`/orders?status=ACTIVE&size=50&page=${page}`);
    const rows = (list.body as { content: { id: string; createdAt: string; canceledAmount: number }[] })
      .content;
    for (const row of rows) {
      if (row.canceledAmount > 0 || Date.now() - Date.parse(row.createdAt) > 25 * DAY_MS) continue;
      const details = (await admin(`/orders/${row.id}`)).body as Details;
      const names = new Set(details.products.map((p) => p.name));
      if (
        details.products.length >= 2 &&
        names.size === details.products.length &&
        details.products.every((p) => p.status === 'ACTIVE' && p.amount >= 2) &&
        details.instalments.every((i) => i.status === 'PENDING')
      )
        return details;
    }
  }
  throw new Error('no demo order with two products to work');
}

const productRow = (page: Page, name: string): Locator =>
  page.getByRole('region', { name: 'Produtos' }).getByRole('row').filter({ hasText: name });

/** The instalment table's 'Valor final' and 'Desconto de itens cancelados' cells, in instalment order. */
async function instalmentFigures(page: Page): Promise<{ final: string; canceled: string }[]> {
  const table = page.getByRole('region', { name: 'Parcelas' }).getByRole('table', { name: 'Parcelas' });
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  const finalAt = headers.indexOf('Valor final');
  const canceledAt = headers.indexOf('Desconto de itens cancelados');
  const rows = await table.locator('tbody tr').all();
  const out: { final: string; canceled: string }[] = [];
  for (const row of rows) {
    const cells = await row.getByRole('cell').allInnerTexts();
    out.push({ final: plain(cells[finalAt] ?? ''), canceled: plain(cells[canceledAt] ?? '') });
  }
  return out;
}

/** What the server now says the instalments are, as the table writes them. */
function expectedFigures(details: Details) {
  return [...details.instalments]
    .sort((a, b) => a.number - b.number)
    .map((i) => ({
      final: brl(i.amountToPay),
      canceled: i.canceledAmount > 0 ? `- ${brl(i.canceledAmount)}` : brl(0),
    }));
}

describe('admin order details: product operations', () => {
  it('refunds one product and lowers another: cancelled, instalments re-split, new amount and total', async () => {
    const order = await workableOrder();
    const [refunded, lowered] = order.products;
    if (!refunded || !lowered) throw new Error('two products expected');
    const { context, page } = await newPage(browser);
    await signInAdmin(page, world.admin);
    await page.goto(`/admin/orders/${order.id}`);
    await page.getByRole('heading', { name: 'Detalhes do pedido' }).waitFor();
    await productRow(page, refunded.name).getByRole('button', { name: 'Reembolsar' }).waitFor();
    await snapWidths(page, 'admin-product-operations-before');

    // The product refund: the spec's question, then the toast; the queue carries it out within seconds.
    await productRow(page, refunded.name).getByRole('button', { name: 'Reembolsar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Você tem certeza que deseja cancelar esse produto?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: /^Estornar/ }).click();
    await page
      .getByText(
        'Solicitação de reembolso feita com sucesso, dentro de alguns minutos o reembolso será realizado',
      )
      .waitFor();
    await productRow(page, refunded.name).getByText('Cancelado').waitFor({ timeout: 30_000 });
    const afterRefund = (await admin(`/orders/${order.id}`)).body as Details;
    expect(afterRefund.canceledAmount).toBe(refunded.amount);
    // Each instalment lost its share of the product: the table shows what the server computed.
    await expect.poll(() => instalmentFigures(page)).toEqual(expectedFigures(afterRefund));
    expect(afterRefund.instalments.filter((i) => i.canceledAmount > 0).length).toBeGreaterThan(0);
    expect(await productRow(page, refunded.name).getByRole('button').count()).toBe(0);

    // The amount update: the checkbox gates the submit; the new amount shows, and the total cancelled grows.
    const newAmount = Math.max(0.01, Math.floor(lowered.amount * 50) / 100);
    const modal = page.getByRole('dialog', { name: 'Alterar valor do produto' });
    // On a phone first (the products are cards there; a resize re-renders them, so the modal is opened per width).
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByRole('region', { name: 'Produtos' })
      .getByRole('listitem')
      .filter({ hasText: lowered.name })
      .getByRole('button', { name: 'Alterar valor' })
      .click();
    await modal.waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shotsDir()}/admin-product-amount-modal-390.png` });
    await modal.getByRole('button', { name: 'Fechar' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await productRow(page, lowered.name).getByRole('button', { name: 'Alterar valor' }).click();
    await modal.waitFor();
    const submit = modal.getByRole('button', { name: 'Atualizar valor' });
    expect(await submit.isDisabled()).toBe(true);
    await modal.getByLabel(/Novo valor/).fill(String(newAmount).replace('.', ','));
    await modal.getByLabel('Confirmo que o valor está correto').check();
    expect(await submit.isDisabled()).toBe(false);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shotsDir()}/admin-product-amount-modal-1280.png` });
    await submit.click();
    await page.getByText('Valor do produto atualizado com sucesso').waitFor();
    await modal.waitFor({ state: 'hidden' });
    await productRow(page, lowered.name)
      .getByText(formatBRL(reaisToCents(newAmount)))
      .waitFor();
    const canceled = Math.round((refunded.amount + lowered.amount - newAmount) * 100) / 100;
    const total = page.getByRole('region', { name: 'Pedido' });
    await total.getByText(formatBRL(reaisToCents(canceled)), { exact: true }).waitFor();
    const afterUpdate = (await admin(`/orders/${order.id}`)).body as Details;
    expect(afterUpdate.canceledAmount).toBe(canceled);
    expect(afterUpdate.products.find((p) => p.id === lowered.id)).toMatchObject({
      amount: newAmount,
      status: 'ACTIVE',
    });
    await expect.poll(() => instalmentFigures(page)).toEqual(expectedFigures(afterUpdate));
    // What the customer now owes adds up to the order less what was cancelled (and less its cashback).
    const owed = afterUpdate.instalments.reduce((a, i) => a + reaisToCents(i.amountToPay), 0);
    expect(owed).toBeLessThanOrEqual(reaisToCents(afterUpdate.amount) - reaisToCents(canceled));
    await snapWidths(page, 'admin-product-operations-after');
    await context.close();
  });
});
