import { describe, expect, it } from 'vitest';
import { dedupDecision, distinctOutings, isSameOuting, richerOf } from '../../../functions/domain/file-import-dedup';
import {
  countedFileOutings,
  fileDailyParts,
  type StoredFileActivity,
} from '../../../functions/domain/file-import-parts';
import { emptyDailyAggregate } from '../../../functions/shared/analysis/daily-aggregates';

const START = '2026-06-01T15:00:00.000Z';
const at = (offsetSeconds: number) => new Date(Date.parse(START) + offsetSeconds * 1000).toISOString();

function fileOuting(overrides: Partial<StoredFileActivity> = {}): StoredFileActivity {
  return {
    import_id: '11111111-1111-4111-8111-111111111111',
    covered_by: null,
    activity_type: 'run',
    start_time: START,
    utc_offset_minutes: null,
    duration_seconds: 3600,
    moving_seconds: null,
    distance_meters: 10_000,
    elevation_gain_meters: null,
    calories_burned: null,
    heart_rate_avg: null,
    ...overrides,
  };
}

describe('one outing', () => {
  it('is the same type, a start within 2 minutes and a duration within 5 %', () => {
    const run = { activity_type: 'run', start_time: START, duration_seconds: 3600 };
    expect(isSameOuting(run, { ...run, start_time: at(120), duration_seconds: 3780 })).toBe(true);
    expect(isSameOuting(run, { ...run, start_time: at(-120) })).toBe(true);
    expect(isSameOuting(run, { ...run, start_time: at(121) })).toBe(false);
    expect(isSameOuting(run, { ...run, duration_seconds: 3400 })).toBe(false);
    expect(isSameOuting(run, { ...run, activity_type: 'ride' })).toBe(false);
  });

  it("reads a provider's type name in the one vocabulary", () => {
    const file = { activity_type: 'run', start_time: START, duration_seconds: 3600 };
    expect(isSameOuting(file, { activity_type: 'TrailRun', start_time: at(30), duration_seconds: 3590 })).toBe(true);
    expect(isSameOuting(file, { activity_type: 'Hike', start_time: at(30), duration_seconds: 3590 })).toBe(false);
  });

  it('keeps the richer record, and on a tie the one already kept', () => {
    const plain = fileOuting();
    const rich = fileOuting({ heart_rate_avg: 150, calories_burned: 700, start_time: at(40) });
    expect(richerOf(plain, rich)).toBe(rich);
    expect(richerOf(rich, plain)).toBe(rich);
    const twin = fileOuting({ start_time: at(10) });
    expect(richerOf(plain, twin)).toBe(plain);
    expect(distinctOutings([plain, rich, twin])).toEqual([rich]);
  });

  it('decides new or already here against what is held', () => {
    const held = [{ activity_type: 'Ride', start_time: START, duration_seconds: 5400, provider_type: 'strava' }];
    expect(dedupDecision({ activity_type: 'ride', start_time: at(60), duration_seconds: 5300 }, held)).toEqual({
      kind: 'already_here',
      match: held[0],
    });
    expect(dedupDecision({ activity_type: 'ride', start_time: at(3600), duration_seconds: 5400 }, held)).toEqual({
      kind: 'new',
    });
  });
});

describe("the files' share of the days", () => {
  const base = {
    fileStepDays: [],
    heldProviderActivities: [],
    activeProviders: new Set<never>(),
    providerParts: [],
    timeZone: 'UTC',
  };

  it('counts a run imported twice once, from the richer copy', () => {
    const parts = fileDailyParts({
      ...base,
      fileActivities: [
        fileOuting({ import_id: 'a' }),
        fileOuting({ import_id: 'b', start_time: at(60), calories_burned: 800 }),
      ],
    });
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ date: '2026-06-01', sessions: 1, calories: 800, distanceMeters: 10_000 });
  });

  it("leaves out a file outing a provider's held record or a connected provider covers", () => {
    const held = { activity_type: 'Run', start_time: at(30), duration_seconds: 3610 };
    expect(countedFileOutings({ ...base, fileActivities: [fileOuting()], heldProviderActivities: [held] })).toEqual([]);
    const covered = fileOuting({ covered_by: 'strava' });
    expect(countedFileOutings({ ...base, fileActivities: [covered], activeProviders: new Set(['strava']) })).toEqual(
      [],
    );
    // Once that provider is disconnected its parts are gone, and the file copy counts again.
    expect(countedFileOutings({ ...base, fileActivities: [covered] })).toEqual([covered]);
  });

  it('takes the larger of two step counts of a day, and none for a day a provider counts steps for', () => {
    const parts = fileDailyParts({
      ...base,
      fileActivities: [],
      fileStepDays: [
        { import_id: 'a', date: '2026-06-01', steps: 9000 },
        { import_id: 'b', date: '2026-06-01', steps: 9500 },
        { import_id: 'a', date: '2026-06-02', steps: 4000 },
      ],
      providerParts: [{ ...emptyDailyAggregate('2026-06-02'), steps: 3000 }],
    });
    expect(parts.map((day) => [day.date, day.steps, day.sessions])).toEqual([['2026-06-01', 9500, 0]]);
  });
});
