import {
  checkoutToasts,
  DRIP_TOKEN_LENGTH,
  isCompleteToken,
  VERIFICATION_CHANNEL_LABELS,
  VERIFICATION_CHANNELS,
  type VerificationChannel,
} from '@drip/core';
import { type FormEvent, useState } from 'react';
import { FieldError, StepHeading, StepNumber } from '../ui/layout.tsx';

export interface TokenProps {
  /** Masked destination ('+55 (11) *****-4321'), when the server sent it. */
  destination: string | null;
  /** Whole seconds until a resend is allowed (0: now). */
  resendAvailableIn: number;
  invalid: boolean;
  submitting: boolean;
  resending: boolean;
  onSubmit: (code: string) => void;
  onResend: (channel: VerificationChannel) => void;
}

export const TOKEN_LENGTH = DRIP_TOKEN_LENGTH;

function mmss(seconds: number): string {
  const s = Math.max(0, seconds);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Spec 2.5 "confirmation token": the 6-digit Drip Token, resend by channel after the 30 s cooldown. */
export function Token({
  destination,
  resendAvailableIn,
  invalid,
  submitting,
  resending,
  onSubmit,
  onResend,
}: TokenProps) {
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (isCompleteToken(code)) onSubmit(code);
  };
  const cooling = resendAvailableIn > 0;
  return (
    <section className="step">
      <StepNumber n={1} />
      <StepHeading>Digite o Drip Token</StepHeading>
      <p className="lead">
        Enviamos um código de {TOKEN_LENGTH} dígitos{destination ? ` para ${destination}` : ''}.
      </p>
      <form className="form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">Drip Token</span>
          <input
            className="input input--token"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={TOKEN_LENGTH}
            value={code}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? 'token-error' : undefined}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, TOKEN_LENGTH))}
          />
        </label>
        <FieldError id="token-error" message={invalid ? checkoutToasts.tokenInvalid : null} />
        <button
          type="submit"
          className="button button--primary"
          disabled={!isCompleteToken(code) || submitting}
        >
          {submitting ? 'Verificando…' : 'Continuar'}
        </button>
      </form>
      <div className="resend">
        <p className="muted" aria-live="polite">
          {cooling
            ? `Você pode pedir um novo código em ${mmss(resendAvailableIn)}`
            : 'Não recebeu o código? Reenviar por:'}
        </p>
        <div className="resend__buttons">
          {VERIFICATION_CHANNELS.map((channel) => (
            <button
              key={channel}
              type="button"
              className="button button--secondary"
              disabled={cooling || resending}
              onClick={() => onResend(channel)}
            >
              {VERIFICATION_CHANNEL_LABELS[channel]}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}

export default Token;
