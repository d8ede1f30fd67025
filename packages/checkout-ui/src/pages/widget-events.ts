/**
 * What the promotional widgets (`/drip_banner`, `/drip-modal`) tell the merchant page that frames them: the core
 * protocol's `WidgetEvent` (clickOnLogo, clickOnLink, clickOnClose, resize), posted with a plain
 * `window.parent.postMessage` for now (the lead wires Penpal's `WidgetParentMethods.emit` later; the event shape
 * stays the same). Outside a frame nothing is posted. The only widget module that touches `window.parent`.
 */
import type { WidgetEvent } from '@drip/core';
import { useEffect, useRef } from 'react';

/** Where widget events go; `window.parent` by default. Injectable for tests and stories. */
export interface WidgetTarget {
  postMessage(message: WidgetEvent, targetOrigin: string): void;
}

export function defaultWidgetTarget(): WidgetTarget | null {
  if (typeof window === 'undefined' || window.parent === window) return null;
  return window.parent;
}

/**
 * Posts `event` to the target. The widgets carry no secret and do not know the merchant's origin, hence '*'
 * (the SDK checks the origin of what it receives; the server's `frame-ancestors` decides who may frame them).
 */
export function postWidgetEvent(target: WidgetTarget | null, event: WidgetEvent): void {
  target?.postMessage(event, '*');
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
    let last = -1;
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      postWidgetEvent(target, { type: 'resize', height });
    };
    report();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(report);
    observer.observe(element);
    return () => observer.disconnect();
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
