import { type ApiResult, FEEDBACK_REASONS } from '@drip/core';
import { type FormEvent, useId, useState } from 'react';
import { SUPPORT_EMAIL } from '../links.ts';
import { FieldError, StepHeading } from '../ui/layout.tsx';

export const FEEDBACK_COMMENT_REQUIRED = 'Conte para nós o que aconteceu no campo de comentário';

export interface FeedbackFormProps {
  checkoutId: string;
  /** Back arrow and 'Voltar para a compra'. */
  dismissable: boolean;
  /** Transparent mode: the close ×. */
  transparent: boolean;
  send: (body: { checkoutID: string; feedback: string; comment: string }) => Promise<ApiResult<unknown>>;
  /** After the feedback was sent, or failed to send (spec 2.5: closes either way). */
  onDone: (sent: boolean) => void;
  onBack: () => void;
  onClose: () => void;
}

/** Spec 2.5 "Feedback": why the shopper gave up. Used by /checkout-feedback/{id} and the checkout's modal. */
export function FeedbackForm({
  checkoutId,
  dismissable,
  transparent,
  send,
  onDone,
  onBack,
  onClose,
}: FeedbackFormProps) {
  const [reason, setReason] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const commentId = useId();
  const needsComment = FEEDBACK_REASONS.some((r) => r.label === reason && r.commentRequired);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason === null) return;
    if (needsComment && comment.trim() === '') {
      setError(FEEDBACK_COMMENT_REQUIRED);
      return;
    }
    setSending(true);
    const result = await send({ checkoutID: checkoutId, feedback: reason, comment: comment.trim() });
    setSending(false);
    onDone(result.ok);
  };

  return (
    <section className="step feedback">
      <div className="feedback__bar">
        {dismissable ? (
          <button type="button" className="icon-button" onClick={onBack} aria-label="Voltar para a compra">
            ←
          </button>
        ) : (
          <span />
        )}
        {transparent ? (
          <button type="button" className="icon-button" onClick={onClose} aria-label="Fechar">
            ×
          </button>
        ) : null}
      </div>
      <StepHeading>Por que você desistiu da compra?</StepHeading>
      <p className="lead">Sua resposta nos ajuda a melhorar a Drip.</p>
      <form className="form" onSubmit={submit} noValidate>
        <fieldset className="radios">
          <legend className="visually-hidden">Motivo</legend>
          {FEEDBACK_REASONS.map((r) => (
            <label key={r.label} className="radio">
              <input
                type="radio"
                name="feedback-reason"
                value={r.label}
                checked={reason === r.label}
                onChange={() => {
                  setReason(r.label);
                  setError(null);
                }}
              />
              <span>{r.label}</span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={commentId}>
            Seu comentário
          </label>
          <textarea
            id={commentId}
            className="input"
            rows={3}
            maxLength={2000}
            value={comment}
            required={needsComment}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${commentId}-error` : undefined}
            onChange={(e) => {
              setComment(e.target.value);
              setError(null);
            }}
          />
          <FieldError id={`${commentId}-error`} message={error} />
        </div>
        <button type="submit" className="button button--primary" disabled={reason === null || sending}>
          {sending ? 'Enviando…' : 'Enviar e fechar'}
        </button>
        {dismissable ? (
          <button type="button" className="button button--secondary" onClick={onBack}>
            Voltar para a compra
          </button>
        ) : null}
      </form>
      <p className="muted help">
        Precisa de ajuda? Escreva para <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </section>
  );
}

export default FeedbackForm;
