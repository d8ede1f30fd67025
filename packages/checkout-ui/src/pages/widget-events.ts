/**
 * What the promotional widgets (`/drip_banner`, `/drip-modal`) tell the merchant page that frames them: the core
 * protocol's `WidgetEvent` (clickOnLogo, clickOnLink, clickOnClose, resize), delivered over Penpal on
 * `WIDGET_CHANNEL` to the SDK's `WidgetParentMethods.emit` (see `../embed.ts`: Penpal is loaded only when framed,
 * events are queued until the SDK connects). Outside a frame nothing is sent.
 */
import type { WidgetEvent } from '@drip/core';
import { useEffect, useRef } from 'react';
import { observeHeight, type ParentChannel, widgetParent } from '../embed.ts';

/** Where widget events go: the SDK over Penpal by default; a fake in tests and stories. */
export type WidgetTarget = ParentChannel<WidgetEvent>;

/** The framing page over Penpal, or null when the widget is not framed. */
export function defaultWidgetTarget(): WidgetTarget | null {
  return widgetParent();
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
