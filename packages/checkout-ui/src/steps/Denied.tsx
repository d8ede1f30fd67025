import type { DenialView } from '@drip/core';
import { CUSTOMER_AREA_PATH } from '../links.ts';
import { StepHeading } from '../ui/layout.tsx';

export interface DeniedProps {
  view: DenialView;
  /** Already on the waiting list (after joining). */
  onWaitlist: boolean;
  joining: boolean;
  /** Where the shopper goes back to the store (redirect mode). */
  backUrl: string | null;
  onJoinWaitlist: () => void;
}

/** Spec 2.5 / 8 "Denied": title and message per reason, waiting list and account access. */
export function Denied({ view, onWaitlist, joining, backUrl, onJoinWaitlist }: DeniedProps) {
  return (
    <section className="step step--center">
      <div className="result-icon result-icon--ko" aria-hidden="true">
        !
      </div>
      <StepHeading>{view.title}</StepHeading>
      <p className="lead">{view.message}</p>
      {view.offerWaitlist && !onWaitlist ? (
        <button type="button" className="button button--primary" disabled={joining} onClick={onJoinWaitlist}>
          {joining ? 'Enviando…' : 'Entrar na lista de espera'}
        </button>
      ) : null}
      {onWaitlist ? (
        <p className="badge" role="status">
          Você está na lista de espera. Avisaremos você assim que sua conta Drip estiver disponível.
        </p>
      ) : null}
      {view.offerAppAccess ? (
        <div className="stack">
          <a className="button button--primary" href={CUSTOMER_AREA_PATH}>
            Acessar minha conta Drip
          </a>
          <a className="button button--secondary" href="/app-download">
            Baixar o app Drip
          </a>
        </div>
      ) : null}
      {backUrl ? (
        <a className="button button--secondary" href={backUrl}>
          Voltar para a loja
        </a>
      ) : null}
    </section>
  );
}

export default Denied;
