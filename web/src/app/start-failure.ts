/** What a visitor is told when the app's own code failed to load (no React: that is part of what failed). */
export const START_FAILURE_MESSAGE =
  'TrailBuddy could not start: part of the app failed to load. Check your connection and reload the page.';

/**
 * Shows START_FAILURE_MESSAGE in the page frame of the layout shell (or #root). A prerendered public page keeps its
 * HTML: it stays readable, and its links work without JavaScript.
 */
export function showStartFailure(doc: Document): void {
  const root = doc.getElementById('root');
  if (!root || root.hasAttribute('data-prerendered')) return;
  const alert = doc.createElement('p');
  alert.setAttribute('role', 'alert');
  alert.className = 'mx-auto max-w-lg p-8 text-center text-red-700';
  alert.textContent = START_FAILURE_MESSAGE;
  (root.querySelector('main') ?? root).replaceChildren(alert);
}
