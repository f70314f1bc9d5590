/**
 * The app's one service worker (built from web/service-worker/app-sw.js): it caches the app shell so the app opens
 * without signal, and carries Web Push's handlers (a scope has one worker, so push registers this same one).
 */
export const APP_WORKER_URL = '/sw.js';
export const APP_WORKER_SCOPE = '/';

/**
 * Registers the worker once the app has started and painted: its install downloads the app's scripts, which must
 * not compete with the first screen. A browser without service workers (or refusing one) just has no offline app.
 */
export async function registerAppWorker(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  await navigator.serviceWorker.register(APP_WORKER_URL, { scope: APP_WORKER_SCOPE }).catch((error: unknown) => {
    console.warn('The offline app could not be set up in this browser.', error);
  });
}
