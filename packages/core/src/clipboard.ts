/** What `copyText` needs of a text area (an HTMLTextAreaElement in the browser). */
export interface SelectableText {
  focus(): void;
  select(): void;
}

type WriteText = (text: string) => Promise<void>;

/** navigator.clipboard.writeText, found without the DOM types (core also compiles for Node). */
function clipboardWriter(): WriteText | null {
  const nav: unknown = Reflect.get(globalThis, 'navigator');
  if (typeof nav !== 'object' || nav === null) return null;
  const clipboard: unknown = Reflect.get(nav, 'clipboard');
  if (typeof clipboard !== 'object' || clipboard === null) return null;
  const write: unknown = Reflect.get(clipboard, 'writeText');
  return typeof write === 'function' ? (text) => Reflect.apply(write, clipboard, [text]) : null;
}

function execCopy(): boolean {
  const doc: unknown = Reflect.get(globalThis, 'document');
  if (typeof doc !== 'object' || doc === null) return false;
  const exec: unknown = Reflect.get(doc, 'execCommand');
  return typeof exec === 'function' && Reflect.apply(exec, doc, ['copy']) === true;
}

/**
 * Copies a text for the Pix "copia e cola" buttons: the Clipboard API, else the given text area selected and
 * `execCommand('copy')` (older browsers, iframes without the clipboard permission). Resolves false when neither
 * worked; the text then stays selected in the area so that the person can copy it by hand. Browser only.
 */
export async function copyText(text: string, area: SelectableText | null): Promise<boolean> {
  const write = clipboardWriter();
  try {
    if (write) {
      await write(text);
      return true;
    }
  } catch {
    // fall back to the selection below
  }
  if (!area) return false;
  area.focus();
  area.select();
  try {
    return execCopy();
  } catch {
    return false;
  }
}
