import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// The build-output test runs in Node (no window): this setup is for the jsdom tests.
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
