import type { Browser } from 'playwright-core';
import { contextWithin } from './initial-js';

/**
 * One event of a Chrome trace (the Trace Event Format: `ph` X is a complete event; ts and dur are wall-clock µs, tts
 * and tdur the thread's CPU time in µs).
 */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tts?: number;
  tdur?: number;
  args?: { name?: string };
}

/** A main-thread task: the scheduler runs each as one piece, and nothing else runs on the thread meanwhile. */
const TASK_EVENTS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
/**
 * Script the page runs, as DevTools' Performance panel and Lighthouse's main-thread breakdown name it: evaluating a
 * classic script or a module, and the callbacks the browser calls into it (compiling them is inside these).
 */
const SCRIPT_EVENTS = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'FireIdleCallback',
  'RunMicrotasks',
  'V8.Execute',
]);
const CATEGORIES = [
  '__metadata',
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
];

/** How long the union of `intervals` ([start, end]) is, counting overlaps (nested events) once. */
function coveredLength(intervals: [number, number][]): number {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [start, stop] of sorted) {
    if (stop <= end) continue;
    total += stop - Math.max(start, end);
    end = stop;
  }
  return total;
}

/**
 * The most script time (ms) any one task of the renderers' main threads spent, in a trace's events. Counted in the
 * thread's CPU time (tts/tdur), not wall-clock time: on a busy machine a task waits for the CPU, and that wait is
 * not the page's script.
 */
export function longestScriptTaskMs(events: readonly TraceEvent[]): number {
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const timed = events.filter(
    (event): event is TraceEvent & Required<Pick<TraceEvent, 'dur' | 'tts' | 'tdur'>> =>
      event.ph === 'X' &&
      event.dur !== undefined &&
      event.tts !== undefined &&
      event.tdur !== undefined &&
      mainThreads.has(`${event.pid}:${event.tid}`),
  );
  const scripts = timed.filter((event) => SCRIPT_EVENTS.has(event.name));
  const tasks = timed.filter((event) => TASK_EVENTS.has(event.name));
  if (tasks.length === 0) throw new Error('the trace has no main-thread tasks with thread time: is tracing broken?');
  let longest = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur;
    const threadEnd = task.tts + task.tdur;
    const inside = scripts
      .filter((script) => script.pid === task.pid && script.tid === task.tid && script.ts >= task.ts && script.ts < end)
      .map((script): [number, number] => [script.tts, Math.min(script.tts + script.tdur, threadEnd)]);
    longest = Math.max(longest, coveredLength(inside) / 1000);
  }
  return longest;
}

/**
 * Opens `url` in a fresh page with a Chrome trace running until the network is quiet (and half a second more, for
 * what the page does once loaded), and returns the most script time one main-thread task spent. Requests to other
 * origins are refused, so nothing leaves the machine.
 */
export async function longestScriptTaskOpening(browser: Browser, url: string): Promise<number> {
  const context = await contextWithin(browser, new URL(url).origin);
  try {
    const page = await context.newPage();
    await browser.startTracing(page, { categories: CATEGORIES });
    let opened: unknown = null;
    try {
      await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
      await page.waitForTimeout(500);
    } catch (error) {
      opened = error;
    }
    // Stopped in any case: a browser traces one page at a time.
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as
      { traceEvents: TraceEvent[] } | TraceEvent[];
    if (opened) throw opened;
    return longestScriptTaskMs(Array.isArray(trace) ? trace : trace.traceEvents);
  } finally {
    await context.close();
  }
}
