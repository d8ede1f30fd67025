/**
 * @drip/checkout-sdk/react: a provider holding the checkout origin, a hook bound to it, and a component that opens
 * a checkout while it is mounted. React is a peer dependency.
 */
import { createContext, createElement, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';
import {
  type CheckoutEvent,
  type CheckoutHandle,
  type CheckoutMode,
  type CheckoutOutcome,
  type OpenCheckoutOptions,
  openCheckout,
} from './checkout.ts';
import { fetchMerchantTerms, type MerchantTerms, type MerchantTermsOptions } from './terms.ts';
import {
  type BannerOptions,
  mountBanner,
  mountExplainer,
  type WidgetHandle,
  type WidgetOptions,
} from './widgets.ts';

export interface DripProviderProps {
  /** Origin of the Drip checkout, e.g. 'https://checkout.drip.com.br'. */
  checkoutOrigin: string;
  children?: ReactNode;
}

/** The SDK's functions with the provider's checkout origin filled in. */
export interface DripCheckoutApi {
  checkoutOrigin: string;
  openCheckout(
    checkoutId: string,
    options: Omit<OpenCheckoutOptions, 'checkoutOrigin'>,
  ): CheckoutHandle | null;
  mountBanner(element: HTMLElement, options: Omit<BannerOptions, 'checkoutOrigin'>): WidgetHandle | null;
  mountExplainer(
    container: HTMLElement | null,
    options: Omit<WidgetOptions, 'checkoutOrigin'>,
  ): WidgetHandle | null;
  /** The merchant's real terms (cashback rate, instalments), read from Drip. */
  fetchMerchantTerms(
    merchantId: string,
    options?: Omit<MerchantTermsOptions, 'checkoutOrigin'>,
  ): Promise<MerchantTerms>;
}

const DripContext = createContext<DripCheckoutApi | null>(null);

export function DripProvider({ checkoutOrigin, children }: DripProviderProps): ReactNode {
  const api = useMemo<DripCheckoutApi>(
    () => ({
      checkoutOrigin,
      openCheckout: (checkoutId, options) => openCheckout(checkoutId, { ...options, checkoutOrigin }),
      mountBanner: (element, options) => mountBanner(element, { ...options, checkoutOrigin }),
      mountExplainer: (container, options) => mountExplainer(container, { ...options, checkoutOrigin }),
      fetchMerchantTerms: (merchantId, options) =>
        fetchMerchantTerms(merchantId, { ...options, checkoutOrigin }),
    }),
    [checkoutOrigin],
  );
  return createElement(DripContext.Provider, { value: api }, children);
}

/** The SDK bound to the nearest <DripProvider>; throws when there is none. */
export function useDripCheckout(): DripCheckoutApi {
  const api = useContext(DripContext);
  if (!api) {
    throw new Error(
      'Drip: useDripCheckout() and <DripCheckout> must be rendered inside <DripProvider checkoutOrigin="…">. Wrap your app (or the checkout page) in it.',
    );
  }
  return api;
}

export interface DripCheckoutProps {
  checkoutId: string;
  mode: CheckoutMode;
  onEvent?: (event: CheckoutEvent) => void;
  /** How the session ended (the handle's `result`). Not called after unmount. */
  onOutcome?: (outcome: CheckoutOutcome) => void;
  connectTimeoutMs?: number;
  fallbackToRedirect?: boolean;
}

/**
 * Opens the checkout while mounted (a modal over the page, or a redirect) and removes it on unmount. Renders
 * nothing itself. Changing `checkoutId` or `mode` opens a new session.
 */
export function DripCheckout(props: DripCheckoutProps): null {
  const { openCheckout: open } = useDripCheckout();
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const { checkoutId, mode, connectTimeoutMs, fallbackToRedirect } = props;
  useEffect(() => {
    let mounted = true;
    const handle = open(checkoutId, {
      mode,
      connectTimeoutMs,
      fallbackToRedirect,
      onEvent: (event) => latest.current.onEvent?.(event),
    });
    handle?.result.then((outcome) => {
      if (mounted) latest.current.onOutcome?.(outcome);
    });
    return () => {
      mounted = false;
      handle?.destroy();
    };
  }, [open, checkoutId, mode, connectTimeoutMs, fallbackToRedirect]);
  return null;
}

export type { CheckoutEvent, CheckoutHandle, CheckoutMode, CheckoutOutcome } from './checkout.ts';
export type { MerchantTerms } from './terms.ts';
