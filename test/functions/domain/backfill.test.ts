import { describe, expect, it } from 'vitest';
import { addPageToBackfill, importWindowStart } from '../../../functions/domain/backfill';
import {
  combineDailyAggregates,
  reconcileProviderAggregates,
  type HeldActivity,
} from '../../../functions/domain/metrics';

const TZ = 'America/Vancouver';
const NOW = new Date('2026-11-23T20:00:00.000Z');
const run = (start: string, minutes: number): HeldActivity => ({
  provider_type: 'strava',
  activity_type: 'Run',
  start_time: start,
  duration_seconds: minutes * 60,
});
/** Any window start after every activity of a test: all of them belong to the backfill. */
const LATER = Date.parse('2026-10-01T00:00:00.000Z') / 1000;

describe('addPageToBackfill', () => {
  it('sums pages into one part per local day whatever the page order, marked backfilled', () => {
    const a = [run('2026-03-01T17:00:00.000Z', 30), run('2026-03-02T17:00:00.000Z', 10)];
    const b = [run('2026-03-01T19:00:00.000Z', 20)];
    const forward = addPageToBackfill(addPageToBackfill({}, a, TZ, NOW, LATER), b, TZ, NOW, LATER);
    const backward = addPageToBackfill(addPageToBackfill({}, b, TZ, NOW, LATER), a, TZ, NOW, LATER);
    expect(forward).toEqual(backward);
    expect(forward['2026-03-01']).toMatchObject({ sessions: 2, minutes: 50, backfilled: true, provider: 'strava' });
    expect(forward['2026-03-01']!.hours.reduce((sum, n) => sum + n, 0)).toBe(2);
    expect(forward['2026-03-02']).toMatchObject({ sessions: 1, minutes: 10 });
  });

  it('a backfilled day with no raw records held survives reconciliation (it was never stored), a plain one does not', () => {
    const days = addPageToBackfill({}, [run('2026-03-01T17:00:00.000Z', 30)], TZ, NOW, LATER);
    const backfilled = days['2026-03-01']!;
    const plain = { ...backfilled, date: '2026-03-02', backfilled: undefined };
    const kept = reconcileProviderAggregates({
      stored: [backfilled, plain],
      held: [],
      activeProviders: new Map([['strava', '2026-11-23T19:00:00.000Z']]),
      retentionCutoff: new Date(NOW.getTime() - 7 * 86_400_000),
      now: NOW,
      timeZone: TZ,
    });
    expect(kept.map((part) => part.date)).toEqual(['2026-03-01']);
  });
});

describe('the day where the backfill meets the import window', () => {
  const CONNECTED_AT = '2026-11-23T19:05:00.000Z';
  // 30 days before the connection: 2026-10-24T19:05:00Z, 12:05 that day in Vancouver.
  const windowStart = importWindowStart(CONNECTED_AT, 30);
  const at = (offsetMinutes: number) => new Date((windowStart + offsetMinutes * 60) * 1000).toISOString();
  const morning = run(at(-120), 20);
  const atTheStart = run(at(0), 15);
  const evening = run(at(+120), 40);
  const activeProviders = new Map([['strava' as const, CONNECTED_AT]]);

  function reconcile(stored: Parameters<typeof reconcileProviderAggregates>[0]['stored'], held: HeldActivity[]) {
    return reconcileProviderAggregates({
      stored,
      held,
      activeProviders,
      retentionCutoff: new Date(NOW.getTime() - 7 * 86_400_000),
      now: NOW,
      timeZone: TZ,
    });
  }

  it('the window starts 30 days before the connection, in whole seconds', () => {
    expect(new Date(windowStart * 1000).toISOString()).toBe('2026-10-24T19:05:00.000Z');
  });

  it('the backfill counts what started at or before the window start and never what the raw import holds', () => {
    // A provider that answers an inclusive `before` (or a page that holds the evening run anyway) counts nothing twice.
    const days = addPageToBackfill({}, [morning, atTheStart, evening], TZ, NOW, windowStart);
    expect(days['2026-10-24']).toMatchObject({ sessions: 2, minutes: 35, backfilled: true });
  });

  it("keeps the backfill's part beside the raw part, whichever is stored first and however often either reruns", () => {
    const backfill = addPageToBackfill({}, [morning, atTheStart], TZ, NOW, windowStart)['2026-10-24']!;
    const held = [evening];
    const expectDay = (parts: ReturnType<typeof reconcile>) =>
      expect(combineDailyAggregates(parts)).toEqual([
        expect.objectContaining({ date: '2026-10-24', sessions: 3, minutes: 75 }),
      ]);

    // The import first: its raw part is stored, then the backfill's part is added beside it.
    const importFirst = reconcile([], held);
    const thenBackfill = reconcile([...importFirst, backfill], held);
    expectDay(thenBackfill);
    // Re-aggregating the raw records again (a later sync, a deletion elsewhere) leaves the backfill's part alone.
    expectDay(reconcile(reconcile(thenBackfill, held), held));

    // The backfill first: the raw re-aggregation that follows adds its part instead of replacing the backfill's.
    const backfillFirst = reconcile([backfill], []);
    expect(combineDailyAggregates(backfillFirst)).toEqual([expect.objectContaining({ sessions: 2, minutes: 35 })]);
    expectDay(reconcile(backfillFirst, held));
    expectDay(reconcile(reconcile(backfillFirst, held), held));
  });
});
