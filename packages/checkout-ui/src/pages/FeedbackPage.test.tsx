import type { ApiResult, CheckoutClient } from '@drip/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { okResult } from '../test-utils.ts';
import { ToastProvider } from '../ui/Toasts.tsx';
import { FeedbackPage } from './FeedbackPage.tsx';

afterEach(cleanup);

function client(sendFeedback: CheckoutClient['sendFeedback']): CheckoutClient {
  const none = async (): Promise<never> => {
    throw new Error('unexpected call');
  };
  return {
    load: none,
    submitPhone: none,
    submitCustomerData: none,
    submitToken: none,
    resendToken: none,
    selectInstalments: none,
    changeFirstInstalmentDate: none,
    confirm: none,
    cancel: none,
    notifyPix: none,
    updateWaitlist: none,
    simulate: none,
    sendFeedback,
    lookupCep: none,
  };
}

describe('/checkout-feedback/{id}', () => {
  it('requires a comment for "Outro motivo", then sends and goes back to the checkout', async () => {
    const send = vi.fn(async (): Promise<ApiResult<unknown>> => okResult({}));
    const navigate = vi.fn();
    render(
      <ToastProvider>
        <FeedbackPage
          checkoutId="c-7"
          search="?dismissable=true"
          client={client(send)}
          embedTarget={null}
          navigate={navigate}
        />
      </ToastProvider>,
    );
    expect(await screen.findByText('Voltar para a compra')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Fechar' })).toBeNull();
    expect(screen.getByRole('link', { name: /@/ })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Outro motivo'));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar e fechar' }));
    expect(await screen.findByText('Conte para nós o que aconteceu no campo de comentário')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Seu comentário'), { target: { value: 'Mudei de ideia' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar e fechar' }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/checkouts/c-7'));
    expect(send).toHaveBeenCalledWith({
      checkoutID: 'c-7',
      feedback: 'Outro motivo',
      comment: 'Mudei de ideia',
    });
  });
});
