// An operator works a customer's risk in the back office: finds the customer by CPF in 'Clientes', blocks the CPF
// from the row's Actions menu (reason and description) and the customer's next checkout is refused; lifts the block
// and the next checkout passes; records a PGF ('Baixa Parcela/Pedido (PGF)') for one of the customer's active orders
// and the order reads closed; the customer's history shows the block and the lift.
import { formatCpf, generateCpf, shopperKoReason } from '@drip/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseOption, signInAdmin } from './admin-portal.ts';
import { baseUrl, newPage, snapWidths } from './browser.ts';
import { merchantKey, merchantView } from './checkout-helpers.ts';
import { demoBrowser } from './demo-browser.ts';
import { runUpfrontPurchase, type UpfrontPurchase } from './upfront-purchase.ts';

const e2e = demoBrowser();

/** A purchase at Loja Aurora (upfront OPTIONAL) with the first instalment paid now, so the next one is not held. */
const purchase = (shopper: UpfrontPurchase['shopper']): UpfrontPurchase => ({
  apiKey: merchantKey(e2e.world, 'Loja Aurora'),
  shopper,
  amount: 120,
  products: [{ name: 'Vaso de cerâmica', quantity: 1, amount: 120 }],
  instalments: 3,
});

/** Presses `button`, then `confirm` in spec 5's 'Você tem certeza?'. */
async function pressConfirmed(page: Page, button: string, confirm = 'Confirmar'): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await page
    .getByRole('dialog', { name: 'Você tem certeza?' })
    .getByRole('button', { name: confirm })
    .click();
}

/** 'Clientes' searched by CPF (as typed: with or without its mask). */
async function searchByCpf(page: Page, cpf: string): Promise<void> {
  await chooseOption(page, 'Buscar por', 'CPF');
  await page.getByLabel('Texto').fill(cpf);
  await page.getByRole('button', { name: 'Buscar' }).click();
}

/** The toast (or any text) `text`, waited for. */
const shows = (page: Page, text: string) => page.getByText(text).first().waitFor({ timeout: 15_000 });

describe('admin: a customer blocked, unblocked and a debt written off', () => {
  it('the CPF block refuses the next checkout, the lift lets it pass, the PGF closes the order; all in the history', async () => {
    const n = (Date.now() % 1_000_000) + 3181;
    const shopper = {
      cpf: generateCpf(n),
      phone: `+5511${String(960_000_000 + (n % 9_999_999)).slice(0, 9)}`,
      name: `Bruna Risco ${n}`,
      email: `bruna.${n}@cliente.demo`,
      addressNumber: '310',
    };
    // The customer's first purchase makes them a customer with an active order.
    const first = await runUpfrontPurchase(purchase(shopper));
    expect(first.result).toBe('OK');

    // 'Clientes': search by CPF, the row's Actions menu, 'Bloquear CPF'.
    const { context, page } = await newPage(e2e.browser);
    await signInAdmin(page, e2e.world.admin);
    await page.getByRole('link', { name: 'Clientes' }).first().click();
    await page.waitForURL('**/admin/customers');
    await searchByCpf(page, formatCpf(shopper.cpf));
    const table = page.getByRole('table', { name: 'Clientes' });
    // The header and the one customer with that CPF (the unsearched page shows until the answer comes).
    await expect.poll(() => table.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    await table.getByText(formatCpf(shopper.cpf)).waitFor();
    await page.getByRole('button', { name: `Ações de ${shopper.name}` }).click();
    await page.getByRole('menuitem', { name: 'Bloquear CPF' }).click();
    await page.waitForURL('**/admin/block-user?cpf=*');
    await expect.poll(() => page.getByLabel('CPFs').inputValue()).toBe(shopper.cpf);
    await chooseOption(page, 'Motivo', 'Fraud ID');
    await page.getByLabel('Descrição').fill('Documento de outra pessoa');
    await page.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await shows(page, 'Detalhes bloqueados com sucesso');

    // The next checkout with that CPF is refused. The shopper's answer reads the generic refusal (a fraud signal
    // never reaches the wire) and the store reads 'Risco de Fraude'; the exact reason, BLOCKED_CUSTOMER_CPF, is the
    // analysis' record (test/fraud/risk-lists.test.ts reads it there).
    const refused = await runUpfrontPurchase(purchase(shopper));
    expect(refused.result).toBe('KO');
    expect(refused.koReason).toBe(shopperKoReason('BLOCKED_CUSTOMER_CPF'));
    const storeView = await merchantView(
      baseUrl(),
      merchantKey(e2e.world, 'Loja Aurora'),
      refused.checkoutId,
    );
    expect(storeView).toMatchObject({ status: 'KO', koReason: 'FRAUD' });

    // The block lifted from the same form ('Você tem certeza?'): the next checkout passes.
    await pressConfirmed(page, 'Desbloquear');
    await shows(page, 'O CPF do cliente foi desbloqueado');
    const passed = await runUpfrontPurchase(purchase(shopper));
    expect(passed.result).toBe('OK');

    // The customer's details: an active order's PGF, opened from the order as the order details offer it.
    await page.goto('/admin/customers');
    await searchByCpf(page, shopper.cpf);
    await page.getByRole('link', { name: `Detalhes de ${shopper.name}` }).click();
    await page.getByRole('heading', { name: 'Detalhes do cliente' }).waitFor();
    const orders = page.getByRole('region', { name: 'Pedidos' });
    await orders.getByText('Ativa').first().waitFor();
    // Each order's total as bought (R$ 120,00), read from the wire's reais once.
    expect(await orders.getByText(/^R\$\s120,00$/).count()).toBe(2);
    await orders.getByRole('link', { name: 'Detalhes' }).first().click();
    await page.getByRole('heading', { name: 'Detalhes do pedido' }).waitFor();
    const orderUrl = page.url();
    const pgf = page.getByRole('link', { name: 'Registrar baixa total (PGF)' });
    const pgfHref = await pgf.getAttribute('href');
    expect(pgfHref).toMatch(/^\/admin\/add-debt-negotiation-payment\?type=ORDER&id=/);
    await page.goto(pgfHref ?? '');
    await page.getByRole('heading', { name: 'Baixa Parcela/Pedido (PGF)' }).waitFor();
    await pressConfirmed(page, 'Dar baixa', 'Dar baixa');
    await shows(page, 'Baixa concluída com sucesso');
    await page.goto(orderUrl);
    const order = page.getByRole('region', { name: 'Pedido', exact: true });
    await order.getByText('Fechada').waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Registrar baixa total (PGF)' }).count()).toBe(0);

    // The customer's history: the block and its lift, by the operator, with before and after.
    await page
      .getByRole('region', { name: 'Cliente', exact: true })
      .getByRole('link', { name: 'Ver cliente' })
      .click();
    await page.getByRole('heading', { name: 'Detalhes do cliente' }).waitFor();
    const history = page.getByRole('table', { name: 'Histórico' });
    const subject = `Bloqueio do CPF ${formatCpf(shopper.cpf)}`;
    const blocked = history.getByRole('row').filter({ hasText: 'FRAUD_BLOCKED' });
    const unblocked = history.getByRole('row').filter({ hasText: 'FRAUD_UNBLOCKED' });
    await blocked.waitFor();
    for (const row of [blocked, unblocked]) {
      await row.getByText(subject).waitFor();
      await row.getByText(e2e.world.admin.email, { exact: false }).waitFor();
    }
    await blocked.getByText('Documento de outra pessoa').first().waitFor();
    await unblocked.getByText(/"active": false/).waitFor();
    await snapWidths(page, 'admin-customer-details-history');
    await context.close();
  });
});
