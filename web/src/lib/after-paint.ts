/** The longest a deferred load waits for the browser to be idle. */
const IDLE_TIMEOUT_MS = 1500;

/**
 * Resolves after the next paint, once the main thread is idle (or after IDLE_TIMEOUT_MS): for work a screen can do
 * after it has shown its figures, like loading and drawing charts.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () =>
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS })
        : setTimeout(resolve, 0);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(whenIdle, 0));
    else setTimeout(whenIdle, 0);
  });
}
