import {
  type ApiResult,
  type CheckoutClient,
  type CheckoutEmbedMessage,
  CheckoutResponse,
  EMBED_MESSAGE_SOURCE,
  PROTOCOL_VERSION,
} from '@drip/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmbedTarget } from '../embed.ts';
import { okResult } from '../test-utils.ts';
import { ToastProvider } from '../ui/Toasts.tsx';
import { CheckoutPage } from './CheckoutPage.tsx';

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

function setup(opts: { transparent: boolean; client?: CheckoutClient }) {
  const posted: CheckoutEmbedMessage[] = [];
  const target: EmbedTarget = { postMessage: (message) => posted.push(message) };
  const navigate = vi.fn<(url: string) => void>();
  render(
    <ToastProvider>
      <CheckoutPage
        checkoutId="chk-1"
        transparent={opts.transparent}
        client={opts.client ?? fakeClient()}
        embedTarget={target}
        navigate={navigate}
      />
    </ToastProvider>,
  );
  return { posted, navigate };
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
  it('embedded: posts open, then finished {OK, resolveUrl}', async () => {
    const { posted, navigate } = setup({ transparent: true });
    await enterToken('123456');
    await screen.findByRole('heading', { name: 'Compra aprovada!' });
    const envelope = { source: EMBED_MESSAGE_SOURCE, version: PROTOCOL_VERSION, checkoutId: 'chk-1' };
    expect(posted).toEqual([
      { ...envelope, type: 'open' },
      { ...envelope, type: 'finished', status: 'OK', url: RESOLVE },
    ]);
    expect(navigate).not.toHaveBeenCalled();
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
    vi.useFakeTimers(); // from here on only the test moves the clock
    let elapsed = 0;
    while (!navigate.mock.calls.length && elapsed < 8000) {
      await act(async () => {
        vi.advanceTimersByTime(250);
      });
      elapsed += 250;
    }
    // The countdown shows 5 s: the redirect happens after about 5 s, not before 4 s.
    expect(elapsed).toBeGreaterThanOrEqual(4000);
    expect(elapsed).toBeLessThanOrEqual(6000);
    expect(navigate).toHaveBeenCalledWith(RESOLVE);
    expect(posted.map((m) => m.type)).toEqual(['finished']);
  });

  it('redirect mode: the cancel button cancels and goes to cancelUrl', async () => {
    const cancel = vi.fn(async () => ok({ status: 'REVOKED' as const, cancelUrl: CANCEL }));
    const { navigate } = setup({ transparent: false, client: fakeClient({ cancel }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar compra' }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(CANCEL));
    expect(cancel).toHaveBeenCalledWith('chk-1');
  });

  it('a denial posts finished {KO}', async () => {
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
    expect(posted.at(-1)).toMatchObject({ type: 'finished', status: 'KO', url: CANCEL });
  });

  it('embedded ×: asks why first while in progress, then posts close', async () => {
    const sendFeedback = vi.fn(async () => ok<unknown>({}));
    const { posted } = setup({ transparent: true, client: fakeClient({ sendFeedback }) });
    await screen.findByLabelText('Drip Token');
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    const submit = (await screen.findByRole('button', { name: 'Enviar e fechar' })) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Achei muito complicado'));
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
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
});
