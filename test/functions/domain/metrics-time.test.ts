import { describe, expect, it } from 'vitest';
import {
  InvalidTimeZoneError,
  assertTimeZone,
  lastLocalDays,
  localTimeIn,
  shiftDate,
} from '../../../functions/domain/metrics-time';

const VANCOUVER = 'America/Vancouver';

describe('localTimeIn', () => {
  it.each([
    // Vancouver summer (UTC-7): 23:30 local is already the next day in UTC.
    { instant: '2025-06-10T06:30:00Z', zone: VANCOUVER, date: '2025-06-09', hour: 23 },
    // Vancouver winter (UTC-8).
    { instant: '2025-01-15T07:30:00Z', zone: VANCOUVER, date: '2025-01-14', hour: 23 },
    { instant: '2025-01-15T08:00:00Z', zone: VANCOUVER, date: '2025-01-15', hour: 0 },
    // Spring forward, Sunday 9 March 2025: 02:00 PST becomes 03:00 PDT at 10:00 UTC.
    { instant: '2025-03-09T07:30:00Z', zone: VANCOUVER, date: '2025-03-08', hour: 23 },
    { instant: '2025-03-09T08:30:00Z', zone: VANCOUVER, date: '2025-03-09', hour: 0 },
    { instant: '2025-03-09T09:59:00Z', zone: VANCOUVER, date: '2025-03-09', hour: 1 },
    { instant: '2025-03-09T10:00:00Z', zone: VANCOUVER, date: '2025-03-09', hour: 3 },
    { instant: '2025-03-10T06:30:00Z', zone: VANCOUVER, date: '2025-03-09', hour: 23 },
    // Fall back, Sunday 2 November 2025: 02:00 PDT becomes 01:00 PST at 09:00 UTC; 01:30 happens twice.
    { instant: '2025-11-02T08:30:00Z', zone: VANCOUVER, date: '2025-11-02', hour: 1 },
    { instant: '2025-11-02T09:30:00Z', zone: VANCOUVER, date: '2025-11-02', hour: 1 },
    { instant: '2025-11-02T10:00:00Z', zone: VANCOUVER, date: '2025-11-02', hour: 2 },
    { instant: '2025-11-03T07:30:00Z', zone: VANCOUVER, date: '2025-11-02', hour: 23 },
    { instant: '2025-11-03T08:00:00Z', zone: VANCOUVER, date: '2025-11-03', hour: 0 },
    // Other zones: UTC itself, half-hour and +14 offsets, a half-hour DST shift.
    { instant: '2025-06-10T06:30:00Z', zone: 'UTC', date: '2025-06-10', hour: 6 },
    { instant: '2025-06-09T18:45:00Z', zone: 'Asia/Kolkata', date: '2025-06-10', hour: 0 },
    { instant: '2025-06-10T10:30:00Z', zone: 'Pacific/Kiritimati', date: '2025-06-11', hour: 0 },
    { instant: '2025-04-05T14:45:00Z', zone: 'Australia/Lord_Howe', date: '2025-04-06', hour: 1 },
    { instant: '2025-04-05T15:15:00Z', zone: 'Australia/Lord_Howe', date: '2025-04-06', hour: 1 },
  ])('$instant in $zone is $date, hour $hour', ({ instant, zone, date, hour }) => {
    expect(localTimeIn(zone)(Date.parse(instant))).toEqual({ date, hour });
  });

  it.each([VANCOUVER, 'Australia/Lord_Howe', 'Europe/London'])(
    'agrees with Intl at every 37th minute of 2025 in %s',
    (zone) => {
      // The converter caches offsets per UTC day; this checks it against formatting each instant on its own.
      const reference = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
      });
      const convert = localTimeIn(zone);
      const mismatches: string[] = [];
      for (let t = Date.parse('2025-01-01T00:00:00Z'); t < Date.parse('2026-01-01T00:00:00Z'); t += 37 * 60 * 1000) {
        const parts = Object.fromEntries(reference.formatToParts(t).map((part) => [part.type, part.value]));
        const expected = { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
        const actual = convert(t);
        if (actual.date !== expected.date || actual.hour !== expected.hour) mismatches.push(new Date(t).toISOString());
      }
      expect(mismatches).toEqual([]);
    },
  );

  it('rejects an unknown time zone with a clear error', () => {
    expect(() => localTimeIn('Mars/Olympus_Mons')).toThrow(InvalidTimeZoneError);
    expect(() => assertTimeZone('not a zone')).toThrow(/Unknown time zone 'not a zone'/);
    expect(() => assertTimeZone(VANCOUVER)).not.toThrow();
  });
});

describe('shiftDate', () => {
  it.each([
    { date: '2025-03-01', days: -1, expected: '2025-02-28' },
    { date: '2024-03-01', days: -1, expected: '2024-02-29' },
    { date: '2025-12-31', days: 1, expected: '2026-01-01' },
    { date: '2025-03-09', days: 1, expected: '2025-03-10' },
    { date: '2025-11-02', days: -27, expected: '2025-10-06' },
    { date: '2025-06-10', days: -364, expected: '2024-06-11' },
    { date: '2025-06-10', days: 0, expected: '2025-06-10' },
  ])('$date shifted by $days days is $expected', ({ date, days, expected }) => {
    expect(shiftDate(date, days)).toBe(expected);
  });
});

describe('lastLocalDays', () => {
  it.each([
    // 00:30 local on 10 June: today is 10 June, the 7 days start on 4 June.
    { now: '2025-06-10T07:30:00Z', days: 7, start: '2025-06-04', end: '2025-06-10' },
    // One hour earlier it is 23:30 on 9 June locally, though already 10 June in UTC.
    { now: '2025-06-10T06:30:00Z', days: 7, start: '2025-06-03', end: '2025-06-09' },
    { now: '2025-06-10T06:30:00Z', days: 1, start: '2025-06-09', end: '2025-06-09' },
    // 28 days across the spring-forward Sunday are still 28 calendar days.
    { now: '2025-03-20T19:00:00Z', days: 28, start: '2025-02-21', end: '2025-03-20' },
    { now: '2025-11-20T20:00:00Z', days: 28, start: '2025-10-24', end: '2025-11-20' },
  ])('the last $days days at $now (Vancouver) run $start to $end', ({ now, days, start, end }) => {
    expect(lastLocalDays(new Date(now), VANCOUVER, days)).toEqual({ start, end });
  });

  it('rejects a window of no days and an invalid clock', () => {
    expect(() => lastLocalDays(new Date('2025-06-10T00:00:00Z'), VANCOUVER, 0)).toThrow(RangeError);
    expect(() => lastLocalDays(new Date('2025-06-10T00:00:00Z'), VANCOUVER, 1.5)).toThrow(RangeError);
    expect(() => lastLocalDays(new Date('nope'), VANCOUVER, 7)).toThrow(RangeError);
  });
});
