/**
 * A dependency down while a user waits (docs/faults.md): the CEP lookup, the Pix charge of the checkout, the credit
 * analysis. Failing, hanging or answering garbage, the user gets a quick 503 with a Portuguese message (never a 500
 * nor a request left open), the circuit opens and stops calling, and the same call works once the dependency is back.
 */
import { paths } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DependencyPolicy } from '../../src/circuit.ts';
import { FaultInjector } from '../../src/faults.ts';
import {
  AURORA,
  apiKeyOf,
  createCheckout,
  customerData,
  field,
  freshShopper,
  PITANGA,
  payPix,
  put,
} from '../checkout-helpers.ts';
import { latestCode, seededApp } from '../helpers.ts';

/** A time-out short enough for a fast test, long enough for the sandbox PSP's own writes on a busy machine. */
const POLICY: DependencyPolicy = { timeoutMs: 300, failures: 3, cooldownMs: 60_000 };
/** Far under any spinner: the time-out plus the request's own work. */
const BOUND_MS = 2_000;
const MODES = ['fail', 'hang', 'garbage'] as const;

const faults = new FaultInjector();
let t: Awaited<ReturnType<typeof seededApp>>;
let apiKey: string;

beforeAll(async () => {
  t = await seededApp({
    config: { dependencies: { psp: POLICY, bureau: POLICY, cep: POLICY } },
    deps: { faults },
  });
  apiKey = await apiKeyOf(t, AURORA);
});
afterAll(async () => {
  await t.dispose();
});

/** Moves past the cool-down with the dependency back: the next call is the probe that closes the circuit. */
function recover(dependency: 'psp' | 'bureau' | 'cep') {
  faults.set(dependency, 'ok');
  t.clock.advance(POLICY.cooldownMs);
}

async function timed<T>(work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const out = await work();
  expect(performance.now() - started).toBeLessThan(BOUND_MS);
  return out;
}

function circuit(name: string) {
  return t.built.services.dependencies.states().find((c) => c.name === name);
}

describe.each(MODES)('CEP service: %s', (mode) => {
  it('503 with the Portuguese message at once, the circuit opens and stops asking, 200 once it is back', async () => {
    faults.set('cep', mode);
    const before = faults.calls('cep');
    for (let i = 0; i < 6; i++) {
      const res = await timed(() => t.request('GET', '/api/v1/cep/01310100'));
      expect(res.status).toBe(503);
      expect(res.body.error).toEqual({
        code: 'CEP_UNAVAILABLE',
        message: 'Não foi possível recuperar os detalhes do endereço com base no CEP fornecido',
      });
      expect(res.headers.get('cache-control')).toBeNull();
    }
    // Three calls reached the CEP service; the other three were answered by the open circuit.
    expect(faults.calls('cep') - before).toBe(3);
    expect(circuit('cep')?.state).toBe('open');
    // An operator sees it: /metrics (open in the sandbox) counts the open circuit and its opening.
    const scraped = (await t.request('GET', paths.metrics)).text;
    expect(scraped).toMatch(/^drip_circuits\{dependency="cep",state="open"\} 1$/m);
    expect(scraped).toMatch(/^drip_circuit_opened_total\{dependency="cep"\} [1-9]\d*$/m);
    recover('cep');
    const back = await t.request('GET', '/api/v1/cep/01310100');
    expect(back.status).toBe(200);
    expect(back.body.logradouro).toBe('Avenida Paulista');
    expect(circuit('cep')?.state).toBe('closed');
  });
});

describe.each(MODES)('PSP, creating the checkout’s verification Pix: %s', (mode) => {
  it('the token step answers 503 in Portuguese, keeps the code usable, and creates the Pix once the PSP is back', async () => {
    const { cpf, phone } = freshShopper();
    const id = await createCheckout(t, apiKey);
    expect((await put(t, id, customerData(cpf, phone))).status).toBe(200);
    const code = await latestCode(t, phone);
    faults.set('psp', mode);
    const before = faults.calls('psp');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await timed(() => put(t, id, { phoneVerificationCode: code })));
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(res.body.error).toEqual({
        code: 'DEPENDENCY_UNAVAILABLE',
        message: 'O provedor Pix não respondeu, tente novamente mais tarde',
      });
    }
    expect(faults.calls('psp') - before).toBe(3);
    expect(circuit('psp')?.state).toBe('open');

    recover('psp');
    const res = await put(t, id, { phoneVerificationCode: code });
    expect(res.status).toBe(200);
    const payment = field(res, 'payment');
    expect(payment.fieldData.paymentQrCodeText).toMatch(/^000201/);
    expect(circuit('psp')?.state).toBe('closed');
    // One charge for the verification: the failed tries left none behind.
    const charges = await t.built.services.database.db.execute(
      `select count(*)::int as n from pix_charges where reference_id = '${id}'`,
    );
    expect((charges as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});

describe.each(MODES)('bureau, the credit analysis after the verification Pix: %s', (mode) => {
  it('the poll answers at once (still analysing, never a 500), and the analysis decides once the bureau is back', async () => {
    const { cpf, phone } = freshShopper();
    const id = await createCheckout(t, apiKey);
    expect((await put(t, id, customerData(cpf, phone))).status).toBe(200);
    const afterToken = await put(t, id, { phoneVerificationCode: await latestCode(t, phone) });
    faults.set('bureau', mode);
    const before = faults.calls('bureau');
    await payPix(t, field(afterToken, 'payment').fieldData.paymentQrCodeText, cpf);
    await t.built.services.checkouts.analyses.idle();
    for (let i = 0; i < 5; i++) {
      const poll = await timed(() => put(t, id));
      expect(poll.status).toBe(200);
      // The verification Pix paid, the analysis still to come: the page keeps showing its wait and polls again.
      expect(poll.body.result).toBe('MORE_INFO');
      expect(fieldsOf(poll)).toContain('payment');
    }
    // At most the circuit's three calls, whatever the polls.
    expect(faults.calls('bureau') - before).toBe(3);
    expect(circuit('bureau')?.state).toBe('open');

    recover('bureau');
    const decided = await put(t, id);
    expect(decided.status).toBe(200);
    expect(fieldsOf(decided)).not.toContain('payment');
    expect(circuit('bureau')?.state).toBe('closed');
  });
});

function fieldsOf(res: { body: { fields: { fieldName: string }[] } }): string[] {
  return res.body.fields.map((f) => f.fieldName);
}

describe.each(MODES)('bureau, a returning customer’s token step: %s', (mode) => {
  it('503 in Portuguese at once, nothing decided, and the same code decides once the bureau is back', async () => {
    const pitanga = await apiKeyOf(t, PITANGA);
    const id = await createCheckout(t, pitanga, { amount: 100 });
    // João (seed) already has a paid order: the token step runs the analysis, no verification Pix.
    const phone = '+5521998765432';
    expect((await put(t, id, customerData('11144477735', phone))).status).toBe(200);
    const code = await latestCode(t, phone);
    faults.set('bureau', mode);
    const before = faults.calls('bureau');
    for (let i = 0; i < 5; i++) {
      const res = await timed(() => put(t, id, { phoneVerificationCode: code }));
      expect(res.status).toBe(503);
      expect(res.body.error).toEqual({
        code: 'DEPENDENCY_UNAVAILABLE',
        message: 'Não foi possível concluir a análise de crédito agora, tente novamente mais tarde',
      });
    }
    expect(faults.calls('bureau') - before).toBe(3);
    const decisions = await t.built.services.database.db.execute(
      `select count(*)::int as n from credit_decisions where checkout_id = '${id}'`,
    );
    expect((decisions as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);

    recover('bureau');
    const res = await put(t, id, { phoneVerificationCode: code });
    expect(res.status).toBe(200);
    expect(fieldsOf(res)).toContain('checkoutConfirmation');
  });
});
