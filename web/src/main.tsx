/**
 * The module entry: the stylesheet and a few lines, no React, nothing the app shares (a module shared with it would
 * make every lazy chunk depend on this one, and load its stylesheet again, though the HTML has it inline). A
 * prerendered public page (web/scripts/prerender.ts) is readable from its HTML alone, so the app's code
 * (web/src/boot.tsx) is fetched once that HTML is on screen and does not compete with it for the network and the
 * main thread (issue 14); every other page (the layout shell of the signed-in screens, demo mode) needs the app to
 * show its data and starts it at once.
 */
import { showStartFailure } from './app/start-failure';
import { afterFirstContentfulPaint } from './lib/first-paint';
import './index.css';

const startApp = () => {
  import('./boot').catch((error: unknown) => {
    console.error('TrailBuddy failed to start', error);
    showStartFailure(document);
  });
};

if (document.getElementById('root')?.hasAttribute('data-prerendered')) afterFirstContentfulPaint(startApp);
else startApp();
