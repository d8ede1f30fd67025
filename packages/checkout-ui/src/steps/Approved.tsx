import { checkoutStepMessages } from '@drip/core';
import { CUSTOMER_AREA_PATH } from '../links.ts';
import { StepHeading } from '../ui/layout.tsx';
import { HighlightStores, type LoadHighlightStores } from './HighlightStores.tsx';

export interface ApprovedProps {
  merchantName: string | null;
  resolveUrl: string | null;
  /** Seconds left before the self-redirect to resolveUrl, null when there is none. */
  redirectIn: number | null;
  /** A first purchase: the customer portal's password link was sent by SMS. */
  firstPurchase?: boolean;
  /** Reads the catalogue's highlight stores shown under the purchase; without it none show. */
  loadHighlightStores?: LoadHighlightStores | null;
}

const portal = checkoutStepMessages.approvedPortal;

/** Spec 2.5 "Approved". */
export function Approved({
  merchantName,
  resolveUrl,
  redirectIn,
  firstPurchase = false,
  loadHighlightStores = null,
}: ApprovedProps) {
  return (
    <section className="step step--center">
      <div className="result-icon result-icon--ok" aria-hidden="true">
        ✓
      </div>
      <StepHeading>Compra aprovada!</StepHeading>
      <p className="lead">
        Seu pedido{merchantName ? ` na ${merchantName}` : ''} foi confirmado. Enviaremos os detalhes das
        parcelas por WhatsApp e e-mail, e você acompanha tudo no app ou no portal Drip.
      </p>
      <p className="approved__portal">
        {portal.before}
        {/* A new tab: embedded, the checkout is the merchant's modal, and redirect mode may go back to the store. */}
        <a href={CUSTOMER_AREA_PATH} target="_blank" rel="noopener noreferrer">
          {portal.link}
        </a>
        {portal.after}
        {firstPurchase ? ` ${portal.firstPurchase}` : null}
      </p>
      {redirectIn !== null ? (
        <p className="muted" aria-live="polite">
          Você será redirecionado para a loja em {redirectIn} {redirectIn === 1 ? 'segundo' : 'segundos'}.
        </p>
      ) : null}
      {resolveUrl ? (
        <a className="button button--primary" href={resolveUrl}>
          Voltar para a loja
        </a>
      ) : null}
      {loadHighlightStores ? <HighlightStores load={loadHighlightStores} exceptName={merchantName} /> : null}
    </section>
  );
}

export default Approved;
