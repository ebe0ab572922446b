import '@testing-library/jest-dom/vitest';
import '@common/zod-tr';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// jsdom has no matchMedia; the theme store asks it for the system preference.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// findBy*/waitFor wait for the DOM, not for a time budget: on a shared, loaded machine a render
// can take seconds, and the 1 s default then fails tests that are right.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  // Files share one jsdom per worker (vitest.config.ts): what a test built by hand, outside
  // render(), goes too.
  document.body.replaceChildren();
  // sonner keeps its toasts in a module-wide list and replays the ones still active to the next
  // Toaster: a test's toasts would fill the next test's three visible places until they time out.
  toast.dismiss();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
