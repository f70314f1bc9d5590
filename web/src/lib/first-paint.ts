/** The longest the app's start waits for the first contentful paint (a slow device, or a paint never reported). */
export const FIRST_PAINT_WAIT_MS = 1000;

/**
 * Runs `start` once the page's first contentful paint is on screen (or after FIRST_PAINT_WAIT_MS; at once in a hidden
 * tab, which does not paint, or a browser that does not report paints). A prerendered page shows its content from the
 * HTML alone: its JavaScript then loads after that paint and does not compete with it for network and CPU.
 */
export function afterFirstContentfulPaint(start: () => void, doc: Document = document): void {
  const reportsPaints =
    typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  if (doc.visibilityState === 'hidden' || !reportsPaints) return start();
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    clearTimeout(timer);
    start();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) once();
  });
  const timer = setTimeout(once, FIRST_PAINT_WAIT_MS);
  observer.observe({ type: 'paint', buffered: true });
}
