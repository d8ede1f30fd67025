/**
 * What the promotional widgets (`/drip_banner`, `/drip-modal`) tell the merchant page that frames them: the core
 * protocol's `WidgetEvent` (clickOnLogo, clickOnLink, clickOnClose, resize), delivered over Penpal on
 * `WIDGET_CHANNEL` to the SDK's `WidgetParentMethods.emit` (see `../embed.ts`: Penpal is loaded only when framed,
 * events are queued until the SDK connects). The clicks are also posted as the spec's plain messages (the
 * event's name as a string, `window.parent.postMessage('clickOnLogo', '*')`), so that a merchant who frames the
 * page without the SDK hears them too. Outside a frame nothing is sent.
 */
import type { WidgetEvent } from '@drip/core';
import { useEffect, useRef } from 'react';
import { isFramed, observeHeight, type ParentChannel, widgetParent } from '../embed.ts';

/** Where widget events go: the SDK over Penpal by default; a fake in tests and stories. */
export type WidgetTarget = ParentChannel<WidgetEvent>;

/**
 * The spec's plain messages (2.5 "Banner", "Modal"): each click's name as a string to the parent window. Any
 * origin may hear it (the merchant's, unknown here); it says only which of Drip's own links was clicked.
 */
export function plainParentTarget(parent: Pick<Window, 'postMessage'>): WidgetTarget {
  return {
    emit(event) {
      if (event.type === 'resize') return;
      try {
        parent.postMessage(event.type, '*');
      } catch {
        // A parent that went away: nothing to tell.
      }
    },
  };
}

/** When framed: the plain messages and the SDK over Penpal; null when the widget is not framed. */
export function defaultWidgetTarget(): WidgetTarget | null {
  if (!isFramed()) return null;
  const plain = plainParentTarget(window.parent);
  const sdk = widgetParent();
  return {
    emit(event) {
      plain.emit(event);
      sdk?.emit(event);
    },
  };
}

/** Sends `event` to the target (nothing without one). */
export function postWidgetEvent(target: WidgetTarget | null, event: WidgetEvent): void {
  target?.emit(event);
}

/**
 * Reports the height of `ref`'s element (`resize`) on mount and whenever it changes (ResizeObserver where the
 * browser has it), so that the frame takes its content's height. Heights are rounded up to whole CSS pixels and
 * repeated values are not posted again.
 */
export function useReportHeight<E extends HTMLElement>(target: WidgetTarget | null) {
  const ref = useRef<E>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !target) return;
    return observeHeight(element, (height) => postWidgetEvent(target, { type: 'resize', height }));
  }, [target]);
  return ref;
}

/**
 * A cashback rate from the query: a fraction between 0 and 1 (0.05 = 5 %), like every rate in Drip (spec 9).
 * Missing, malformed or out-of-range values count as 0 (no cashback mention).
 */
export function parseCashbackRate(raw: string | null): number {
  if (raw === null || raw.trim() === '') return 0;
  const rate = Number(raw.replace(',', '.'));
  return Number.isFinite(rate) && rate >= 0 && rate <= 1 ? rate : 0;
}
