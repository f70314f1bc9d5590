import { describe, expect, it } from 'vitest';
import {
  MAX_TRIP_DAYS,
  returnWithinTrip,
  TRIP_FIELD_MESSAGES,
  TripPlanInput,
  tripTimingIssues,
} from '../../../functions/shared/schemas/trip-plans';

const NOW = new Date('2026-11-28T20:00:00.000Z'); // 12:00 in Vancouver
const plan = (startDate: string, returnDate = startDate) => ({
  trailhead: 'Lynn Headwaters',
  route: 'Lynn Loop',
  area: 'North Shore',
  startDate,
  startTime: '08:00',
  returnDate,
  returnTime: '17:00',
  graceMinutes: 60,
  contacts: [{ name: 'Casey', email: 'casey@example.org' }],
});

describe('trip plan dates (one schema for the form and the server)', () => {
  it(`the return is at most ${MAX_TRIP_DAYS} days after the start`, () => {
    expect(TripPlanInput.safeParse(plan('2026-12-01', '2026-12-15')).success).toBe(true);
    const long = TripPlanInput.safeParse(plan('2026-12-01', '2026-12-16'));
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]).toMatchObject({ path: ['returnDate'], message: TRIP_FIELD_MESSAGES.tripTooLong });
    expect(TripPlanInput.safeParse(plan('1900-01-01', '9999-12-31')).success).toBe(false);
  });

  it('a missing or malformed date is its own field error, never a crash', () => {
    expect(returnWithinTrip('', '2026-12-01')).toBe(true);
    const parsed = TripPlanInput.safeParse(plan('', ''));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain('startDate');
  });

  it('the start is at most a day ago and at most a year ahead (in British Columbia)', () => {
    expect(tripTimingIssues({ startDate: '2026-11-27' }, NOW)).toEqual({});
    expect(tripTimingIssues({ startDate: '2026-11-26' }, NOW)).toEqual({ startDate: TRIP_FIELD_MESSAGES.startPast });
    expect(tripTimingIssues({ startDate: '2027-11-28' }, NOW)).toEqual({});
    expect(tripTimingIssues({ startDate: '2027-11-29' }, NOW)).toEqual({ startDate: TRIP_FIELD_MESSAGES.startTooFar });
    expect(tripTimingIssues({ startDate: '1900-01-01' }, NOW)).toEqual({ startDate: TRIP_FIELD_MESSAGES.startPast });
  });
});
