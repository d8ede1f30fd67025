import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The build-output test runs in Node (no window): this setup is for the jsdom tests.

// findBy/waitFor give up after 1 s by default: on a 2-core CI machine running several test files at once, a Mantine
// screen can take longer than that to render, and a test would fail for the machine's load, not for the code.
configure({ asyncUtilTimeout: 5000 });
const jsdom = typeof window !== 'undefined';

// jsdom lacks the layout APIs Mantine reads.
if (jsdom && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => {
      const list: MediaQueryList = {
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      };
      return list;
    },
  });
}
if (jsdom && !('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
if (jsdom) window.scrollTo = () => {};

afterEach(() => {
  if (!jsdom) return;
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
