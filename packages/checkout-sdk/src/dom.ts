/**
 * Every DOM access of the SDK lives here, and only runs when a function is called (never at import time).
 * The modal: an overlay holding a role=dialog with a close button and the frame; focus is trapped inside it, the
 * page scroll is locked and restored, Escape closes it, it takes the whole screen under 600 px wide, and focus
 * returns to the element that opened it.
 */

/** True in a browser; false on the server (no window or document). */
export function hasDom(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  css: string,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.style.cssText = css;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

export function createFrame(src: string, title: string): HTMLIFrameElement {
  // clipboard-write: the Pix copy-paste button inside the checkout.
  return element('iframe', 'border:0;width:100%;height:100%', {
    src,
    title,
    allow: 'clipboard-write',
  });
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

export function openModal(options: ModalOptions): Modal {
  const opener = document.activeElement;
  const root = document.documentElement;
  const previousOverflow = root.style.overflow;
  const overlay = element(
    'div',
    'position:fixed;inset:0;z-index:2147483647;background:#0008;display:grid;place-items:center',
  );
  const dialog = element('div', '', {
    role: 'dialog',
    'aria-modal': 'true',
    'aria-label': options.label,
  });
  // Full screen on phones. Styles go through the CSSOM (never a <style> element or a style attribute), so that a
  // merchant's Content-Security-Policy needs no style-src for the SDK.
  const phone = window.matchMedia?.('(max-width:599px)');
  let height = 720;
  const layout = () => {
    dialog.style.cssText = `position:relative;background:#fff;overflow:hidden;${
      phone?.matches
        ? 'width:100%;height:100%'
        : `width:480px;max-width:calc(100vw - 32px);height:${height}px;max-height:calc(100vh - 32px);border-radius:12px`
    }`;
  };
  layout();
  phone?.addEventListener('change', layout);
  const close = element(
    'button',
    // `all:revert` drops whatever a store's `button {…}` rules set (back to the browser's own button, focus ring
    // included), so that the × stays visible whatever the page's stylesheet.
    'all:revert;position:absolute;top:8px;right:8px;padding:4px 10px;border:0;border-radius:999px;background:#fff;color:#10201e;font:24px/1 system-ui,sans-serif;cursor:pointer',
    { type: 'button', 'aria-label': 'Fechar' },
  );
  close.textContent = '×';
  const frame = createFrame(options.src, options.label);
  // Sentinels around the dialog catch Tab past its ends.
  const start = element('span', '', { tabindex: '0' });
  const end = element('span', '', { tabindex: '0' });
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
  root.style.overflow = 'hidden';
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
