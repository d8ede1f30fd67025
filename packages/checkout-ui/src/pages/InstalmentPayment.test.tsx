import { orderPaths } from '@drip/core';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App.tsx';
import { ToastProvider } from '../ui/Toasts.tsx';
import {
  INSTALMENT_PAGE_EVENTS,
  type InstalmentEventSource,
  InstalmentPaymentPage,
  statusOfEvent,
} from './InstalmentPayment.tsx';
import { instalmentDetailsFixture, instalmentFetch } from './instalment-fixtures.ts';
import { setTrackSink } from './track.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A fake EventSource: the test pushes messages and sees whether the page closed the stream. */
class FakeEvents implements InstalmentEventSource {
  static opened: FakeEvents[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEvents.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  push(data: string) {
    act(() => this.onmessage?.(new MessageEvent('message', { data })));
  }
}
const openEvents = (url: string) => new FakeEvents(url);

/** The stream the page opened: its effect runs after the render that shows the heading, so wait for it. */
const openedStream = () =>
  waitFor(() => {
    const stream = FakeEvents.opened[0];
    if (!stream) throw new Error('the page opened no stream yet');
    return stream;
  });

function renderPage(fetchFn: typeof fetch, id = 'inst-2') {
  FakeEvents.opened = [];
  return render(
    <ToastProvider>
      <InstalmentPaymentPage instalmentId={id} fetch={fetchFn} openEvents={openEvents} />
    </ToastProvider>,
  );
}

describe('/pagamento/{instalmentId}', () => {
  it('shows a pending instalment with QR, copy-paste text and the on-time info alert', async () => {
    const server = instalmentFetch(instalmentDetailsFixture());
    renderPage(server.fetch);
    expect(await screen.findByRole('heading', { name: 'Pagamento da sua parcela' })).toBeTruthy();
    expect(server.paths).toEqual([orderPaths.instalmentDetails('inst-2')]);
    expect(screen.getByText('Parcela 2 de 3')).toBeTruthy();
    expect(screen.getByText(/R\$\s100,00/)).toBeTruthy();
    expect(screen.getByText('Compra na Loja Aurora')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR Code do Pix' }).getAttribute('src')).toBe(
      '/api/v1/pix/qr/tx2.png',
    );
    const text = screen.getByLabelText('Pix copia e cola');
    expect(text instanceof HTMLTextAreaElement && text.readOnly && text.value).toBe('00020126PIX-TX2');
    expect(screen.getByText('O pagamento sem encargos deve ser feito até o dia 15/07/2026')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the critical alert with the due date when late', async () => {
    renderPage(instalmentFetch(instalmentDetailsFixture({ late: true })).fetch);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'O pagamento venceu no dia 15/07/2026. Evite o bloqueio da sua conta',
    );
  });

  it("copies the Pix text and toasts 'Copiado'", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderPage(instalmentFetch(instalmentDetailsFixture()).fetch);
    await user.click(await screen.findByRole('button', { name: 'Copiar Pix' }));
    expect(writeText).toHaveBeenCalledWith('00020126PIX-TX2');
    expect(await screen.findByText('Copiado')).toBeTruthy();
  });

  it('falls back to the text area and reports a failed copy', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const events: string[] = [];
    const restore = setTrackSink((event) => events.push(event));
    try {
      renderPage(instalmentFetch(instalmentDetailsFixture()).fetch);
      await user.click(await screen.findByRole('button', { name: 'Copiar Pix' }));
      expect(
        await screen.findByText(
          'Não conseguimos copiar a chave pix na sua área de transferência, tente copiar manualmente',
        ),
      ).toBeTruthy();
      const area = screen.getByLabelText('Pix copia e cola');
      expect(document.activeElement).toBe(area);
      expect(events).toContain(INSTALMENT_PAGE_EVENTS.copyFailed);
    } finally {
      restore();
    }
  });

  it('shows the confirmation for a paid instalment and opens no stream', async () => {
    renderPage(
      instalmentFetch(instalmentDetailsFixture({ status: 'PAID', qrCode: null, qrcodeText: null })).fetch,
    );
    expect(await screen.findByRole('heading', { name: 'Pagamento confirmado' })).toBeTruthy();
    expect(screen.getByText('Parcela 2 de 3')).toBeTruthy();
    expect(screen.getByText('Loja Aurora')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Baixar na App Store' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Disponível no Google Play' })).toBeTruthy();
    expect(FakeEvents.opened).toHaveLength(0);
  });

  it('listens on the SSE stream while pending and flips to paid on a PAID message, closing it', async () => {
    renderPage(instalmentFetch(instalmentDetailsFixture()).fetch);
    await screen.findByRole('heading', { name: 'Pagamento da sua parcela' });
    const stream = await openedStream();
    expect(stream.url).toBe('/api/v1/installments/sse/inst-2');
    stream.push(': heartbeat');
    stream.push('{"status":"PENDING"}');
    stream.push('{"oops"');
    expect(screen.getByRole('heading', { name: 'Pagamento da sua parcela' })).toBeTruthy();
    expect(stream.closed).toBe(false);
    stream.push('{"status":"PAID"}');
    expect(await screen.findByRole('heading', { name: 'Pagamento confirmado' })).toBeTruthy();
    expect(stream.closed).toBe(true);
  });

  it('closes the stream when the page goes away', async () => {
    const view = renderPage(instalmentFetch(instalmentDetailsFixture()).fetch);
    await screen.findByRole('heading', { name: 'Pagamento da sua parcela' });
    const stream = await openedStream();
    view.unmount();
    expect(stream.closed).toBe(true);
  });

  it('says clearly when the instalment does not exist (404)', async () => {
    renderPage(instalmentFetch(null).fetch);
    expect(await screen.findByRole('heading', { name: 'Parcela não encontrada' })).toBeTruthy();
  });

  it('reports a failed load and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    const events: string[] = [];
    const restore = setTrackSink((event) => events.push(event));
    const fetchFn: typeof fetch = async () =>
      fail
        ? new Response(JSON.stringify({ error: { code: 'X', message: 'x' } }), { status: 500 })
        : new Response(JSON.stringify(instalmentDetailsFixture()), { status: 200 });
    try {
      renderPage(fetchFn);
      expect((await screen.findByRole('alert')).textContent).toBe('Ocorreu um erro inesperado (500)');
      expect(events).toContain(INSTALMENT_PAGE_EVENTS.loadFailed);
      fail = false;
      await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
      expect(await screen.findByRole('heading', { name: 'Pagamento da sua parcela' })).toBeTruthy();
    } finally {
      restore();
    }
  });

  it('reads SSE data defensively', () => {
    expect(statusOfEvent('{"status":"PAID"}')).toBe('PAID');
    expect(statusOfEvent('{"status":"LOST"}')).toBeNull();
    expect(statusOfEvent('nope')).toBeNull();
    expect(statusOfEvent(42)).toBeNull();
  });

  it('is routed at /pagamento/{id} in its own chunk', async () => {
    const original = globalThis.fetch;
    globalThis.fetch = instalmentFetch(instalmentDetailsFixture({ status: 'PAID' })).fetch;
    try {
      render(<App location={{ pathname: '/pagamento/inst-2', search: '' }} />);
      await waitFor(() => expect(screen.getByRole('heading', { name: 'Pagamento confirmado' })).toBeTruthy());
    } finally {
      globalThis.fetch = original;
    }
  });
});
