import { checkoutStepMessages } from '@drip/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { PRODUCT_SITE_URL } from '../links.ts';

/** The Drip word mark (text, no image request). */
export function DripBrand() {
  return (
    <span className="brand-mark" role="img" aria-label="Drip">
      drip
    </span>
  );
}

export interface HeaderProps {
  merchantName: string | null;
  merchantLogoUrl?: string | null;
  /** Transparent mode: the × that closes the modal. */
  onClose?: (() => void) | null;
  /** Redirect mode: cancels the checkout and goes back to the store. */
  onCancel?: (() => void) | null;
  cancelBusy?: boolean;
}

/** Merchant logo or name and the Drip brand (spec 2.5: on every step except the form). */
export function Header({ merchantName, merchantLogoUrl, onClose, onCancel, cancelBusy }: HeaderProps) {
  return (
    <header className="header">
      <div className="header__merchant">
        {merchantLogoUrl ? (
          <img className="header__logo" src={merchantLogoUrl} alt={merchantName ?? 'Loja'} />
        ) : merchantName ? (
          <span className="header__name">{merchantName}</span>
        ) : null}
        {merchantName || merchantLogoUrl ? <span className="header__plus">+</span> : null}
        <DripBrand />
      </div>
      <CheckoutActions onClose={onClose} onCancel={onCancel} cancelBusy={cancelBusy} />
    </header>
  );
}

export type CheckoutActionsProps = Pick<HeaderProps, 'onClose' | 'onCancel' | 'cancelBusy'>;

/** 'Cancelar compra' (redirect mode) and the × (transparent mode): the header's actions. */
export function CheckoutActions({ onClose, onCancel, cancelBusy }: CheckoutActionsProps) {
  return (
    <div className="header__actions">
      {onCancel ? (
        <button type="button" className="link-button" onClick={onCancel} disabled={cancelBusy}>
          Cancelar compra
        </button>
      ) : null}
      {onClose ? (
        <button type="button" className="icon-button" onClick={onClose} aria-label="Fechar">
          ×
        </button>
      ) : null}
    </div>
  );
}

/**
 * The steps without the header (the form, spec 2.5) keep its actions, so that the shopper can always cancel (or
 * close) an unfinished checkout: a bar with the actions only, no merchant logo or brand.
 */
export function ActionsBar(props: CheckoutActionsProps) {
  if (!props.onClose && !props.onCancel) return null;
  return (
    <nav className="actions-bar" aria-label="Ações da compra">
      <CheckoutActions {...props} />
    </nav>
  );
}

/** Link to the product site (spec 2.5: only on insight, token and phone form). */
export function Footer() {
  return (
    <footer className="footer">
      <a href={PRODUCT_SITE_URL} target="_blank" rel="noreferrer">
        Conheça a Drip: Pix parcelado sem juros
      </a>
    </footer>
  );
}

export function StepNumber({ n }: { n: 1 | 2 | 3 | null }) {
  return n === null ? null : <p className="step-number">{checkoutStepMessages.stepOf(n)}</p>;
}

/**
 * The step's heading: focus moves here on each step change (CheckoutPage), so that a screen reader announces the
 * new step. `tabIndex={-1}` makes it focusable by script only.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 ref={ref} className="step-title" tabIndex={-1}>
      {children}
    </h1>
  );
}

export { Spinner } from './Spinner.tsx';

export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  return message ? (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}
