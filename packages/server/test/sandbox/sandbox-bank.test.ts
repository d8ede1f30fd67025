import { cents } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seededApp } from '../helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp();
  // The charges of this file pay nothing real: without this, the orders module would refund a UNIQUE_PAYMENT
  // charge whose unique payment does not exist (docs/instalment-payments.md).
  t.built.services.payments.onPaid('UNIQUE_PAYMENT', async () => {});
});
afterAll(async () => {
  t.built.services.sandboxPsp?.close();
  await t.dispose();
});

describe('sandbox bank', () => {
  it('serves the bank page with the payer banks', async () => {
    const res = await t.raw('/sandbox/bank', { method: 'GET' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Banco sandbox');
    for (const code of ['001', '237', '341', '104', '260', '077', '336'])
      expect(html).toContain(`value="${code}"`);
  });

  it('parses a code, pays it, and refuses bad input with clear messages', async () => {
    const c = await t.built.services.payments.createCharge(null, {
      purpose: 'UNIQUE_PAYMENT',
      referenceId: 'bank-1',
      amount: cents(4990),
      description: 'Teste banco',
    });
    const parsed = await t.request('POST', '/sandbox/pix/parse', { brcode: c.brCode });
    expect(parsed.status, parsed.text).toBe(200);
    expect(parsed.body).toMatchObject({
      txid: c.txid,
      amount: 49.9,
      merchantName: 'DRIP PAGAMENTOS',
      payable: true,
    });

    // The CRC's last hex digit changed (to another digit: one code in 16 already ends in 0).
    const otherDigit = c.brCode.endsWith('0') ? '1' : '0';
    const broken = await t.request('POST', '/sandbox/pix/parse', {
      brcode: `${c.brCode.slice(0, -1)}${otherDigit}`,
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error.message).toBe('Código Pix inválido: o CRC não confere');

    const badCpf = await t.request('POST', '/sandbox/pix/pay', {
      txid: c.txid,
      payerCpf: '11111111111',
      payerBankCode: '001',
    });
    expect(badCpf.status).toBe(400);
    expect(badCpf.body.error.message).toBe('Informe um CPF válido para o pagador');
    const badBank = await t.request('POST', '/sandbox/pix/pay', {
      txid: c.txid,
      payerCpf: '52998224725',
      payerBankCode: '999',
    });
    expect(badBank.status).toBe(400);
    const both = await t.request('POST', '/sandbox/pix/pay', {
      txid: c.txid,
      brcode: c.brCode,
      payerCpf: '52998224725',
      payerBankCode: '001',
    });
    expect(both.status).toBe(400);

    const ok = await t.request('POST', '/sandbox/pix/pay', {
      brcode: c.brCode,
      payerCpf: '52998224725',
      payerBankCode: '077',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ txid: c.txid, amount: 49.9, status: 'CONCLUIDA', webhook: 'DELIVERED' });
    expect((await t.built.services.payments.getCharge(c.id))?.status).toBe('PAID');
    const twice = await t.request('POST', '/sandbox/pix/pay', {
      txid: c.txid,
      payerCpf: '52998224725',
      payerBankCode: '077',
    });
    expect(twice.status).toBe(409);
    const unknown = await t.request('POST', '/sandbox/pix/pay', {
      txid: 'a'.repeat(30),
      payerCpf: '52998224725',
      payerBankCode: '077',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('the sandbox bank page (its own script, in jsdom, against this server)', () => {
  it("the 'Situação' card turns to the paid state once the Pix is paid", async () => {
    const { JSDOM } = await import('jsdom');
    const c = await t.built.services.payments.createCharge(null, {
      purpose: 'UNIQUE_PAYMENT',
      referenceId: 'bank-page-1',
      amount: cents(100),
      description: 'Teste página do banco',
    });
    const html = await (await t.raw('/sandbox/bank', { method: 'GET' })).text();
    const dom = new JSDOM(html, {
      url: 'http://localhost/sandbox/bank',
      runScripts: 'dangerously',
      beforeParse(window) {
        // The page's fetch goes to this app, as the browser's would go to the server.
        window.fetch = (input, init) => t.raw(input, { ...init, method: init?.method ?? 'GET' });
      },
    });
    const { document, Event } = dom.window;
    const $ = (id: string) => {
      const element = document.getElementById(id);
      if (!element) throw new Error(`no #${id}`);
      return element;
    };
    // The card's 'Situação' row: the <dd> after its <dt>.
    const situation = () =>
      [...document.querySelectorAll('#details dt')].find((dt) => dt.textContent === 'Situação')
        ?.nextElementSibling?.textContent;
    $('code').value = c.brCode;
    $('read').dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(situation()).toBe('Aguardando pagamento'));
    expect($('pay').hidden).toBe(false);
    $('cpf').value = '529.982.247-25';
    $('pay').dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect($('result').textContent).toContain('Pix pago.'));
    await vi.waitFor(() => expect(situation()).toBe('Paga'));
    expect($('pay').hidden).toBe(true);
    dom.window.close();
  });
});
