import '@testing-library/jest-dom/vitest';
import { notifyManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';

// Lazy route modules are transformed on first import: on a busy 2-core CI machine that can take longer than
// Testing Library's 1 s default for findBy*/waitFor, which then fail although the screen is right.
configure({ asyncUtilTimeout: 5000 });

// TanStack Query hands its updates to components in a setTimeout(0); under fake timers that waits for the test to
// advance the clock, so a reading that arrived at the tick advanced to would render only at the next. A microtask
// delivers it as the answer settles, as a real timer would before the next test step.
notifyManager.setScheduler(queueMicrotask);

// jsdom has no layout: scrolling is a no-op here (the router restores scroll on navigation).
window.scrollTo = () => {};

// Screens load a few shared modules lazily beside what a test waits for (the header's unread counts, the server-state
// boundary). A file that ends before such an import settles tears its environment down under it, and the failed
// import stays cached in the worker's shared registry (isolate: false): every later header in that worker rendered
// without its counts. Loaded before any test, they resolve at once when a screen asks.
beforeAll(async () => {
  await Promise.all([import('@/components/layout/unread-counts-watcher'), import('@/lib/server-state-boundary')]);
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // What cleanup() does not own: markup a test put in the document itself, the URL and storage. Files share one
  // document per worker (project web runs with isolate: false), so each test starts from a blank page.
  document.head.replaceChildren();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
