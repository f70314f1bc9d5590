import { DEMO_QUERY_PARAM } from '@/lib/paths';

/** Demo mode lasts for the browser tab (sessionStorage), like the session it stands in for. */
const DEMO_STORAGE_KEY = 'trailbuddy.demo';

/** `globalThis`, not `window`: the public pages are also rendered at build time in Node, where there is no storage (not demo). */
export function readDemoFlag(storage: Storage = globalThis.sessionStorage): boolean {
  try {
    return storage.getItem(DEMO_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeDemoFlag(on: boolean, storage: Storage = window.sessionStorage): void {
  try {
    if (on) storage.setItem(DEMO_STORAGE_KEY, 'true');
    else storage.removeItem(DEMO_STORAGE_KEY);
  } catch {
    // Storage can be disabled (private mode); demo then lasts until the page reloads.
  }
}

/** `?demo=true` on any URL turns demo mode on. */
export function searchRequestsDemo(search: string): boolean {
  return new URLSearchParams(search).get(DEMO_QUERY_PARAM) === 'true';
}

/** Whether this page load starts in demo mode: the tab is in it already, or its URL asks for it. */
export function demoAtStart(search: string): boolean {
  // The URL first: a tab's first storage read is slow (tens of ms in a fresh profile) and the URL often answers.
  return searchRequestsDemo(search) || readDemoFlag();
}
