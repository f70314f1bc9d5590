/**
 * The module entry: the stylesheet and a few lines, no React. A prerendered public page (web/scripts/prerender.ts)
 * is readable from its HTML alone, so the app's code (web/src/boot.tsx) is fetched once that HTML is on screen and
 * does not compete with it for the network and the main thread (issue 14). Every other page (the layout shell of
 * the signed-in screens, demo mode) needs the app to show its data: it starts at once, with the screen's chunks and
 * the demo client or Amplify loading beside it rather than after it.
 */
import { preloadScreenChunks } from './app/screens';
import { showStartFailure } from './app/start-failure';
import { demoAtStart } from './lib/auth/demo-mode';
import { amplifyNeededAtBoot } from './lib/auth/lazy-auth-service';
import { afterFirstContentfulPaint } from './lib/first-paint';
import { readableLocalStorage } from './lib/readable-storage';
import './index.css';

const startApp = () => {
  import('./boot').catch((error: unknown) => {
    console.error('TrailBuddy failed to start', error);
    showStartFailure(document);
  });
};
/** Started here only to load in parallel: the app awaits (and reports) them itself. */
const preload = (load: () => Promise<unknown>) => void load().catch(() => undefined);

if (document.getElementById('root')?.hasAttribute('data-prerendered')) {
  afterFirstContentfulPaint(startApp);
} else {
  startApp();
  preloadScreenChunks(document, window.location.pathname);
  if (demoAtStart(window.location.search)) preload(() => import('./lib/demo/demo-api-client'));
  else if (amplifyNeededAtBoot(readableLocalStorage(), window.location.search))
    preload(() => import('./lib/auth/amplify-auth-service'));
}
