import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { checkNoUnexpectedApiCalls, resetApiStub } from './answer-api';

// A findBy… waits up to 5 s, not the library's 1 s: on CI's two busy cores a component's first
// answer can take longer than a second to render, and a wait that is met returns at once anyway.
configure({ asyncUtilTimeout: 5_000 });

// Every jsdom test starts answering no API call: one it did not answer fails it, named
// (testing/answer-api.ts). Node tests of the client's transport answer from a real HTTP server.
beforeEach(() => {
  if (typeof window !== 'undefined') resetApiStub();
});
afterEach(() => {
  checkNoUnexpectedApiCalls();
});

afterEach(() => {
  if (typeof window === 'undefined') return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

/**
 * A width query (`(min-width: 1024px)`, `(max-width: 991.98px)`, joined by `and`) against the window's
 * width, which jsdom sets to 1024 px and a test may change; any other query does not match.
 */
function matchesWidth(query: string): boolean {
  const parts = query.split(/\s+and\s+/);
  return parts.every((part) => {
    const match = /^\(\s*(min|max)-width:\s*([\d.]+)px\s*\)$/.exec(part.trim());
    if (!match) return false;
    const width = Number(match[2]);
    return match[1] === 'min' ? window.innerWidth >= width : window.innerWidth <= width;
  });
}

// antd reads matchMedia for its responsive grid, and the app for its layout; jsdom does not implement it.
if (typeof window !== 'undefined')
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: matchesWidth(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });

// antd's dropdowns measure themselves with ResizeObserver, which jsdom lacks; nothing resizes here.
const globals = globalThis as { window?: unknown; ResizeObserver?: unknown };
if (globals.window !== undefined && globals.ResizeObserver === undefined) {
  globals.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
