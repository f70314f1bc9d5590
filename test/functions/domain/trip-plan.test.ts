import { describe, expect, it } from 'vitest';
import {
  alertsSentAt,
  expectedReturn,
  linkIsValid,
  nextStage,
  stageAfterMove,
  stageDueAt,
  TRIP_LINK_LIFETIME_MS,
} from '../../../functions/domain/trip-plan';

const plan = { returnDate: '2026-07-04', returnTime: '18:30', graceMinutes: 60 };

describe('trip plan timing', () => {
  it('reads the expected return as typed, in America/Vancouver (UTC−7 in summer and, since BC stopped changing clocks, in winter)', () => {
    expect(expectedReturn(plan).toISOString()).toBe('2026-07-05T01:30:00.000Z');
    expect(expectedReturn({ ...plan, returnDate: '2026-12-04' }).toISOString()).toBe('2026-12-05T01:30:00.000Z');
  });

  it('is due: reminder 30 min before return, first alert at return + grace, second 2 h later, then nothing', () => {
    expect(stageDueAt(plan, 'reminder')!.toISOString()).toBe('2026-07-05T01:00:00.000Z');
    expect(stageDueAt(plan, 'overdue1')!.toISOString()).toBe('2026-07-05T02:30:00.000Z');
    expect(stageDueAt(plan, 'overdue2')!.toISOString()).toBe('2026-07-05T04:30:00.000Z');
    expect(stageDueAt(plan, 'done')).toBeNull();
    expect(['reminder', 'overdue1', 'overdue2', 'done'].map((s) => nextStage(s as never))).toEqual([
      'overdue1',
      'overdue2',
      'done',
      'done',
    ]);
    expect(alertsSentAt('overdue1')).toBe(0);
    expect(alertsSentAt('overdue2')).toBe(1);
    expect(alertsSentAt('done')).toBe(2);
  });

  it('keeps a contact link valid while open and until 48 h after the expected return', () => {
    const back = expectedReturn(plan).getTime();
    expect(linkIsValid({ ...plan, status: 'open' }, new Date(back + TRIP_LINK_LIFETIME_MS - 1))).toBe(true);
    expect(linkIsValid({ ...plan, status: 'open' }, new Date(back + TRIP_LINK_LIFETIME_MS))).toBe(false);
    expect(linkIsValid({ ...plan, status: 'closed' }, new Date(back - 1))).toBe(false);
  });

  it('restarts the clock on a moved return: the reminder while it is ahead, else the first alert', () => {
    // Return 18:30 (01:30Z); the reminder is due at 18:00 (01:00Z).
    expect(stageAfterMove(plan, new Date('2026-07-05T00:59:00.000Z'))).toBe('reminder');
    expect(stageAfterMove(plan, new Date('2026-07-05T01:00:00.000Z'))).toBe('overdue1');
  });
});
