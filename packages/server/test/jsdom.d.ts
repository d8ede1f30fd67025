// The part of jsdom the server's page tests use (jsdom ships no types; the server compiles without the DOM lib).
declare module 'jsdom' {
  export interface PageElement {
    textContent: string | null;
    hidden: boolean;
    value: string;
    nextElementSibling: PageElement | null;
    dispatchEvent(event: unknown): boolean;
  }
  export interface PageWindow {
    fetch: (
      input: string,
      init?: { method?: string; headers?: Record<string, string>; body?: string },
    ) => Promise<unknown>;
    document: {
      getElementById(id: string): PageElement | null;
      querySelectorAll(selector: string): Iterable<PageElement>;
    };
    Event: new (type: string, init?: { cancelable?: boolean; bubbles?: boolean }) => unknown;
    close(): void;
  }
  export class JSDOM {
    constructor(
      html: string,
      options?: { url?: string; runScripts?: 'dangerously'; beforeParse?: (window: PageWindow) => void },
    );
    readonly window: PageWindow;
  }
}
