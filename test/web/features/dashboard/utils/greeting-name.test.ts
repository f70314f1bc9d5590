import { describe, expect, it } from 'vitest';
import { greetingName } from '@/features/dashboard/utils/greeting-name';

describe('greetingName (spec core-app §2, Dashboard)', () => {
  it("prefers the athlete's first name", () => {
    expect(greetingName({ athleteFirstName: 'Maya', userName: 'Alex Rivera', email: 'x@y.z' })).toBe('Maya');
  });

  it("then the first word of the user's name", () => {
    expect(greetingName({ userName: '  Alex Rivera ', email: 'demo@trailbuddy.app' })).toBe('Alex');
  });

  it('then the part of the email before the @', () => {
    expect(greetingName({ athleteFirstName: ' ', userName: '', email: 'jordan.lee@example.com' })).toBe('jordan.lee');
  });
});
