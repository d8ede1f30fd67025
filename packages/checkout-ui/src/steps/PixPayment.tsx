import {
  type Clock,
  checkoutStepMessages,
  copyText,
  formatBRL,
  type PixPayment,
  pixDisplayDeadline,
  systemClock,
} from '@drip/core';
import { useEffect, useId, useRef, useState } from 'react';
import { StepHeading, StepNumber } from '../ui/layout.tsx';

export type PixKind = 'verification' | 'firstInstalment' | 'fullAmount';

export type Notify = (kind: 'success' | 'error', message: string) => void;

export interface PixPanelProps {
  payment: PixPayment;
  /** The machine saw the charge expire (it checks at each poll). */
  expired: boolean;
  refreshing: boolean;
  notifying: boolean;
  onRequestNewPix: () => void;
  onSendSms: () => void;
  onNotify: Notify;
  clock?: Clock;
}

export const COPY_FAILED_MESSAGE =
  'Não conseguimos copiar a chave pix na sua área de transferência, tente copiar manualmente';

/** 'mm:ss' of the time left (never negative). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The Pix charge shared by the three Pix steps: QR, amount, copy-paste text, countdown, renewal. */
export function PixPanel({
  payment,
  expired,
  refreshing,
  notifying,
  onRequestNewPix,
  onSendSms,
  onNotify,
  clock = systemClock,
}: PixPanelProps) {
  const [shownAt] = useState(() => clock.now().getTime());
  const [now, setNow] = useState(shownAt);
  const [copyFailed, setCopyFailed] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const textId = useId();
  useEffect(() => {
    const timer = setInterval(() => setNow(clock.now().getTime()), 1000);
    return () => clearInterval(timer);
  }, [clock]);
  // Counts down to the charge's expiry minus the safety margin (core's `pixDisplayDeadline`, spec 9).
  const remaining = pixDisplayDeadline(payment, shownAt) - now;
  const isExpired = expired || remaining <= 0;

  const copy = async () => {
    const ok = await copyText(payment.paymentQrCodeText, area.current);
    setCopyFailed(!ok);
    if (ok) onNotify('success', 'Copiado');
    else onNotify('error', COPY_FAILED_MESSAGE);
  };

  return (
    <div className="pix">
      <p className="pix__amount">
        <span className="muted">Valor do Pix</span> <strong>{formatBRL(payment.amount)}</strong>
      </p>
      <div className={`pix__qr${isExpired ? ' pix__qr--expired' : ''}`}>
        <img src={payment.paymentQrCode} alt="QR Code do Pix" width={220} height={220} />
        {isExpired ? (
          <div className="pix__expired">
            <p role="alert">Este código Pix expirou.</p>
            <button
              type="button"
              className="button button--primary"
              onClick={onRequestNewPix}
              disabled={refreshing}
            >
              {refreshing ? 'Gerando…' : 'Gerar novo código'}
            </button>
          </div>
        ) : null}
      </div>
      {isExpired ? null : (
        <p className="pix__countdown">
          O código expira em <span className="pix__timer">{formatCountdown(remaining)}</span>
        </p>
      )}
      <label className="field" htmlFor={textId}>
        <span className="field__label">Pix copia e cola</span>
      </label>
      <textarea
        id={textId}
        ref={area}
        className="pix__text"
        readOnly
        rows={4}
        value={payment.paymentQrCodeText}
      />
      <button type="button" className="button button--primary" onClick={copy} disabled={isExpired}>
        Copiar
      </button>
      {copyFailed ? (
        <div className="pix__fallback">
          <p className="muted">{COPY_FAILED_MESSAGE}. Se preferir, enviamos o código por SMS.</p>
          <button type="button" className="button button--secondary" onClick={onSendSms} disabled={notifying}>
            {notifying ? 'Enviando…' : 'Enviar código por SMS'}
          </button>
        </div>
      ) : null}
      <p className="pix__waiting" role="status">
        Aguardando a confirmação do pagamento…
      </p>
    </div>
  );
}

const TITLES: Record<PixKind, string> = {
  verification: 'Confirme sua conta com um Pix de R$ 1,00',
  firstInstalment: 'Pague a 1ª parcela no Pix',
  fullAmount: checkoutStepMessages.fullAmountTitle,
};

const TEXTS: Record<PixKind, string> = {
  verification:
    'Como esta é sua primeira compra com a Drip, confirme sua conta com um Pix de R$ 1,00 feito de uma conta bancária no seu nome (o mesmo CPF informado). O valor é devolvido logo em seguida.',
  firstInstalment:
    'Pague a primeira parcela agora pelo Pix para concluir sua compra. As demais vencem a cada 30 dias.',
  fullAmount: checkoutStepMessages.fullAmountText,
};

export interface PixStepProps extends PixPanelProps {
  kind: PixKind;
  /** 'Passo N de 3' (core's `stepNumber`: the verification Pix counts with the identity steps). */
  stepNumber: 1 | 2 | 3 | null;
}

/** Spec 2.5: Pix payment (R$ 1,00 verification), first-instalment Pix and full-amount payment. */
export function PixStep({ kind, stepNumber, ...panel }: PixStepProps) {
  return (
    <section className="step">
      <StepNumber n={stepNumber} />
      <StepHeading>{TITLES[kind]}</StepHeading>
      <p className="lead">{TEXTS[kind]}</p>
      <PixPanel {...panel} />
    </section>
  );
}

export default PixStep;
