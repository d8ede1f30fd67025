import {
  type Call,
  createCall,
  createHttp,
  DEFAULT_PHONE_COUNTRY,
  maskCpf,
  onlyDigits,
  type PhoneCountry,
  parseShopperPhone,
  StartNegotiationRequest,
  startNegotiation,
} from '@drip/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { PhoneField } from '../form/PhoneField.tsx';
import { PRIVACY_URL, TERMS_URL } from '../links.ts';
import { DripBrand } from '../ui/layout.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { track } from './track.ts';
import './after-checkout.css';

/** Spec 2.5 "Renegotiation" and spec 8 "Renegotiation" texts (quoted ones exact). */
export const renegotiationMessages = {
  title: 'Renegocie sua dívida com a Drip',
  subtitle: 'Renegocie em 3x, sem entrada. Informe seu CPF e seu celular para receber a proposta.',
  submit: 'Renegociar',
  notFound: 'Usuário não foi encontrado, verifique as informações e tenta novamente',
  alreadyRequested: 'O CPF informado já solicitou uma negociação',
  failed: 'Ocorreu um erro ao solicitar a negociação, tente novamente mais tarde',
  noDebts: 'Não existe débitos para esse CPF',
  successToast: 'Solicitação feita com sucesso!',
  successTitle: 'Sua solicitação foi enviada!',
  successText:
    'Em breve você vai receber um e-mail com os próximos passos da sua renegociação. Fique de olho também na caixa de spam.',
} as const;

/** CPF input limit (spec 9): 'Renegociar' stays disabled until the CPF is complete (spec 5). */
export const CPF_INPUT_MAX_LENGTH = 14;

export const RENEGOTIATION_EVENTS = { failed: 'renegotiation_request_failed' } as const;

type Outcome =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'error'; message: string }
  | { kind: 'noDebts' }
  | { kind: 'sent' };

/**
 * What the server answered (spec 4 and 8): 201 requested, 204 no debts, 404/400 unknown customer, 409 already
 * requested, anything else a failure.
 */
export function outcomeOf(
  result: { ok: true; status: number } | { ok: false; error: { status: number } },
): Outcome {
  if (result.ok) return result.status === 204 ? { kind: 'noDebts' } : { kind: 'sent' };
  const { status } = result.error;
  if (status === 404 || status === 400) return { kind: 'error', message: renegotiationMessages.notFound };
  if (status === 409) return { kind: 'error', message: renegotiationMessages.alreadyRequested };
  return { kind: 'error', message: renegotiationMessages.failed };
}

export interface RenegotiationPageProps {
  fetch?: typeof fetch;
}

/** `/renegociacao` (spec 2.5): `POST /api/v1/debts/start-negotiation {cpf, phone}` (digits only). */
export function RenegotiationPage({ fetch: fetchFn }: RenegotiationPageProps) {
  const [call] = useState<Call>(() => createCall(createHttp({ fetch: fetchFn })));
  const toast = useToast();
  const [cpf, setCpf] = useState('');
  const [phone, setPhone] = useState('');
  const [phoneCountry, setPhoneCountry] = useState<PhoneCountry>(DEFAULT_PHONE_COUNTRY);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [ccbOpen, setCcbOpen] = useState(false);
  const cpfId = useId();
  const phoneId = useId();
  const messageId = useId();

  const hasError = outcome.kind === 'error';
  // 'Renegociar' waits for a complete phone; a complete but invalid one is sent to the check below (its message).
  const typedPhone = parseShopperPhone(phone, phoneCountry);
  const phoneComplete = typedPhone.ok || typedPhone.problem === 'invalid';
  const disabled =
    outcome.kind === 'sending' || hasError || cpf.length < CPF_INPUT_MAX_LENGTH || !phoneComplete;

  /** Typing clears the last answer (spec 5). */
  const edited = () => {
    if (outcome.kind === 'error' || outcome.kind === 'noDebts') setOutcome({ kind: 'idle' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    const parsed = v.safeParse(StartNegotiationRequest, {
      cpf,
      phone: typedPhone.ok ? typedPhone.e164 : phone,
    });
    if (!parsed.success) {
      setOutcome({ kind: 'error', message: parsed.issues[0].message });
      return;
    }
    setOutcome({ kind: 'sending' });
    const result = await call(startNegotiation, {
      // Spec 7: "Renegotiation payload: cpf, phone (digits)" (the phone's digits with its country code).
      body: { cpf: parsed.output.cpf, phone: onlyDigits(parsed.output.phone) },
    });
    const next = outcomeOf(result);
    if (next.kind === 'error' && !result.ok && next.message === renegotiationMessages.failed) {
      track(RENEGOTIATION_EVENTS.failed, { status: result.error.status, kind: result.error.kind });
    }
    if (next.kind === 'sent') toast('success', renegotiationMessages.successToast);
    setOutcome(next);
  };

  if (outcome.kind === 'sent') {
    return (
      <div className="checkout">
        <main className="checkout__main">
          <section className="step step--center">
            <DripBrand />
            <div className="result-icon result-icon--ok" aria-hidden="true">
              ✓
            </div>
            <h1 className="step-title">{renegotiationMessages.successTitle}</h1>
            <p className="lead">{renegotiationMessages.successText}</p>
          </section>
        </main>
      </div>
    );
  }

  return (
    <div className="checkout">
      <main className="checkout__main">
        <section className="step">
          <DripBrand />
          <h1 className="step-title">{renegotiationMessages.title}</h1>
          <p className="lead">{renegotiationMessages.subtitle}</p>
          <form className="form" onSubmit={(e) => void submit(e)} noValidate>
            <div className="field">
              <label className="field__label" htmlFor={cpfId}>
                CPF
              </label>
              <input
                id={cpfId}
                className="input"
                inputMode="numeric"
                autoComplete="off"
                placeholder="000.000.000-00"
                maxLength={CPF_INPUT_MAX_LENGTH}
                value={cpf}
                onChange={(e) => {
                  setCpf(maskCpf(e.currentTarget.value));
                  edited();
                }}
                aria-describedby={hasError ? messageId : undefined}
              />
            </div>
            <PhoneField
              id={phoneId}
              label="Celular"
              value={phone}
              describedBy={hasError ? messageId : undefined}
              onChange={(text, country) => {
                setPhone(text);
                setPhoneCountry(country);
                edited();
              }}
            />
            {outcome.kind === 'error' ? (
              <p id={messageId} className="alert alert--critical" role="alert">
                {outcome.message}
              </p>
            ) : outcome.kind === 'noDebts' ? (
              <p className="alert alert--warning" role="alert">
                {renegotiationMessages.noDebts}
              </p>
            ) : null}
            <button type="submit" className="button button--primary" disabled={disabled}>
              {outcome.kind === 'sending' ? 'Enviando…' : renegotiationMessages.submit}
            </button>
            <p className="consent">
              Ao clicar em “Renegociar”, você concorda com os{' '}
              <a href={TERMS_URL} target="_blank" rel="noreferrer">
                Termos de uso
              </a>
              , com a{' '}
              <a href={PRIVACY_URL} target="_blank" rel="noreferrer">
                Política de privacidade
              </a>{' '}
              e com a emissão da{' '}
              <button type="button" className="inline-link" onClick={() => setCcbOpen(true)}>
                Cédula de Crédito Bancário (CCB)
              </button>{' '}
              da sua renegociação.
            </p>
          </form>
        </section>
      </main>
      {ccbOpen ? <CcbModal onClose={() => setCcbOpen(false)} /> : null}
    </div>
  );
}

/** The credit bill's legal text (Drip's own wording: the spec names the modal, not its text). */
function CcbModal({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="legal-text">
          <h2 id={titleId}>Cédula de Crédito Bancário (CCB)</h2>
          <p>
            A renegociação da sua dívida com a Drip é formalizada por uma Cédula de Crédito Bancário (CCB),
            título de crédito regido pela Lei nº 10.931/2004, emitida em seu nome a favor da instituição
            financeira parceira da Drip.
          </p>
          <p>
            A CCB registra o valor total renegociado, o parcelamento em 3 (três) parcelas mensais sem entrada,
            as datas de vencimento e o valor de cada parcela. Nenhuma parcela é cobrada antes da sua
            confirmação da proposta enviada por e-mail.
          </p>
          <p>
            Em caso de atraso, incidem multa de 2% sobre o valor da parcela e juros de mora de 1% ao mês,
            calculados pro rata die, nos termos do Código de Defesa do Consumidor.
          </p>
          <p>
            Você pode quitar antecipadamente o saldo devedor, total ou parcialmente, com redução proporcional
            dos encargos. Seus dados são tratados conforme a Lei Geral de Proteção de Dados (Lei nº
            13.709/2018) e a Política de privacidade da Drip.
          </p>
        </div>
        <button ref={closeRef} type="button" className="button button--secondary" onClick={onClose}>
          Fechar
        </button>
      </div>
    </div>
  );
}

export default RenegotiationPage;
