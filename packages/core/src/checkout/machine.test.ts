import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeCheckoutServer, VALID_TOKEN } from './fake-server.ts';
import {
  type CheckoutFailure,
  CheckoutRequestError,
  firesFailureEvent,
  shouldReportFailure,
} from './machine.ts';
import { CUSTOMER_DATA, machineWithServer, startActor } from './test-harness.ts';

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-01-31T12:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('checkout machine', () => {
  it('happy path: insight → form → token → analysis → selection → confirmation → first-instalment Pix → approved', async () => {
    const server = new FakeCheckoutServer({
      upfront: 'OPTIONAL',
      flexible: true,
      verificationPix: false,
      decision: 'ok',
    });
    const actor = startActor(machineWithServer(server));
    const steps: string[] = [actor.getSnapshot().context.step];
    actor.subscribe((s) => {
      if (steps.at(-1) !== s.context.step) steps.push(s.context.step);
    });
    await flush();
    expect(actor.getSnapshot().context.step).toBe('insight');
    expect(actor.getSnapshot().context.stepNumber).toBe(1);
    expect(actor.getSnapshot().context.prefill.customerEmail).toBe('ana@example.com');

    actor.send({ type: 'START' });
    expect(actor.getSnapshot().context.started).toBe(true);
    expect(actor.getSnapshot().context.step).toBe('form');

    actor.send({ type: 'SUBMIT_CUSTOMER_DATA', data: CUSTOMER_DATA });
    await flush();
    expect(actor.getSnapshot().context.step).toBe('token');
    expect(actor.getSnapshot().context.phoneVerification?.destination).toBe('+55 (11) *****-4321');

    actor.send({ type: 'SUBMIT_TOKEN', code: VALID_TOKEN });
    await flush();
    expect(actor.getSnapshot().context.step).toBe('analysis');
    await vi.advanceTimersByTimeAsync(8_499);
    expect(actor.getSnapshot().context.step).toBe('analysis');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().context.step).toBe('instalmentSelection');
    expect(actor.getSnapshot().context.stepNumber).toBe(2);

    actor.send({ type: 'SELECT_INSTALMENTS', totalInstalments: 3 });
    await flush();
    expect(actor.getSnapshot().context.step).toBe('confirmation');

    actor.send({ type: 'CHANGE_FIRST_DATE', date: '2025-02-20' });
    await flush();
    expect(actor.getSnapshot().context.notice?.message).toBe('Data da 1º parcela alterada');
    expect(actor.getSnapshot().context.step).toBe('confirmation');

    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(actor.getSnapshot().context.step).toBe('firstInstalmentPix');
    expect(actor.getSnapshot().context.stepNumber).toBe(3);
    expect(actor.getSnapshot().context.firstInstalmentPayment?.amount).toBe(10_000);

    await vi.advanceTimersByTimeAsync(3_000); // first poll: still pending
    expect(actor.getSnapshot().context.step).toBe('firstInstalmentPix');
    await vi.advanceTimersByTimeAsync(3_000); // second poll: paid
    expect(actor.getSnapshot().context.step).toBe('approved');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ status: 'approved', url: 'https://loja.example/ok' });
    expect(steps).toEqual([
      'loading',
      'insight',
      'form',
      'token',
      'analysis',
      'instalmentSelection',
      'confirmation',
      'firstInstalmentPix',
      'approved',
    ]);
    expect(server.requests.map((r) => r.kind)).toEqual([
      'load',
      'customerData',
      'token',
      'instalments',
      'firstDate',
      'confirm',
      'poll',
      'poll',
    ]);
  });

  it('upfront MANDATORY: confirms automatically after the 8.5 s analysis', async () => {
    const server = new FakeCheckoutServer({
      upfront: 'MANDATORY',
      flexible: false,
      verificationPix: false,
      decision: 'ok',
    });
    const actor = startActor(machineWithServer(server));
    await flush();
    actor.send({ type: 'START' });
    actor.send({ type: 'SUBMIT_CUSTOMER_DATA', data: CUSTOMER_DATA });
    await flush();
    actor.send({ type: 'SUBMIT_TOKEN', code: VALID_TOKEN });
    await flush();
    expect(actor.getSnapshot().context.step).toBe('analysis');
    expect(server.phase).toBe('confirmation');
    await vi.advanceTimersByTimeAsync(8_500);
    expect(server.requests.filter((r) => r.kind === 'confirm')).toHaveLength(1);
    expect(actor.getSnapshot().context.step).toBe('firstInstalmentPix');
  });

  it('upfront DISABLED: no analysis, straight to the derived step', async () => {
    const server = new FakeCheckoutServer({
      upfront: 'DISABLED',
      flexible: false,
      verificationPix: true,
      decision: 'ok',
    });
    const actor = startActor(machineWithServer(server));
    await flush();
    actor.send({ type: 'START' });
    actor.send({ type: 'SUBMIT_CUSTOMER_DATA', data: CUSTOMER_DATA });
    await flush();
    actor.send({ type: 'SUBMIT_TOKEN', code: VALID_TOKEN });
    await flush();
    expect(actor.getSnapshot().context.step).toBe('pixVerification');
    expect(actor.getSnapshot().context.payment?.amount).toBe(100);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(actor.getSnapshot().context.step).toBe('confirmation');
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(actor.getSnapshot().context.step).toBe('approved');
  });

  it('first purchase: the verification Pix right after the token, the analysis once it is paid, and the step counter never goes back', async () => {
    const server = new FakeCheckoutServer({
      upfront: 'OPTIONAL',
      flexible: true,
      verificationPix: true,
      decision: 'ok',
    });
    const actor = startActor(machineWithServer(server));
    const seen: [string, number | null][] = [];
    actor.subscribe((s) => {
      const last = seen.at(-1);
      if (!last || last[0] !== s.context.step) seen.push([s.context.step, s.context.stepNumber]);
    });
    await flush();
    actor.send({ type: 'START' });
    actor.send({ type: 'SUBMIT_CUSTOMER_DATA', data: CUSTOMER_DATA });
    await flush();
    actor.send({ type: 'SUBMIT_TOKEN', code: VALID_TOKEN });
    await flush();
    expect(actor.getSnapshot().context.firstPurchase).toBe(true);
    await vi.advanceTimersByTimeAsync(6_000); // the R$ 1,00 is paid
    expect(actor.getSnapshot().context.step).toBe('analysis');
    await vi.advanceTimersByTimeAsync(8_500);
    actor.send({ type: 'SELECT_INSTALMENTS', totalInstalments: 3 });
    await flush();
    actor.send({ type: 'CONFIRM' });
    await flush();
    await vi.advanceTimersByTimeAsync(6_000); // the first instalment is paid
    expect(seen).toEqual([
      ['insight', 1],
      ['form', 1],
      ['token', 1],
      ['pixVerification', 1],
      ['analysis', 1],
      ['instalmentSelection', 2],
      ['confirmation', 2],
      ['firstInstalmentPix', 3],
      ['approved', null],
    ]);
    // The approved step tells a first-time shopper about the portal's password SMS.
    expect(actor.getSnapshot().context.firstPurchase).toBe(true);
  });

  it('an invalid token stays on the token step with the spec toast', async () => {
    const server = new FakeCheckoutServer({
      upfront: 'OPTIONAL',
      flexible: false,
      verificationPix: false,
      decision: 'ok',
    });
    const actor = startActor(machineWithServer(server));
    await flush();
    actor.send({ type: 'START' });
    actor.send({ type: 'SUBMIT_CUSTOMER_DATA', data: CUSTOMER_DATA });
    await flush();
    actor.send({ type: 'SUBMIT_TOKEN', code: '000000' });
    await flush();
    const ctx = actor.getSnapshot().context;
    expect(ctx.step).toBe('token');
    expect(ctx.tokenInvalid).toBe(true);
    expect(ctx.notice?.message).toBe('Drip Token inválido, verifique o número inserido.');
    expect(ctx.error).toBe(false);
  });

  it('an incomplete token is never sent: it is a wrong token for the shopper', async () => {
    const server = new FakeCheckoutServer({
      upfront: 'OPTIONAL',
      flexible: false,
      verificationPix: false,
      decision: 'ok',
    });
    const actor = startActor(machineWithServer(server));
    await flush();
    actor.send({ type: 'START' });
    actor.send({ type: 'SUBMIT_CUSTOMER_DATA', data: CUSTOMER_DATA });
    await flush();
    for (const code of ['12345', '1234567', '12345a', '']) {
      actor.send({ type: 'SUBMIT_TOKEN', code });
      await flush();
      const ctx = actor.getSnapshot().context;
      expect(ctx.step).toBe('token');
      expect(ctx.tokenInvalid).toBe(true);
      expect(ctx.notice?.message).toBe('Drip Token inválido, verifique o número inserido.');
    }
    expect(server.requests.filter((r) => r.kind === 'token')).toEqual([]);
    actor.send({ type: 'SUBMIT_TOKEN', code: VALID_TOKEN });
    await flush();
    expect(actor.getSnapshot().context.step).not.toBe('token');
  });

  it("the server's 400 for a malformed token shows the wrong-token message, not the format error", async () => {
    const server = new FakeCheckoutServer({
      upfront: 'OPTIONAL',
      flexible: false,
      verificationPix: false,
      decision: 'ok',
    });
    const actor = startActor(
      machineWithServer(server, {
        submitToken: async () => {
          throw new CheckoutRequestError({
            kind: 'http',
            status: 400,
            code: 'VALIDATION',
            message: 'O Drip Token tem 6 dígitos',
          });
        },
      }),
    );
    await flush();
    actor.send({ type: 'START' });
    actor.send({ type: 'SUBMIT_CUSTOMER_DATA', data: CUSTOMER_DATA });
    await flush();
    actor.send({ type: 'SUBMIT_TOKEN', code: '654321' });
    await flush();
    const ctx = actor.getSnapshot().context;
    expect(ctx.step).toBe('token');
    expect(ctx.tokenInvalid).toBe(true);
    expect(ctx.notice?.message).toBe('Drip Token inválido, verifique o número inserido.');
  });

  describe('poll application rules', () => {
    async function toPix(server: FakeCheckoutServer, actor: ReturnType<typeof startActor>) {
      await flush();
      actor.send({ type: 'START' });
      actor.send({ type: 'SUBMIT_CUSTOMER_DATA', data: CUSTOMER_DATA });
      await flush();
      actor.send({ type: 'SUBMIT_TOKEN', code: VALID_TOKEN });
      await flush();
      await vi.advanceTimersByTimeAsync(8_500);
      if (actor.getSnapshot().context.step === 'confirmation') {
        actor.send({ type: 'CONFIRM' });
        await flush();
      }
      expect(server.phase).not.toBe('confirmation');
    }

    it('ignores answers still carrying the charge, and empty answers', async () => {
      const server = new FakeCheckoutServer({
        upfront: 'OPTIONAL',
        flexible: false,
        verificationPix: false,
        decision: 'ok',
        pendingPolls: 3,
      });
      let emptyOnce = true;
      const actor = startActor(
        machineWithServer(server, {
          pollPayment: async (s) => {
            if (emptyOnce) {
              emptyOnce = false;
              return { result: 'OK', fields: [] };
            }
            return s.poll();
          },
        }),
      );
      await toPix(server, actor);
      expect(actor.getSnapshot().context.step).toBe('firstInstalmentPix');
      await vi.advanceTimersByTimeAsync(3_000); // empty answer: ignored even though result is OK
      expect(actor.getSnapshot().context.step).toBe('firstInstalmentPix');
      await vi.advanceTimersByTimeAsync(9_000); // three pending answers
      expect(actor.getSnapshot().context.step).toBe('firstInstalmentPix');
      await vi.advanceTimersByTimeAsync(3_000);
      expect(actor.getSnapshot().context.step).toBe('approved');
    });

    it('KO with the full-amount charge keeps polling; paying it approves', async () => {
      const server = new FakeCheckoutServer({
        upfront: 'OPTIONAL',
        flexible: false,
        verificationPix: false,
        decision: 'koFullAmount',
      });
      const actor = startActor(machineWithServer(server));
      await toPix(server, actor);
      expect(actor.getSnapshot().context.step).toBe('fullAmountPayment');
      expect(actor.getSnapshot().context.fullAmountPayment?.amount).toBe(30_000);
      await vi.advanceTimersByTimeAsync(3_000);
      expect(actor.getSnapshot().context.step).toBe('fullAmountPayment');
      await vi.advanceTimersByTimeAsync(3_000);
      expect(actor.getSnapshot().context.step).toBe('approved');
    });

    it('a failed poll sets the error flag only and polling goes on; OK resets the flag', async () => {
      const server = new FakeCheckoutServer({
        upfront: 'OPTIONAL',
        flexible: false,
        verificationPix: false,
        decision: 'ok',
      });
      let fail = true;
      const actor = startActor(
        machineWithServer(server, {
          pollPayment: async (s) => {
            if (fail) {
              fail = false;
              throw new CheckoutRequestError({
                kind: 'http',
                status: 500,
                code: 'HTTP_500',
                message: 'boom',
              });
            }
            return s.poll();
          },
        }),
      );
      await toPix(server, actor);
      await vi.advanceTimersByTimeAsync(3_000);
      let ctx = actor.getSnapshot().context;
      expect(ctx.step).toBe('firstInstalmentPix');
      expect(ctx.error).toBe(true);
      expect(ctx.lastError).toEqual({ operation: 'poll', message: 'boom', status: 500, kind: 'http' });
      expect(ctx.notice).toBeNull(); // polling errors are only reported, never toasted
      await vi.advanceTimersByTimeAsync(6_000);
      ctx = actor.getSnapshot().context;
      expect(ctx.step).toBe('approved');
      expect(ctx.error).toBe(false);
    });

    it('exposes pixExpired from the clock', async () => {
      const server = new FakeCheckoutServer({
        upfront: 'OPTIONAL',
        flexible: false,
        verificationPix: false,
        decision: 'ok',
        pendingPolls: 1_000_000,
      });
      const actor = startActor(machineWithServer(server));
      await toPix(server, actor);
      expect(actor.getSnapshot().context.pixExpired).toBe(false);
      vi.setSystemTime(new Date('2030-01-01T12:00:01.000Z'));
      await vi.advanceTimersByTimeAsync(3_000);
      expect(actor.getSnapshot().context.pixExpired).toBe(true);
    });

    it('shows the charge expired a minute before expiresAt, keeps polling, and asks for a new one only after it', async () => {
      const server = new FakeCheckoutServer({
        upfront: 'OPTIONAL',
        flexible: false,
        verificationPix: false,
        decision: 'ok',
        pendingPolls: 1_000_000,
      });
      const actor = startActor(machineWithServer(server));
      await toPix(server, actor);
      // The fake charge expires at 2030-01-01T12:00:00Z.
      vi.setSystemTime(new Date('2030-01-01T11:58:50.000Z'));
      await vi.advanceTimersByTimeAsync(3_000);
      expect(actor.getSnapshot().context.pixExpired).toBe(false);
      vi.setSystemTime(new Date('2030-01-01T11:59:05.000Z'));
      await vi.advanceTimersByTimeAsync(3_000);
      expect(actor.getSnapshot().context.pixExpired).toBe(true);
      // A new code is asked for while the PSP still takes the old one: the page polls, no new charge yet.
      actor.send({ type: 'REQUEST_NEW_PIX' });
      const loadsBefore = server.requests.filter((r) => r.kind === 'load').length;
      await vi.advanceTimersByTimeAsync(9_000);
      expect(actor.getSnapshot().matches({ pix: 'renewing' })).toBe(true);
      expect(server.requests.filter((r) => r.kind === 'load').length).toBe(loadsBefore);
      expect(server.requests.filter((r) => r.kind === 'poll').length).toBeGreaterThan(0);
      // The Pix paid in that last minute is seen: the checkout moves on.
      server.scenario.pendingPolls = 0;
      await vi.advanceTimersByTimeAsync(3_000);
      expect(actor.getSnapshot().context.step).toBe('approved');
    });

    it('a new code asked for after the real expiry is loaded at once', async () => {
      const server = new FakeCheckoutServer({
        upfront: 'OPTIONAL',
        flexible: false,
        verificationPix: false,
        decision: 'ok',
        pendingPolls: 1_000_000,
      });
      const actor = startActor(machineWithServer(server));
      await toPix(server, actor);
      vi.setSystemTime(new Date('2030-01-01T12:00:01.000Z'));
      await vi.advanceTimersByTimeAsync(3_000);
      const loadsBefore = server.requests.filter((r) => r.kind === 'load').length;
      actor.send({ type: 'REQUEST_NEW_PIX' });
      await flush();
      expect(server.requests.filter((r) => r.kind === 'load').length).toBe(loadsBefore + 1);
    });
  });

  it('token resend: 30 s cooldown, countdown in context, toast per channel', async () => {
    const server = new FakeCheckoutServer({
      upfront: 'OPTIONAL',
      flexible: false,
      verificationPix: false,
      decision: 'ok',
    });
    const actor = startActor(machineWithServer(server));
    await flush();
    actor.send({ type: 'START' });
    actor.send({ type: 'SUBMIT_CUSTOMER_DATA', data: CUSTOMER_DATA });
    await flush();
    expect(actor.getSnapshot().context.resendAvailableIn).toBe(30);

    actor.send({ type: 'RESEND_TOKEN', channel: 'WHATSAPP' });
    await flush();
    expect(server.requests.filter((r) => r.kind === 'resendToken')).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(actor.getSnapshot().context.resendAvailableIn).toBe(20);
    await vi.advanceTimersByTimeAsync(19_000);
    actor.send({ type: 'RESEND_TOKEN', channel: 'WHATSAPP' });
    await flush();
    expect(server.requests.filter((r) => r.kind === 'resendToken')).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(actor.getSnapshot().context.resendAvailableIn).toBe(0);
    actor.send({ type: 'RESEND_TOKEN', channel: 'WHATSAPP' });
    await flush();
    expect(server.requests.filter((r) => r.kind === 'resendToken')).toEqual([
      { kind: 'resendToken', body: 'WHATSAPP' },
    ]);
    expect(actor.getSnapshot().context.notice?.message).toBe('Drip Token reenviado por WhatsApp');
    expect(actor.getSnapshot().context.resendAvailableIn).toBe(30);

    // the cooldown restarts after a resend
    actor.send({ type: 'RESEND_TOKEN', channel: 'SMS' });
    await flush();
    expect(server.requests.filter((r) => r.kind === 'resendToken')).toHaveLength(1);
  });

  it('a failed resend toasts the channel and does not restart the cooldown', async () => {
    const server = new FakeCheckoutServer({
      upfront: 'OPTIONAL',
      flexible: false,
      verificationPix: false,
      decision: 'ok',
    });
    const actor = startActor(
      machineWithServer(server, {
        resendToken: async () => {
          throw new CheckoutRequestError({ kind: 'timeout', status: 0, message: 'demorou' });
        },
      }),
    );
    await flush();
    actor.send({ type: 'START' });
    actor.send({ type: 'SUBMIT_CUSTOMER_DATA', data: CUSTOMER_DATA });
    await flush();
    await vi.advanceTimersByTimeAsync(30_000);
    actor.send({ type: 'RESEND_TOKEN', channel: 'SMS' });
    await flush();
    expect(actor.getSnapshot().context.notice?.message).toBe('Ocorreu um erro ao reenviar o código por SMS');
    expect(actor.getSnapshot().context.resendAvailableIn).toBe(0);
  });

  it('error flag: a failed load sets it and RETRY loads again', async () => {
    const server = new FakeCheckoutServer({
      upfront: 'OPTIONAL',
      flexible: false,
      verificationPix: false,
      decision: 'ok',
    });
    let fail = true;
    const actor = startActor(
      machineWithServer(server, {
        loadCheckout: async (s) => {
          if (fail) {
            fail = false;
            throw new CheckoutRequestError({ kind: 'network', status: 0, message: 'sem rede' });
          }
          return s.load();
        },
      }),
    );
    await flush();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error).toBe(true);
    expect(actor.getSnapshot().context.lastError).toEqual({
      operation: 'load',
      message: 'sem rede',
      status: 0,
      kind: 'network',
    });
    actor.send({ type: 'RETRY' });
    await flush();
    expect(actor.getSnapshot().context.step).toBe('insight');
    // still set: only an OK result resets it
    expect(actor.getSnapshot().context.error).toBe(true);
  });

  it('error flag: a failed submit keeps the form, shows the server message for a 4xx', async () => {
    const server = new FakeCheckoutServer({
      upfront: 'OPTIONAL',
      flexible: false,
      verificationPix: false,
      decision: 'ok',
    });
    const actor = startActor(
      machineWithServer(server, {
        submitCustomerData: async () => {
          throw new CheckoutRequestError({
            kind: 'http',
            status: 400,
            code: 'VALIDATION',
            message: 'O campo CPF fornecido é inválido',
          });
        },
      }),
    );
    await flush();
    actor.send({ type: 'START' });
    actor.send({ type: 'SUBMIT_CUSTOMER_DATA', data: CUSTOMER_DATA });
    await flush();
    const ctx = actor.getSnapshot().context;
    expect(ctx.step).toBe('form');
    expect(ctx.error).toBe(true);
    expect(ctx.notice?.message).toBe('O campo CPF fornecido é inválido');
  });

  it('denied: the waitlist is offered for ORDER_ABOVE_MAX_VALUE while waiting, and the status is replaced', async () => {
    const server = new FakeCheckoutServer({
      upfront: 'OPTIONAL',
      flexible: false,
      verificationPix: false,
      decision: 'ok',
    });
    const actor = startActor(
      machineWithServer(server, {
        loadCheckout: async () => ({
          result: 'KO',
          fields: [
            { fieldName: 'koReason', fieldData: 'ORDER_ABOVE_MAX_VALUE' },
            { fieldName: 'koVariables', fieldData: { waitlistStatus: 'WAITING_RESPONSE' } },
          ],
        }),
      }),
    );
    await flush();
    expect(actor.getSnapshot().context.step).toBe('denied');
    expect(actor.getSnapshot().context.waitlistStatus).toBe('WAITING_RESPONSE');
    actor.send({ type: 'JOIN_WAITLIST' });
    await flush();
    expect(actor.getSnapshot().context.waitlistStatus).toBe('CONFIRMED');
    expect(actor.getSnapshot().value).toBe('denied');
    // no longer offered once confirmed
    actor.send({ type: 'JOIN_WAITLIST' });
    expect(actor.getSnapshot().value).toBe('denied');
  });

  it('a failed waitlist update toasts the spec message', async () => {
    const server = new FakeCheckoutServer({
      upfront: 'OPTIONAL',
      flexible: false,
      verificationPix: false,
      decision: 'ok',
    });
    const actor = startActor(
      machineWithServer(server, {
        loadCheckout: async () => ({
          result: 'KO',
          fields: [
            { fieldName: 'koReason', fieldData: 'ORDER_ABOVE_MAX_VALUE' },
            { fieldName: 'koVariables', fieldData: { waitlistStatus: 'WAITING_RESPONSE' } },
          ],
        }),
        updateWaitlist: async () => {
          throw new CheckoutRequestError({ kind: 'http', status: 500, code: 'HTTP_500', message: 'x' });
        },
      }),
    );
    await flush();
    actor.send({ type: 'JOIN_WAITLIST' });
    await flush();
    expect(actor.getSnapshot().context.notice?.message).toBe('Ocorreu um erro ao entrar na whitelist');
    expect(actor.getSnapshot().context.waitlistStatus).toBe('WAITING_RESPONSE');
  });

  it('CANCEL ends the machine with the cancel URL', async () => {
    const server = new FakeCheckoutServer({
      upfront: 'OPTIONAL',
      flexible: false,
      verificationPix: false,
      decision: 'ok',
    });
    const actor = startActor(machineWithServer(server));
    await flush();
    actor.send({ type: 'CANCEL' });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ status: 'cancelled', url: 'https://loja.example/cancel' });
  });

  it('phone-only request: started shopper gets the phone form', async () => {
    const server = new FakeCheckoutServer({
      upfront: 'OPTIONAL',
      flexible: false,
      verificationPix: false,
      decision: 'ok',
    });
    const actor = startActor(
      machineWithServer(server, {
        loadCheckout: async () => ({ result: 'MORE_INFO', fields: [{ fieldName: 'customerPhone' }] }),
        submitCustomerData: async (s) => {
          s.phase = 'customerData';
          return s.load();
        },
      }),
    );
    await flush();
    expect(actor.getSnapshot().context.step).toBe('insight');
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().context.step).toBe('phoneForm');
    actor.send({ type: 'SUBMIT_PHONE', phone: '+55 (11) 98765-4321' });
    await flush();
    // more customer fields requested: no analysis, the full form
    expect(actor.getSnapshot().context.step).toBe('form');
  });
});

describe('failure reporting rules (spec 8)', () => {
  it('reports all but 401, 403, network errors and time-outs; a failed poll fires no analytics event', () => {
    const failure = (
      status: number,
      kind: CheckoutFailure['kind'],
      operation: CheckoutFailure['operation'] = 'load',
    ): CheckoutFailure => ({ operation, message: 'x', status, kind });
    expect(shouldReportFailure(failure(500, 'http'))).toBe(true);
    expect(shouldReportFailure(failure(422, 'http'))).toBe(true);
    expect(shouldReportFailure(failure(200, 'parse'))).toBe(true);
    expect(shouldReportFailure(failure(0, 'unexpected'))).toBe(true);
    expect(shouldReportFailure({ operation: 'load', message: 'x', status: 0 })).toBe(true);
    expect(shouldReportFailure(failure(401, 'http'))).toBe(false);
    expect(shouldReportFailure(failure(403, 'http'))).toBe(false);
    expect(shouldReportFailure(failure(0, 'network'))).toBe(false);
    expect(shouldReportFailure(failure(0, 'timeout'))).toBe(false);
    expect(firesFailureEvent(failure(500, 'http', 'poll'))).toBe(false);
    expect(firesFailureEvent(failure(500, 'http', 'confirm'))).toBe(true);
  });
});
