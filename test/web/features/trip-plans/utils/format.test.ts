import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeCheckIn } from '@/features/trip-plans/utils/format';

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
