import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeCheckIn, tripStatus } from '@/features/trip-plans/utils/format';

describe('the last check-in', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("reads in the plan's zone (Pacific), also in a browser elsewhere, like the plan's other times", () => {
    vi.stubEnv('TZ', 'UTC');
    const text = describeCheckIn({ at: '2026-11-24T00:35:00.000Z', by: 'Jordan', kind: 'filed' }, 'America/Vancouver');
    expect(text).toBe('Jordan filed the plan (Nov 23, 2026, 4:35 PM Pacific time)');
  });
});

describe("the plan's status word", () => {
  const plan = {
    status: 'open' as const,
    overdueAlertsSent: 0,
    startDate: '2026-11-29',
    startTime: '07:00',
    timeZone: 'America/Vancouver',
  };

  it('the night before the start, the plan has not started: nobody is "out on the trail" yet', () => {
    // 21:00 on the 28th in Vancouver (05:00 UTC on the 29th, already the start date in UTC).
    expect(tripStatus(plan, new Date('2026-11-29T05:00:00Z'))).toBe('planned');
    expect(tripStatus(plan, new Date('2026-11-29T14:59:00Z'))).toBe('planned');
  });

  it('from the start time on, the party is out; then overdue or back as the plan says', () => {
    expect(tripStatus(plan, new Date('2026-11-29T15:00:00Z'))).toBe('out');
    expect(tripStatus({ ...plan, overdueAlertsSent: 1 }, new Date('2026-11-30T15:00:00Z'))).toBe('overdue');
    expect(tripStatus({ ...plan, status: 'closed' }, new Date('2026-11-29T05:00:00Z'))).toBe('back');
  });
});
