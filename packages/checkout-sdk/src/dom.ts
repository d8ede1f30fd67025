/**
 * Every DOM access of the SDK lives here, and only runs when a function is called (never at import time).
 * The modal: an overlay holding a role=dialog with a close button and the frame; focus is trapped inside it, the
 * page scroll is locked and restored, Escape closes it, it takes the whole screen under 600 px wide, and focus
 * returns to the element that opened it.
 *
 * Merchant pages are wild (`* { margin: 40px }`, `iframe { width: 3000px !important }`, a transformed body, a page
 * wider than the screen), and none of it may move, widen or hide the modal. So every element the SDK adds starts
 * from `all: initial` (the close button from `all: revert`: the browser's own button, focus ring included) and
 * sets each property it needs as an inline `!important` declaration (which beats any stylesheet rule, `!important`
 * or not); the overlay is fixed over what the shopper sees (never sized from the page, see `overlayCss`) in the
 * top layer where the browser has one (a manual popover: no ancestor's transform, filter, overflow or
 * z-index can clip or move it), else with the highest z-index; and the dialog is placed absolutely inside it, so
 * that nothing the page adds to the overlay's flow can push it aside.
 */

/** True in a browser; false on the server (no window or document). */
export function hasDom(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}

/**
 * Sets `css` ("prop:value;prop:value") on `node` as inline `!important` declarations, after an `all: initial`
 * reset (nothing inherited from the page, nothing its stylesheets set). Through the CSSOM, never a `<style>`
 * element or a style attribute, so that a merchant's Content-Security-Policy needs no style-src for the SDK.
 */
export function setStyle(node: HTMLElement, css: string, reset = 'initial'): void {
  node.style.cssText = `all:${reset};box-sizing:border-box;${css}`
    .split(';')
    .filter((declaration) => declaration.trim() !== '')
    .map((declaration) => `${declaration} !important`)
    .join(';');
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  css: string,
  attributes: Record<string, string> = {},
  reset?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  setStyle(node, css, reset);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

const FRAME_CSS = 'display:block;border:0;width:100%;max-width:100%';

/** A frame of a Drip page, as wide as its box whatever the page's CSS; `css`: its height (and placement). */
export function createFrame(src: string, title: string, css = 'height:100%'): HTMLIFrameElement {
  // clipboard-write: the Pix copy-paste button inside the checkout.
  return element('iframe', `${FRAME_CSS};${css}`, {
    src,
    title,
    allow: 'clipboard-write',
  });
}

/** Changes a frame's height, keeping it immune to the page's CSS. */
export function setFrameHeight(frame: HTMLIFrameElement, height: string): void {
  setStyle(frame, `${FRAME_CSS};height:${height}`);
}

export interface Modal {
  frame: HTMLIFrameElement;
  /** Follows the content height (`resize`), within the screen. */
  setHeight(height: number): void;
  /** Removes everything it added and restores scroll and focus. Safe to call twice. */
  remove(): void;
}

export interface ModalOptions {
  src: string;
  /** Accessible name of the dialog and title of the frame. */
  label: string;
  /** The shopper asked to close (close button or Escape). */
  onRequestClose(): void;
  container?: HTMLElement | null | undefined;
}

/**
 * The overlay covers what the shopper sees, never a size taken from the page: on phones a page wider than the
 * screen makes the browser stretch the layout viewport (what `position: fixed; inset: 0` fills) to the page's
 * width, which would put the close button off the screen. So it is sized with viewport units (`100vw` /
 * `100dvh`, from the initial containing block, which the page's width does not change) and, where the browser
 * has one, follows the visual viewport exactly (its offset and size, as the shopper scrolls or zooms).
 */
function overlayCss(box: { left: number; top: number; width: number; height: number } | null): string {
  const place = box
    ? `left:${box.left}px;top:${box.top}px;width:${box.width}px;height:${box.height}px`
    : 'left:0;top:0;width:100vw;height:100vh;height:100dvh';
  return `display:block;position:fixed;${place};overflow:hidden;z-index:2147483647;background:rgba(0,0,0,.53);direction:ltr;isolation:isolate;contain:strict`;
}

/** The visible part of the page in CSS px of the layout viewport, or null where the browser does not tell. */
function visibleBox(): { left: number; top: number; width: number; height: number } | null {
  const vv = window.visualViewport;
  if (!vv || !(vv.width > 0 && vv.height > 0)) return null;
  return { left: vv.offsetLeft, top: vv.offsetTop, width: vv.width, height: vv.height };
}

/** Shows `overlay` in the browser's top layer when it can (a manual popover: no light dismiss). */
function showOnTop(overlay: HTMLElement): void {
  if (typeof overlay.showPopover !== 'function') return;
  overlay.setAttribute('popover', 'manual');
  try {
    overlay.showPopover();
  } catch {
    // Not connected or not supported: the fixed overlay with the highest z-index does the job.
  }
}

export function openModal(options: ModalOptions): Modal {
  const opener = document.activeElement;
  const root = document.documentElement;
  const previousOverflow = root.style.overflow;
  const overlay = element('div', overlayCss(visibleBox()));
  const fit = () => {
    const box = visibleBox();
    setStyle(overlay, overlayCss(box));
    if (!box || !overlay.isConnected) return;
    // Where `left: 0` of a fixed box lands is the browser's business (on a right-to-left page stretched wider
    // than the screen it is off to the left): measure, and move the overlay onto the visible part.
    const placed = overlay.getBoundingClientRect();
    if (placed.width === 0) return; // not laid out (no layout engine): nothing to correct
    const dx = box.left - placed.left;
    const dy = box.top - placed.top;
    if (dx !== 0 || dy !== 0)
      setStyle(overlay, overlayCss({ ...box, left: box.left + dx, top: box.top + dy }));
  };
  const dialog = element('div', '', {
    role: 'dialog',
    'aria-modal': 'true',
    'aria-label': options.label,
  });
  // Full screen on phones; otherwise centred (absolute with inset 0 and margin auto), within the viewport.
  const phone = window.matchMedia?.('(max-width:599px)');
  let height = 720;
  const layout = () => {
    setStyle(
      dialog,
      `display:block;position:absolute;inset:0;margin:auto;background:#fff;direction:ltr;overflow:hidden;${
        phone?.matches
          ? 'width:100%;height:100%'
          : `width:480px;max-width:calc(100% - 32px);height:${height}px;max-height:calc(100% - 32px);border-radius:12px`
      }`,
    );
  };
  layout();
  phone?.addEventListener('change', layout);
  window.visualViewport?.addEventListener('resize', fit);
  window.visualViewport?.addEventListener('scroll', fit);
  const close = element(
    'button',
    'display:block;position:absolute;top:8px;right:8px;z-index:1;margin:0;padding:4px 10px;border:0;border-radius:999px;background:#fff;color:#10201e;font-family:system-ui,sans-serif;font-size:24px;line-height:1;cursor:pointer',
    { type: 'button', 'aria-label': 'Fechar' },
    'revert',
  );
  close.textContent = '×';
  // Out of the dialog's flow: whatever the page adds to it (a `div::before` block) cannot push the frame down.
  const frame = createFrame(options.src, options.label, 'height:100%;position:absolute;top:0;left:0');
  // Sentinels around the dialog catch Tab past its ends.
  const start = element('span', 'position:absolute', { tabindex: '0' });
  const end = element('span', 'position:absolute', { tabindex: '0' });
  dialog.append(frame, close);
  overlay.append(start, dialog, end);

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    // Tab order inside the dialog: frame, close button. Past the end wraps to the frame, before the start to
    // the close button; focus anywhere else on the page comes back to the close button.
    if (target === end) frame.focus();
    else if (!(target instanceof Node) || !dialog.contains(target)) close.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      options.onRequestClose();
    }
  };
  close.onclick = () => options.onRequestClose();
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('keydown', onKeyDown);

  (options.container ?? document.body).append(overlay);
  showOnTop(overlay);
  root.style.overflow = 'hidden';
  fit();
  close.focus();

  let removed = false;
  return {
    frame,
    setHeight(content) {
      height = Math.ceil(content);
      layout();
    },
    remove() {
      if (removed) return;
      removed = true;
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
      phone?.removeEventListener('change', layout);
      window.visualViewport?.removeEventListener('resize', fit);
      window.visualViewport?.removeEventListener('scroll', fit);
      overlay.remove();
      root.style.overflow = previousOverflow;
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    },
  };
}

/** Redirect mode: the shopper leaves the page (and comes back through resolveUrl / cancelUrl). */
export function navigate(url: string): void {
  window.location.assign(url);
}
