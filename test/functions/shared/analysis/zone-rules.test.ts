import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wallClockInstant, wallClockOf } from '../../../../functions/domain/plan-time';
import { stageDueAt } from '../../../../functions/domain/trip-plan';
import { localTimeIn, zoneRules } from '../../../../functions/shared/analysis/local-time';
import { TIME_ZONE_DATA_VERSION } from '../../../../functions/shared/analysis/zone-rules';
import { quotaResetsAt } from '../../../../functions/usecases/messages-quota';
import { zoneDataModule } from '../../../../infra/time-zones/zone-data';

const HOUR_MS = 3_600_000;
const vancouverOffsetHours = (iso: string) => zoneRules('America/Vancouver').offsetAt(Date.parse(iso)) / HOUR_MS;

// These facts fail on time zone data older than IANA 2026b, as Node 20's own ICU (tz 2025c) is.
describe('British Columbia keeps UTC−7 all year from November 2026', () => {
  it('reads its rules from an IANA release that knows it', () => {
    expect(TIME_ZONE_DATA_VERSION >= '2026b', TIME_ZONE_DATA_VERSION).toBe(true);
  });

  it('ships exactly the rules of the pinned moment-timezone (run `npm run tz:update` after bumping it)', () => {
    expect(readFileSync('functions/shared/analysis/zone-data.ts', 'utf8')).toBe(zoneDataModule());
  });

  it.each(['2026-11-28T12:00:00Z', '2027-01-15T12:00:00Z', '2027-07-01T12:00:00Z', '2030-12-01T12:00:00Z'])(
    'America/Vancouver is UTC−7 at %s',
    (iso) => expect(vancouverOffsetHours(iso)).toBe(-7),
  );

  it('still knows the last winter on UTC−8 and the switch that ended it', () => {
    expect(vancouverOffsetHours('2026-01-15T12:00:00Z')).toBe(-8);
    expect(vancouverOffsetHours('2026-03-08T09:59:59Z')).toBe(-8);
    expect(vancouverOffsetHours('2026-03-08T10:00:00Z')).toBe(-7);
    // The night clocks used to fall back: no repeated hour any more.
    expect(localTimeIn('America/Vancouver')(Date.parse('2026-11-01T09:30:00Z'))).toEqual({
      date: '2026-11-01',
      hour: 2,
    });
  });

  it('puts a plan due back at 11:30 on 29 Nov 2026 at 18:30 UTC, and its overdue alert at 18:30 plus grace', () => {
    expect(wallClockInstant('2026-11-29', '11:30').toISOString()).toBe('2026-11-29T18:30:00.000Z');
    const plan = { returnDate: '2026-11-29', returnTime: '11:30', graceMinutes: 60 };
    expect(stageDueAt(plan, 'overdue1')?.toISOString()).toBe('2026-11-29T19:30:00.000Z');
    expect(stageDueAt(plan, 'reminder')?.toISOString()).toBe('2026-11-29T18:00:00.000Z');
    expect(wallClockOf(new Date('2026-11-29T18:30:00.000Z'))).toEqual({ date: '2026-11-29', time: '11:30' });
  });

  it('starts the next message quota month at local midnight on UTC−7', () => {
    expect(quotaResetsAt(new Date('2026-11-28T12:00:00Z')).toISOString()).toBe('2026-12-01T07:00:00.000Z');
  });
});

describe('the functions never convert time zones with the runtime ICU', () => {
  // Intl with a timeZone, or toLocale*String, reads the zone rules the Node build shipped with.
  const RUNTIME_ZONE_USE = /Intl\.DateTimeFormat|\.toLocale(?:Date|Time)?String\(|timeZoneName/;
  const ALLOWED = new Set(['functions/shared/analysis/zone-rules.browser.ts']);

  it('has every zone conversion go through shared/analysis/local-time.ts', () => {
    const offenders = (readdirSync('functions', { recursive: true, encoding: 'utf8' }) as string[])
      .map((file) => join('functions', file).split('\\').join('/'))
      .filter((file) => file.endsWith('.ts') && !ALLOWED.has(file))
      .filter((file) => RUNTIME_ZONE_USE.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
