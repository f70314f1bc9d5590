/**
 * The module entry: the stylesheet and a few lines, no React. A prerendered public page (web/scripts/prerender.ts)
 * is readable from its HTML alone, so the app's code (web/src/boot.tsx) is fetched once that HTML is on screen and
 * does not compete with it for the network and the main thread. A static one (landing, terms, not found) does not
 * even link this entry: its own small script (web/src/static-page.ts) loads it only for a signed-in or demo visitor.
 * Every other page (the layout shell of the signed-in screens, demo mode) needs the app to show its data: it starts
 * at once, with the screen's chunks and the demo client or Amplify loading beside it rather than after it.
 */
import { DEMO_CHUNKS_ID } from './app/demo-areas';
import { preloadScreenChunks } from './app/screens';
import { showStartFailure } from './app/start-failure';
import { demoAtStart } from './lib/auth/demo-mode';
import { amplifyNeededAtBoot } from './lib/auth/lazy-auth-service';
import { afterFirstContentfulPaint } from './lib/first-paint';
import { readableLocalStorage } from './lib/readable-storage';
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

const prerendered = document.getElementById('root')?.hasAttribute('data-prerendered') ?? false;

if (prerendered) {
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
