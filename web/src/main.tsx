/**
 * The module entry: the stylesheet and a few lines, no React. A prerendered public page (web/scripts/prerender.ts)
 * is readable from its HTML alone, so the app's code (web/src/boot.tsx) is fetched once that HTML is on screen and
 * does not compete with it for the network and the main thread; on a static one (landing, terms, not found: links
 * only) a signed-out visitor never fetches it, and the phone menu works from a few lines here. Every other page (the layout shell of
 * the signed-in screens, demo mode) needs the app to show its data: it starts at once, with the screen's chunks and
 * the demo client or Amplify loading beside it rather than after it.
 */
import { DEMO_CHUNKS_ID } from './app/demo-areas';
import { preloadScreenChunks } from './app/screens';
import { showStartFailure } from './app/start-failure';
import { demoAtStart } from './lib/auth/demo-mode';
import { amplifyNeededAtBoot } from './lib/auth/lazy-auth-service';
import { afterFirstContentfulPaint } from './lib/first-paint';
import { readableLocalStorage } from './lib/readable-storage';
import { wireStaticMenu } from './lib/static-menu';
import { STATIC_PAGE_MARK } from './prerender/static-page-mark';
import './index.css';

/** Lets the browser run input, paint and other tasks before the next step (a task boundary, not a delay). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app in two steps, each evaluated in a task of its own: React DOM, then the app. One module graph
 * evaluates in one task, and the whole app's was the longest task after a page's first paint, counted in full as
 * blocking time; React DOM is most of it. A failed first step is reported by the second: the app's start
 * imports React DOM too, and fails with it.
 */
const startApp = async () => {
  await import('react-dom/client').catch(() => undefined);
  await nextTask();
  await import('./boot').catch((error: unknown) => {
    console.error('TrailBuddy failed to start', error);
    showStartFailure(document);
  });
};
/** Started here only to load in parallel: the app awaits (and reports) them itself. */
const preload = (load: () => Promise<unknown>) => void load().catch(() => undefined);

const prerendered = document.getElementById('root')?.getAttribute('data-prerendered') ?? null;
/** A signed-in or demo visitor sees their own header even on a static page: only the app knows it. */
const appNeededOnStaticPage = () =>
  demoAtStart(window.location.search) || amplifyNeededAtBoot(readableLocalStorage(), window.location.search);

if (prerendered === STATIC_PAGE_MARK && !appNeededOnStaticPage()) {
  // Read from its HTML: its links load the page they name, and the app never starts here (no long task).
  wireStaticMenu(document);
} else if (prerendered !== null) {
  afterFirstContentfulPaint(() => void startApp());
} else {
  void startApp();
  preloadScreenChunks(document, window.location.pathname);
  if (demoAtStart(window.location.search)) {
    preload(() => import('./app/demo-api-client'));
    preloadScreenChunks(document, window.location.pathname, DEMO_CHUNKS_ID);
  } else if (amplifyNeededAtBoot(readableLocalStorage(), window.location.search))
    preload(() => import('./lib/auth/amplify-auth-service'));
}
