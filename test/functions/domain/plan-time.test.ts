import { describe, expect, it } from 'vitest';
import { activityMessages } from '../../../functions/domain/group-activity';
import { wallClockInstant, wallClockOf } from '../../../functions/domain/plan-time';
import {
  activityTimingIssues,
  FIELD_MESSAGES,
  formatWallDate,
  formatWallDateTime,
  formatWallTime,
  planStartInstant,
} from '../../../functions/shared/schemas/group-activities';

describe('meeting times to instants, from the IANA data the functions ship', () => {
  it.each([
    ['2026-01-15', '08:00', '2026-01-15T16:00:00.000Z'], // PST, UTC-8
    ['2026-07-01', '08:00', '2026-07-01T15:00:00.000Z'], // PDT, UTC-7
    ['2026-03-08', '02:30', '2026-03-08T10:30:00.000Z'], // the hour DST skips moves forward
    ['2026-11-01', '01:30', '2026-11-01T08:30:00.000Z'], // BC kept UTC−7: no repeated hour any more
    ['2026-11-26', '07:15', '2026-11-26T14:15:00.000Z'], // a November departure, UTC−7 since BC stopped changing clocks
    ['2026-12-31', '23:30', '2027-01-01T06:30:00.000Z'], // crosses the UTC year
  ])('%s %s in Vancouver is %s', (date, time, instant) => {
    expect(wallClockInstant(date, time).toISOString()).toBe(instant);
    expect(wallClockOf(new Date(instant))).toEqual({ date, time: date === '2026-03-08' ? '03:30' : time });
  });

  it.each([
    // zone, wall date, wall time, instant, read back as
    ['Europe/Berlin', '2026-03-29', '02:30', '2026-03-29T01:30:00.000Z', '03:30'], // skipped hour moves forward
    ['Europe/Berlin', '2026-10-25', '02:30', '2026-10-25T00:30:00.000Z', '02:30'], // repeated hour: CEST (earlier offset)
    ['Europe/Berlin', '2026-10-25', '03:00', '2026-10-25T02:00:00.000Z', '03:00'], // just after the overlap: CET
    ['Australia/Sydney', '2026-10-04', '02:15', '2026-10-03T16:15:00.000Z', '03:15'], // southern spring gap
    ['Australia/Sydney', '2026-04-05', '02:30', '2026-04-04T15:30:00.000Z', '02:30'], // southern autumn overlap: AEDT
    ['Australia/Lord_Howe', '2026-10-04', '02:10', '2026-10-03T15:40:00.000Z', '02:40'], // a 30-minute gap
    ['Asia/Kolkata', '2026-12-31', '23:45', '2026-12-31T18:15:00.000Z', '23:45'], // half-hour offset, no DST
    ['Pacific/Auckland', '2027-01-01', '00:30', '2026-12-31T11:30:00.000Z', '00:30'], // local new year, UTC's old year
    ['America/Vancouver', '2027-01-01', '00:00', '2027-01-01T07:00:00.000Z', '00:00'], // local midnight of a new year
    ['Pacific/Apia', '2011-12-30', '12:00', '2011-12-30T22:00:00.000Z', '12:00'], // a whole skipped day moves forward
    ['America/Vancouver', '2026-03-08', '03:00', '2026-03-08T10:00:00.000Z', '03:00'], // the first minute after the gap
    ['America/Vancouver', '2025-11-02', '01:30', '2025-11-02T08:30:00.000Z', '01:30'], // the last repeated hour: first reading
    ['America/Vancouver', '2025-11-02', '02:00', '2025-11-02T10:00:00.000Z', '02:00'], // the first minute after it
  ])('%s %s %s is %s', (zone, date, time, instant, readBack) => {
    expect(wallClockInstant(date, time, zone).toISOString()).toBe(instant);
    const back = wallClockOf(new Date(instant), zone);
    expect(back.time).toBe(readBack);
  });

  it('reads both instants of a repeated hour as the same wall-clock time', () => {
    expect(wallClockOf(new Date('2025-11-02T08:30:00.000Z'))).toEqual({ date: '2025-11-02', time: '01:30' });
    expect(wallClockOf(new Date('2025-11-02T09:30:00.000Z'))).toEqual({ date: '2025-11-02', time: '01:30' });
  });

  it('rejects dates and times that do not exist, and unknown zones', () => {
    expect(() => wallClockInstant('2026-02-29', '08:00')).toThrow(RangeError);
    expect(() => wallClockInstant('2026-11-26', '24:00')).toThrow(RangeError);
    expect(() => wallClockInstant('26-11-2026', '08:00')).toThrow(RangeError);
    expect(() => wallClockInstant('2026-11-26', '08:00', 'Mars/Olympus_Mons')).toThrow(/Unknown time zone/);
  });

  it('judges "not in the past" in Vancouver time, with the same conversion as the server', () => {
    const now = new Date('2026-11-26T14:00:00.000Z'); // 07:00 in Vancouver
    expect(activityTimingIssues('2026-11-26', '07:00', now)).toEqual({ time: FIELD_MESSAGES.timePast });
    expect(activityTimingIssues('2026-11-26', '07:15', now)).toEqual({});
    expect(activityTimingIssues('2026-11-25', '23:00', now)).toEqual({ date: FIELD_MESSAGES.datePast });
    for (const [date, time] of [
      ['2026-03-08', '02:30'],
      ['2026-11-01', '01:30'],
      ['2026-07-01', '08:00'],
    ] as const)
      expect(planStartInstant(date, time)).toEqual(wallClockInstant(date, time));
  });
});

describe('meeting times shown as typed (no zone conversion anywhere)', () => {
  it.each([
    ['07:15', '7:15 a.m.'],
    ['08:00', '8:00 a.m.'],
    ['00:30', '12:30 a.m.'],
    ['12:00', '12:00 p.m.'],
    ['17:30', '5:30 p.m.'],
    ['23:59', '11:59 p.m.'],
  ])('%s reads %s', (time, shown) => {
    expect(formatWallTime(time)).toBe(shown);
  });

  it('formats dates by calendar arithmetic, whatever the process zone', () => {
    expect(formatWallDate('2026-11-26')).toBe('Thu, Nov 26');
    expect(formatWallDate('2027-01-01')).toBe('Fri, Jan 1');
    expect(formatWallDateTime('2026-11-26', '07:15')).toBe('Thu, Nov 26, 7:15 a.m.');
  });

  it('uses the typed time in notification texts', () => {
    expect(activityMessages.reminder('Grouse Grind', '2026-11-26', '08:00', 'Grouse Mountain')).toBe(
      'Reminder: Grouse Grind is on Thu, Nov 26 at 8:00 a.m., Grouse Mountain.',
    );
    expect(activityMessages.updated('Grouse Grind', '2026-11-26', '17:30')).toBe(
      'Grouse Grind was updated by the organizer: now Thu, Nov 26 at 5:30 p.m.',
    );
  });
});
