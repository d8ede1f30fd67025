/**
 * Copies a text for the Pix "copia e cola" buttons: the Clipboard API, else the given text area selected and
 * `execCommand('copy')` (older browsers, iframes without the clipboard permission). Resolves false when neither
 * worked; the text then stays selected in the area so that the person can copy it by hand. Browser only.
 */
export async function copyText(text: string, area: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall back to the selection below
  }
  if (!area) return false;
  area.focus();
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
