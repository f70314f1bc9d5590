import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint, FIRST_PAINT_WAIT_MS } from '@/lib/first-paint';

/** A browser's PerformanceObserver for 'paint' entries, reporting the paints the test makes. */
class FakePaintObserver {
  static supportedEntryTypes: readonly string[] = ['paint'];
  static observers = new Set<FakePaintObserver>();
  static paint(name: 'first-paint' | 'first-contentful-paint') {
    for (const observer of FakePaintObserver.observers)
      observer.callback({ getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) });
  }
  constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {}
  observe(options: { type: string; buffered: boolean }) {
    expect(options).toEqual({ type: 'paint', buffered: true }); // buffered: a paint before the entry ran counts
    FakePaintObserver.observers.add(this);
  }
  disconnect() {
    FakePaintObserver.observers.delete(this);
  }
}

const visibleDocument = { visibilityState: 'visible' } as Document;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  FakePaintObserver.observers.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterFirstContentfulPaint', () => {
  it('starts once the first contentful paint is reported, not at the first (blank) paint', () => {
    const start = vi.fn();
    afterFirstContentfulPaint(start, visibleDocument);
    expect(start).not.toHaveBeenCalled();
    FakePaintObserver.paint('first-paint');
    expect(start).not.toHaveBeenCalled();
    FakePaintObserver.paint('first-contentful-paint');
    expect(start).toHaveBeenCalledTimes(1);
    expect(FakePaintObserver.observers.size).toBe(0); // stopped observing
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS);
    expect(start).toHaveBeenCalledTimes(1); // not again when the wait runs out
  });

  it('starts after FIRST_PAINT_WAIT_MS when no paint is reported', () => {
    const start = vi.fn();
    afterFirstContentfulPaint(start, visibleDocument);
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
    expect(FakePaintObserver.observers.size).toBe(0);
    FakePaintObserver.paint('first-contentful-paint');
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once in a hidden tab, which does not paint', () => {
    const start = vi.fn();
    afterFirstContentfulPaint(start, { visibilityState: 'hidden' } as Document);
    expect(start).toHaveBeenCalledTimes(1);
    expect(FakePaintObserver.observers.size).toBe(0);
  });

  it('starts at once in a browser that does not report paints', () => {
    const start = vi.fn();
    vi.stubGlobal(
      'PerformanceObserver',
      class extends FakePaintObserver {
        static override supportedEntryTypes = ['navigation'];
      },
    );
    afterFirstContentfulPaint(start, visibleDocument);
    expect(start).toHaveBeenCalledTimes(1);
    vi.stubGlobal('PerformanceObserver', undefined);
    afterFirstContentfulPaint(start, visibleDocument);
    expect(start).toHaveBeenCalledTimes(2);
  });
});
