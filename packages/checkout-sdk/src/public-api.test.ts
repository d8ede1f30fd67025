/** Type tests of the public API: checked by `tsc` (and run by vitest, where they are trivially true). */
import {
  CHECKOUT_CHANNEL,
  type CheckoutChildMethods,
  type CheckoutParentMethods,
  EMBED_PROTOCOL_VERSION,
} from '@drip/core';
import { connect, WindowMessenger } from 'penpal';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type CheckoutErrorCode,
  type CheckoutEvent,
  type CheckoutEventType,
  type CheckoutHandle,
  type CheckoutOutcome,
  type CheckoutOutcomeStatus,
  type CheckoutStep,
  mountBanner,
  mountExplainer,
  openCheckout,
  type WidgetEvent,
  type WidgetHandle,
} from './index.ts';
import { DripCheckout, type DripCheckoutProps, useDripCheckout } from './react.ts';

describe('public API types', () => {
  it('openCheckout returns a handle, or null on the server', () => {
    expectTypeOf(openCheckout).returns.toEqualTypeOf<CheckoutHandle | null>();
    expectTypeOf<CheckoutHandle['result']>().toEqualTypeOf<Promise<CheckoutOutcome>>();
    expectTypeOf<CheckoutHandle['destroy']>().toEqualTypeOf<() => void>();
    const typeOnly = () => {
      // @ts-expect-error the mode is required
      openCheckout('c', { checkoutOrigin: 'https://x' });
      // @ts-expect-error the origin is required
      openCheckout('c', { mode: 'modal' });
    };
    expectTypeOf(typeOnly).toBeFunction();
  });

  it('outcomes and events are unions narrowed by their discriminant', () => {
    expectTypeOf<CheckoutOutcomeStatus>().toEqualTypeOf<
      'OK' | 'KO' | 'CLOSED' | 'EXPIRED' | 'ERROR' | 'REDIRECTED'
    >();
    expectTypeOf<CheckoutEventType>().toEqualTypeOf<
      'open' | 'ready' | 'step' | 'resize' | 'finished' | 'completed' | 'expired' | 'error' | 'close'
    >();
    expectTypeOf<Extract<CheckoutEvent, { type: 'finished' }>>().toEqualTypeOf<{
      type: 'finished';
      status: 'OK' | 'KO';
      url: string | null;
    }>();
    expectTypeOf<Extract<CheckoutOutcome, { status: 'ERROR' }>['code']>().toEqualTypeOf<CheckoutErrorCode>();
    expectTypeOf<Extract<CheckoutEvent, { type: 'step' }>['step']>().toEqualTypeOf<CheckoutStep>();
    expectTypeOf<Extract<CheckoutEvent, { type: 'resize' }>['height']>().toEqualTypeOf<number>();
    expectTypeOf<WidgetEvent['type']>().toEqualTypeOf<
      'clickOnLogo' | 'clickOnLink' | 'clickOnClose' | 'resize'
    >();
  });

  it('widgets return a handle or null', () => {
    expectTypeOf(mountBanner).returns.toEqualTypeOf<WidgetHandle | null>();
    expectTypeOf(mountExplainer).returns.toEqualTypeOf<WidgetHandle | null>();
    const typeOnly = () => {
      // @ts-expect-error the banner needs the amount
      mountBanner(document.body, { checkoutOrigin: 'https://x' });
    };
    expectTypeOf(typeOnly).toBeFunction();
  });

  it('React entry', () => {
    expectTypeOf<DripCheckoutProps['mode']>().toEqualTypeOf<'modal' | 'redirect'>();
    expectTypeOf(DripCheckout).returns.toEqualTypeOf<null>();
    expectTypeOf(useDripCheckout).returns.toHaveProperty('openCheckout');
  });

  it('the child side in the README type-checks against the core protocol', () => {
    const childSide = async () => {
      const connection = connect<CheckoutParentMethods>({
        messenger: new WindowMessenger({ remoteWindow: window.parent, allowedOrigins: ['*'] }),
        channel: CHECKOUT_CHANNEL,
        methods: { protocolVersion: () => EMBED_PROTOCOL_VERSION } satisfies CheckoutChildMethods,
      });
      const parent = await connection.promise;
      await parent.emit({ type: 'finished', status: 'OK', url: null });
      // @ts-expect-error events are typed on the child side too
      await parent.emit({ type: 'finished', status: 'MAYBE' });
    };
    expectTypeOf(childSide).returns.toEqualTypeOf<Promise<void>>();
  });
});
