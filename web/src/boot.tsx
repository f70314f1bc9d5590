/**
 * The app's start, loaded by the entry (web/src/main.tsx): reads the page's state, loads what this visitor needs
 * (config, Amplify, the demo client) and renders or hydrates the app into #root.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { App } from './app/app';
import { BootError } from './app/boot-error';
import { preloadScreen } from './app/router';
import { PageSpinner } from './components/ui/spinner';
import { demoAtStart } from './lib/auth/demo-mode';
import { afterPaint } from './lib/after-paint';
import { amplifyNeededAtBoot, createLazyAuthService } from './lib/auth/lazy-auth-service';
import { readableLocalStorage } from './lib/readable-storage';
import { lazyRuntimeConfig } from './lib/runtime-config-source';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
/** Public pages come prerendered (web/scripts/prerender.ts): their HTML is already painted, so no spinner over it, and the app hydrates it. */
const prerendered = container.hasAttribute('data-prerendered');
/** Every other path comes with the layout shell painted (header, page frame, footer): it stays until the app renders. */
const shell = container.hasAttribute('data-shell');
let root: Root | undefined = prerendered ? undefined : createRoot(container);

async function boot() {
  if (!shell) root?.render(<PageSpinner />);
  // Demo mode runs on its in-browser client and needs no config (its chunk is loading already, web/src/main.tsx).
  const demo = demoAtStart(window.location.search);
  try {
    // Amplify is a large part of the app's JS: signed-out visitors of the public pages never load it, and
    // when a session (or a Google redirect) is there it loads in parallel with the config.
    const storage = readableLocalStorage();
    const sessionMayExist = () => amplifyNeededAtBoot(storage, window.location.search);
    const loadAmplify = () => import('./lib/auth/amplify-auth-service');
    const early = sessionMayExist() ? loadAmplify() : undefined;
    early?.catch(() => undefined); // a failed early load is reported where it is awaited
    // /config.json (and the zod code that checks it) is loaded only when something needs it: at once for a session
    // or a screen rendered afresh; demo mode never; a signed-out visitor of a prerendered page hydrates without it
    // (sign-in's connection test link asks for it as the page hydrates; the landing page never loads it).
    const config = lazyRuntimeConfig(async () => (await import('./lib/runtime-config')).loadRuntimeConfig());
    const authService = createLazyAuthService({
      config,
      load: async () =>
        (await (early ?? loadAmplify())).createAmplifyAuthService(await config.load(), window.location.origin),
      sessionMayExist,
    });
    // The prerendered HTML is what a signed-out visitor sees: hydrate it only for one; a session or demo mode
    // renders afresh (hydrating would mismatch, React error #418).
    const signedOutVisitor = authService.signedOutAtStart?.() === true && !demo;
    const hydrate = !root && signedOutVisitor;
    // A screen rendered afresh starts loading its chunk now, beside the config, not after the first render.
    if (!hydrate) preloadScreen(window.location.pathname)?.catch(() => undefined); // a failed load shows where it renders
    if (!hydrate && !demo) await config.load();
    const app = (
      <StrictMode>
        <App config={config} authService={authService} />
      </StrictMode>
    );
    // In a transition React renders (or hydrates) in slices of a few milliseconds, yielding to the browser between
    // them, instead of in one long task after the page's first paint; input on a part not hydrated yet
    // hydrates it first. A screen rendered afresh keeps the layout shell on screen until React commits it.
    startTransition(() => {
      if (hydrate) root = hydrateRoot(container!, app);
      else (root ??= createRoot(container!)).render(app);
    });
    // The app itself (not a signed-out visitor's public page): the offline app shell, once the screen is up.
    if (!hydrate) void afterPaint().then(async () => (await import('./lib/app-worker')).registerAppWorker());
  } catch (error) {
    console.error('TrailBuddy failed to start', error);
    const message =
      error instanceof Error && error.name === 'RuntimeConfigError'
        ? error.message
        : 'Part of the app failed to load. Check your connection and try again.';
    (root ??= createRoot(container!)).render(<BootError message={message} />);
  }
}

void boot();
