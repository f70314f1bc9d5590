import { describe, expect, it } from 'vitest';
import { addPageToBackfill } from '../../../functions/domain/backfill';
import { reconcileProviderAggregates, type HeldActivity } from '../../../functions/domain/metrics';

const TZ = 'America/Vancouver';
const NOW = new Date('2026-11-23T20:00:00.000Z');
const run = (start: string, minutes: number): HeldActivity => ({
  provider_type: 'strava',
  activity_type: 'Run',
  start_time: start,
  duration_seconds: minutes * 60,
});

describe('addPageToBackfill', () => {
  it('sums pages into one part per local day whatever the page order, marked backfilled', () => {
    const a = [run('2026-03-01T17:00:00.000Z', 30), run('2026-03-02T17:00:00.000Z', 10)];
    const b = [run('2026-03-01T19:00:00.000Z', 20)];
    const forward = addPageToBackfill(addPageToBackfill({}, a, TZ, NOW), b, TZ, NOW);
    const backward = addPageToBackfill(addPageToBackfill({}, b, TZ, NOW), a, TZ, NOW);
    expect(forward).toEqual(backward);
    expect(forward['2026-03-01']).toMatchObject({ sessions: 2, minutes: 50, backfilled: true, provider: 'strava' });
    expect(forward['2026-03-01']!.hours.reduce((sum, n) => sum + n, 0)).toBe(2);
    expect(forward['2026-03-02']).toMatchObject({ sessions: 1, minutes: 10 });
  });

  it('a backfilled day with no raw records held survives reconciliation (it was never stored), a plain one does not', () => {
    const days = addPageToBackfill({}, [run('2026-03-01T17:00:00.000Z', 30)], TZ, NOW);
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
