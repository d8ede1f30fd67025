import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrame, openModal } from './dom.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
  document.documentElement.style.overflow = '';
});

function open() {
  return openModal({
    src: 'https://checkout.drip.test/checkouts/c?transparent=true',
    label: 'Checkout Drip',
    onRequestClose() {},
  });
}

function parts() {
  const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
  const overlay = dialog?.parentElement;
  const frame = dialog?.querySelector('iframe');
  const close = dialog?.querySelector('button');
  if (!dialog || !overlay || !frame || !close) throw new Error('no modal');
  return { overlay, dialog, frame, close };
}

describe("the modal against the merchant page's CSS", () => {
  it('sets every property of its elements inline and !important, from a reset', () => {
    const modal = open();
    for (const node of Object.values(parts())) {
      const style = node.style;
      expect(style.length).toBeGreaterThan(0);
      for (let i = 0; i < style.length; i++) {
        const name = style.item(i);
        // A stylesheet's `iframe { width: 3000px !important }` cannot beat an inline !important declaration.
        expect(style.getPropertyPriority(name), `${node.tagName} ${name}`).toBe('important');
      }
      expect(style.getPropertyValue('box-sizing')).toBe('border-box');
    }
    const { overlay, dialog, frame, close } = parts();
    expect(overlay.style.position).toBe('fixed');
    expect(overlay.style.zIndex).toBe('2147483647');
    expect(dialog.style.position).toBe('absolute');
    expect(frame.style.width).toBe('100%');
    expect(frame.style.maxWidth).toBe('100%');
    // Out of the dialog's flow: content the page adds (a `div::before` block) cannot push it down.
    expect(frame.style.position).toBe('absolute');
    expect(close.style.position).toBe('absolute');
    expect(close.style.display).toBe('block');
    modal.remove();
  });

  it('covers the visual viewport, never a size taken from the page, and follows it', () => {
    const listeners = new Map<string, () => void>();
    const viewport = {
      offsetLeft: 0,
      offsetTop: 0,
      width: 390,
      height: 844,
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
    };
    vi.stubGlobal('visualViewport', viewport);
    // The page is 2000 px wide: what `inset: 0` would fill on a phone.
    const wide = document.createElement('div');
    wide.style.width = '2000px';
    document.body.append(wide);
    const modal = open();
    const { overlay } = parts();
    expect([overlay.style.left, overlay.style.top, overlay.style.width, overlay.style.height]).toEqual([
      '0px',
      '0px',
      '390px',
      '844px',
    ]);
    // The shopper pans and zooms: the overlay moves with what is visible.
    Object.assign(viewport, { offsetLeft: 120, offsetTop: 40, width: 195, height: 422 });
    listeners.get('scroll')?.();
    expect([overlay.style.left, overlay.style.top, overlay.style.width, overlay.style.height]).toEqual([
      '120px',
      '40px',
      '195px',
      '422px',
    ]);
    modal.remove();
    expect(listeners.size).toBe(0);
  });

  it('without a visual viewport, sizes itself in viewport units', () => {
    vi.stubGlobal('visualViewport', undefined);
    const modal = open();
    const { overlay } = parts();
    expect(overlay.style.width).toBe('100vw');
    expect(overlay.style.left).toBe('0px');
    modal.remove();
  });

  it('frames keep their width whatever the page says', () => {
    const frame = createFrame('https://checkout.drip.test/drip_banner', 'Drip', 'height:0');
    expect(frame.style.getPropertyValue('width')).toBe('100%');
    expect(frame.style.getPropertyPriority('width')).toBe('important');
    expect(frame.style.height).toBe('0px');
  });
});
