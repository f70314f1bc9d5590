import { describe, expect, it } from 'vitest';
import { activityMessages } from '../../../functions/domain/group-activity';
import { wallClockInstant, wallClockOf } from '../../../functions/domain/plan-time';
import {
  activityTimingIssues,
  FIELD_MESSAGES,
  formatWallDate,
  formatWallDateTime,
  formatWallTime,
} from '../../../functions/shared/schemas/group-activities';

describe('meeting times to instants, from the pinned tz database (@js-joda/timezone)', () => {
  it.each([
    ['2026-01-15', '08:00', '2026-01-15T16:00:00.000Z'], // PST, UTC-8
    ['2026-07-01', '08:00', '2026-07-01T15:00:00.000Z'], // PDT, UTC-7
    ['2026-03-08', '02:30', '2026-03-08T10:30:00.000Z'], // the hour DST skips moves forward
    ['2026-11-01', '01:30', '2026-11-01T08:30:00.000Z'], // the repeated hour takes the first (PDT) reading
    ['2026-11-26', '07:15', '2026-11-26T15:15:00.000Z'], // issue 11: a November departure
    ['2026-12-31', '23:30', '2027-01-01T07:30:00.000Z'], // crosses the UTC year
  ])('%s %s in Vancouver is %s', (date, time, instant) => {
    expect(wallClockInstant(date, time).toISOString()).toBe(instant);
    expect(wallClockOf(new Date(instant))).toEqual({ date, time: date === '2026-03-08' ? '03:30' : time });
  });

  it('judges "not in the past" with the server clock it is given', () => {
    const clock = {
      instantOf: (d: string, t: string) => wallClockInstant(d, t),
      dateOf: (i: Date) => wallClockOf(i).date,
    };
    const now = new Date('2026-11-26T15:00:00.000Z'); // 07:00 in Vancouver
    expect(activityTimingIssues('2026-11-26', '07:00', now, clock)).toEqual({ time: FIELD_MESSAGES.timePast });
    expect(activityTimingIssues('2026-11-26', '07:15', now, clock)).toEqual({});
    expect(activityTimingIssues('2026-11-25', '23:00', now, clock)).toEqual({ date: FIELD_MESSAGES.datePast });
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
