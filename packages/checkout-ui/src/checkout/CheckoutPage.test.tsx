import {
  type ApiResult,
  type CheckoutClient,
  type CheckoutLifecycleEvent,
  CheckoutResponse,
  firstStepContext,
} from '@drip/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmbedTarget } from '../embed.ts';
import { type ErrorReport, setReportSink, setTrackSink, type TrackProps } from '../pages/track.ts';
import { okResult } from '../test-utils.ts';
import { ToastProvider } from '../ui/Toasts.tsx';
import { CheckoutPage, type CheckoutPageProps } from './MachinePage.tsx';

type Wire = v.InferInput<typeof CheckoutResponse>;
const ok = okResult;
const response = (wire: Wire) => ok(v.parse(CheckoutResponse, wire));

const merchant = {
  fieldName: 'merchantSummary',
  fieldData: {
    id: 'm1',
    name: 'Loja Exemplo',
    upfrontPaymentStatus: 'DISABLED',
    cashbackRate: 0,
    totalAmount: 300,
  },
} as const;
const RESOLVE = 'https://loja.example/obrigado';
const CANCEL = 'https://loja.example/carrinho';

function fakeClient(overrides: Partial<CheckoutClient> = {}): CheckoutClient {
  const unexpected = async (): Promise<never> => {
    throw new Error('unexpected call');
  };
  return {
    load: async () =>
      response({
        result: 'MORE_INFO',
        fields: [
          merchant,
          {
            fieldName: 'phoneVerificationCode',
            fieldData: { channel: 'SMS', destination: '+55 (11) *****-4321' },
          },
        ],
      }),
    submitPhone: unexpected,
    submitCustomerData: unexpected,
    submitToken: async (_id, code) =>
      code === '123456'
        ? response({ result: 'OK', fields: [merchant, { fieldName: 'resolveUrl', fieldData: RESOLVE }] })
        : response({
            result: 'MORE_INFO',
            isValid: false,
            fields: [merchant, { fieldName: 'phoneVerificationCode' }],
          }),
    resendToken: unexpected,
    selectInstalments: unexpected,
    changeFirstInstalmentDate: unexpected,
    confirm: unexpected,
    cancel: async () => ok({ status: 'REVOKED', cancelUrl: CANCEL }),
    notifyPix: unexpected,
    updateWaitlist: unexpected,
    simulate: unexpected,
    sendFeedback: unexpected,
    lookupCep: unexpected,
    ...overrides,
  };
}

/**
 * `sdk: 'connected'` (default): the Drip SDK is the parent from the start. `'later'`: the parent connects when
 * the test calls `connect()` (events wait in the queue meanwhile, and the checkout keeps its own ×).
 */
function setup(opts: {
  transparent: boolean;
  client?: CheckoutClient;
  sdk?: 'connected' | 'later';
  /** What CheckoutPage.tsx hands over (the first step shown before the machine page). */
  firstStep?: CheckoutPageProps['firstStep'];
  finishedQuery?: boolean;
}) {
  const posted: CheckoutLifecycleEvent[] = [];
  const parent: EmbedTarget = { emit: (event) => posted.push(event) };
  let connect: () => void = () => {};
  const target =
    opts.sdk === 'later'
      ? new Promise<EmbedTarget>((resolve) => {
          connect = () => resolve(parent);
        })
      : parent;
  const navigate = vi.fn<(url: string) => void>();
  render(
    <ToastProvider>
      <CheckoutPage
        checkoutId="chk-1"
        transparent={opts.transparent}
        client={opts.client ?? fakeClient()}
        embedTarget={target}
        navigate={navigate}
        firstStep={opts.firstStep ?? null}
        finishedQuery={opts.finishedQuery ?? false}
      />
    </ToastProvider>,
  );
  const types = () => posted.filter((e) => e.type !== 'resize').map((e) => e.type);
  return { posted, types, navigate, connect };
}

async function enterToken(code: string) {
  fireEvent.change(await screen.findByLabelText('Drip Token'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
}

beforeEach(() => {
  window.scrollTo = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('CheckoutPage (machine wiring)', () => {
  it('embedded: emits open, resize, ready, each step, then finished {OK, resolveUrl}', async () => {
    const { posted, types, navigate } = setup({ transparent: true });
    await enterToken('123456');
    await screen.findByRole('heading', { name: 'Compra aprovada!' });
    await vi.waitFor(() => expect(types()).toContain('finished'));
    expect(types()).toEqual(['open', 'ready', 'step', 'step', 'finished']);
    const steps = posted.filter((e) => e.type === 'step');
    expect(steps).toEqual([
      { type: 'step', step: 'token', stepNumber: expect.anything() },
      { type: 'step', step: 'approved', stepNumber: null },
    ]);
    expect(posted.at(-1)).toEqual({ type: 'finished', status: 'OK', url: RESOLVE });
    expect(posted.find((e) => e.type === 'resize')).toMatchObject({
      type: 'resize',
      height: expect.any(Number),
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  /** A client whose right token approves for a merchant on (or off) the auto-redirect list. */
  function approvingClient(autoRedirect: boolean): CheckoutClient {
    const summary = { ...merchant, fieldData: { ...merchant.fieldData, autoRedirect } };
    return fakeClient({
      submitToken: async () =>
        response({ result: 'OK', fields: [summary, { fieldName: 'resolveUrl', fieldData: RESOLVE }] }),
    });
  }

  it('embedded, a merchant off the auto-redirect list: the approval is completed, not finished', async () => {
    const { posted, types } = setup({ transparent: true, client: approvingClient(false) });
    await enterToken('123456');
    await screen.findByRole('heading', { name: 'Compra aprovada!' });
    await vi.waitFor(() => expect(types()).toContain('completed'));
    expect(types()).not.toContain('finished');
    expect(posted.at(-1)).toEqual({ type: 'completed', status: 'OK', url: RESOLVE });
  });

  it('embedded with ?finished=true: completed even for a merchant on the list', async () => {
    const { types } = setup({ transparent: true, client: approvingClient(true), finishedQuery: true });
    await enterToken('123456');
    await screen.findByRole('heading', { name: 'Compra aprovada!' });
    await vi.waitFor(() => expect(types()).toContain('completed'));
    expect(types()).not.toContain('finished');
  });

  it('redirect mode, a merchant off the auto-redirect list: no self-redirect, the link back stays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { navigate } = setup({ transparent: false, client: approvingClient(false) });
    await enterToken('123456');
    await screen.findByRole('heading', { name: 'Compra aprovada!' });
    await act(async () => {
      vi.advanceTimersByTime(7_000);
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.queryByText(/redirecionado para a loja/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar para a loja' }).getAttribute('href')).toBe(RESOLVE);
  });

  it('embedded in the Drip SDK: no × of its own (the SDK draws one); Escape emits close', async () => {
    const { types } = setup({ transparent: true });
    await screen.findByLabelText('Drip Token');
    expect(screen.queryByRole('button', { name: 'Fechar' })).toBeNull();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(types().at(-1)).toBe('close');
  });

  it('events wait for the parent to connect, then arrive in order', async () => {
    const { types, connect } = setup({ transparent: true, sdk: 'later' });
    await screen.findByLabelText('Drip Token');
    expect(types()).toEqual([]);
    connect();
    await vi.waitFor(() => expect(types()).toEqual(['open', 'ready', 'step']));
    // Connected to the SDK: the checkout's own × goes away.
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Fechar' })).toBeNull());
  });

  it('a wrong token shows the message and a toast, and the right one still passes', async () => {
    setup({ transparent: false });
    await enterToken('000000');
    // inline error and toast
    await vi.waitFor(() =>
      expect(screen.getAllByText('Drip Token inválido, verifique o número inserido.').length).toBe(2),
    );
    await enterToken('123456');
    await screen.findByRole('heading', { name: 'Compra aprovada!' });
  });

  it('redirect mode: goes back to resolveUrl after 5 s and posts no open event', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { posted, navigate } = setup({ transparent: false });
    await enterToken('123456');
    await screen.findByText(/redirecionado para a loja em 5 segundos/);
    // One fake clock for the whole test (installing a second one mid-test dropped timers already scheduled on the
    // first, a race under load): the test moves it by 250 ms steps, and it also runs with real time, so the time
    // to the redirect is read on the fake clock itself.
    const start = Date.now();
    let elapsed = 0;
    while (!navigate.mock.calls.length && elapsed < 8000) {
      await act(async () => {
        vi.advanceTimersByTime(250);
      });
      elapsed = Date.now() - start;
    }
    // The countdown shows 5 s: the redirect happens after about 5 s, not before 4 s.
    expect(elapsed).toBeGreaterThanOrEqual(4000);
    expect(elapsed).toBeLessThanOrEqual(6000);
    expect(navigate).toHaveBeenCalledWith(RESOLVE);
    // Not embedded: nothing is sent to any parent.
    expect(posted).toEqual([]);
  });

  it('redirect mode: the cancel button cancels and goes to cancelUrl', async () => {
    const cancel = vi.fn(async () => ok({ status: 'REVOKED' as const, cancelUrl: CANCEL }));
    const { navigate } = setup({ transparent: false, client: fakeClient({ cancel }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar compra' }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(CANCEL));
    expect(cancel).toHaveBeenCalledWith('chk-1');
  });

  it('an expired checkout emits expired, then finished {KO}', async () => {
    const client = fakeClient({
      load: async () =>
        response({
          result: 'KO',
          fields: [
            merchant,
            { fieldName: 'koReason', fieldData: 'EXPIRED' },
            { fieldName: 'cancelUrl', fieldData: CANCEL },
          ],
        }),
    });
    const { posted } = setup({ transparent: true, client });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Esta compra está expirada');
    await vi.waitFor(() => expect(posted.at(-1)).toEqual({ type: 'finished', status: 'KO', url: CANCEL }));
    expect(posted.at(-2)).toEqual({ type: 'expired' });
  });

  it("a denial reaches the merchant's page as finished {KO, cancelUrl} only: no reason, no message", async () => {
    // A reason the shopper's page names (it stays on the wire): the page shows it, the parent window never reads it.
    const client = fakeClient({
      load: async () =>
        response({
          result: 'KO',
          fields: [
            merchant,
            { fieldName: 'koReason', fieldData: 'INVALID_CUSTOMER_DATA' },
            { fieldName: 'koVariables', fieldData: {} },
            { fieldName: 'cancelUrl', fieldData: CANCEL },
          ],
        }),
    });
    const { posted, navigate } = setup({ transparent: true, client });
    await screen.findByText(/Não conseguimos confirmar seus dados/);
    await vi.waitFor(() => expect(posted.at(-1)).toEqual({ type: 'finished', status: 'KO', url: CANCEL }));
    const toParent = JSON.stringify(posted);
    expect(toParent).not.toContain('INVALID_CUSTOMER_DATA');
    expect(toParent).not.toContain('confirmar seus dados');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('embedded × (parent is not the Drip SDK yet): asks why first while in progress, then emits close', async () => {
    const sendFeedback = vi.fn(async () => ok<unknown>({}));
    const { posted, connect } = setup({
      transparent: true,
      client: fakeClient({ sendFeedback }),
      sdk: 'later',
    });
    await screen.findByLabelText('Drip Token');
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    const submit = (await screen.findByRole('button', { name: 'Enviar e fechar' })) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Achei muito complicado'));
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await vi.waitFor(() => expect(sendFeedback).toHaveBeenCalled());
    connect();
    await vi.waitFor(() => expect(posted.at(-1)?.type).toBe('close'));
    expect(sendFeedback).toHaveBeenCalledWith({
      checkoutID: 'chk-1',
      feedback: 'Achei muito complicado',
      comment: '',
    });
  });

  it('a failed load offers a retry', async () => {
    let calls = 0;
    const load = vi.fn(async (): Promise<ApiResult<v.InferOutput<typeof CheckoutResponse>>> => {
      calls += 1;
      if (calls === 1) return { ok: false, error: { kind: 'network', status: 0, message: 'offline' } };
      return fakeClient().load('chk-1');
    });
    setup({ transparent: false, client: fakeClient({ load }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByLabelText('Drip Token')).toBeTruthy();
  });

  describe('failures are reported and fire the analytics failure event (spec 8)', () => {
    let reports: ErrorReport[] = [];
    let events: [string, TrackProps][] = [];
    let restore: (() => void)[] = [];
    beforeEach(() => {
      reports = [];
      events = [];
      restore = [
        setReportSink((r) => reports.push(r)),
        setTrackSink((event, props) => events.push([event, props])),
      ];
    });
    afterEach(() => {
      for (const undo of restore) undo();
    });
    type Result = ApiResult<v.InferOutput<typeof CheckoutResponse>>;
    const serverError: Result = {
      ok: false,
      error: { kind: 'http', status: 500, code: 'INTERNAL', message: 'Erro interno' },
    };

    it('a failed load: reported and the failure event', async () => {
      setup({ transparent: false, client: fakeClient({ load: async () => serverError }) });
      await screen.findByRole('button', { name: 'Tentar novamente' });
      expect(reports).toEqual([
        {
          source: 'checkout',
          message: 'Erro interno',
          props: { checkoutId: 'chk-1', operation: 'load', status: 500, kind: 'http' },
        },
      ]);
      expect(events).toEqual([['checkout_failed', { checkoutId: 'chk-1', operation: 'load', status: 500 }]]);
    });

    it('a network failure or a 401/403 is not reported, but still fires the failure event', async () => {
      setup({
        transparent: false,
        client: fakeClient({
          load: async () => ({ ok: false, error: { kind: 'network', status: 0, message: 'offline' } }),
        }),
      });
      await screen.findByRole('button', { name: 'Tentar novamente' });
      expect(reports).toEqual([]);
      expect(events.map(([event]) => event)).toEqual(['checkout_failed']);
      cleanup();
      events = [];
      setup({
        transparent: false,
        client: fakeClient({
          submitToken: async () => ({
            ok: false,
            error: { kind: 'http', status: 403, code: 'FORBIDDEN', message: 'Proibido' },
          }),
        }),
      });
      await enterToken('123456');
      await vi.waitFor(() => expect(events.map(([, p]) => p.operation)).toEqual(['token']));
      expect(reports).toEqual([]);
    });

    it('a failed poll (500) is only reported', async () => {
      let calls = 0;
      const pix: Result = response({
        result: 'MORE_INFO',
        fields: [
          merchant,
          {
            fieldName: 'payment',
            fieldData: {
              paymentQrCode: 'data:image/png;base64,AAAA',
              paymentQrCodeText: '000201',
              amount: 1,
              expiresAt: '2099-01-01T00:00:00.000Z',
            },
          },
        ],
      });
      const load = async (): Promise<Result> => {
        calls += 1;
        return calls === 1 ? pix : serverError;
      };
      setup({ transparent: false, client: fakeClient({ load }) });
      await vi.waitFor(() => expect(reports).toHaveLength(1), { timeout: 5_000 });
      expect(reports[0]?.props).toEqual({
        checkoutId: 'chk-1',
        operation: 'poll',
        status: 500,
        kind: 'http',
      });
      expect(events).toEqual([]);
    });
  });

  type LoadResult = ApiResult<v.InferOutput<typeof CheckoutResponse>>;
  /** The answer that leads to the insight step, shown by CheckoutPage.tsx before the machine page. */
  const insightAnswer: Wire = {
    result: 'MORE_INFO',
    fields: [
      merchant,
      { fieldName: 'customerCpf' },
      { fieldName: 'customerPhone' },
      { fieldName: 'customerEmail' },
    ],
  };
  /** The machine page handed the insight step (as CheckoutPage.tsx hands it over), with its own `load`. */
  function renderHandedOver(load: CheckoutClient['load']) {
    const context = firstStepContext('chk-1', false, insightAnswer);
    if (!context) throw new Error('the fixture should lead to the insight step');
    setup({ transparent: false, client: fakeClient({ load }), firstStep: { context, queued: [] } });
  }

  it('a click on the first step while the machine is still loading is kept, not dropped (the e2e flake)', async () => {
    let answer: (value: LoadResult) => void = () => {};
    const load = vi.fn(
      () =>
        new Promise<LoadResult>((resolve) => {
          answer = resolve;
        }),
    );
    renderHandedOver(load);
    // The machine page shows the first step it was handed while its own load is pending; the shopper starts.
    fireEvent.click(await screen.findByRole('button', { name: 'Começar' }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Começar' })).toBeTruthy();
    await act(async () => answer(response(insightAnswer)));
    expect(await screen.findByRole('heading', { name: 'Seus dados' })).toBeTruthy();
  });

  it('the hand-over ends once: a later load shows the machine loading, not the first step again', async () => {
    let calls = 0;
    const load = vi.fn((): Promise<LoadResult> => {
      calls += 1;
      return calls === 1
        ? Promise.resolve({ ok: false, error: { kind: 'network', status: 0, message: 'offline' } })
        : new Promise(() => {});
    });
    renderHandedOver(load);
    fireEvent.click(await screen.findByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Carregando sua compra…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Começar' })).toBeNull();
  });
});
