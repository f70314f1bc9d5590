import { describe, expect, it } from 'vitest';
import { forgetReturnAfterRedirect, rememberReturnAfterRedirect, returnAfterRedirect } from '@/lib/auth/return-path';

const AT = Date.parse('2030-07-04T15:00:00.000Z');

describe('the page remembered across the Google redirect', () => {
  it('comes back within 15 minutes, and not after being forgotten', () => {
    rememberReturnAfterRedirect('/trip-plans/abc?check-in=1', AT);
    expect(returnAfterRedirect(AT + 14 * 60_000)).toBe('/trip-plans/abc?check-in=1');
    forgetReturnAfterRedirect();
    expect(returnAfterRedirect(AT + 60_000)).toBeNull();
  });

  it('is dropped when the Google round trip was abandoned long ago', () => {
    rememberReturnAfterRedirect('/trip-plans/abc?check-in=1', AT);
    expect(returnAfterRedirect(AT + 16 * 60_000)).toBeNull();
  });

  it('never remembers another site, and a sign-in without ?next= clears an older one', () => {
    rememberReturnAfterRedirect('//evil.example/phish', AT);
    expect(returnAfterRedirect(AT)).toBeNull();
    rememberReturnAfterRedirect('/profile', AT);
    rememberReturnAfterRedirect(null, AT);
    expect(returnAfterRedirect(AT)).toBeNull();
  });

  it('ignores a tampered entry', () => {
    window.sessionStorage.setItem(
      'trailbuddy.auth.return-after-redirect',
      JSON.stringify({ path: 'https://evil.example', at: AT }),
    );
    expect(returnAfterRedirect(AT)).toBeNull();
  });
});
