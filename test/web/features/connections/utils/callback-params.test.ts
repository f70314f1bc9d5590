import { describe, expect, it } from 'vitest';
import { healthProviderFrom, stravaCallbackEarlyRedirect } from '@/features/connections/utils/callback-params';

describe('stravaCallbackEarlyRedirect (spec core-app §4)', () => {
  it.each([
    ['?error=access_denied&state=s', '/profile?error=access_denied'],
    ['?error=access_denied&code=abc', '/profile?error=access_denied'],
    ['?state=s&scope=read', '/profile?error=no_code'],
    ['?code=', '/profile?error=no_code'],
    ['?code=abc&state=s&scope=read,activity:read_all', null],
  ])('%s -> %s', (search, expected) => {
    expect(stravaCallbackEarlyRedirect(search)).toBe(expected);
  });
});

describe('healthProviderFrom (spec health-connections §5)', () => {
  it.each([
    ['/auth/health/callback', '?provider=google_health', 'google_health'],
    ['/apple-health-callback', '?provider=strava', 'strava'],
    ['/apple-health-callback', '', 'apple_health'],
    ['/auth/health/callback', '?provider=fitbit', null],
    ['/health-connect-callback', '', null],
  ])('%s%s -> %s', (pathname, search, expected) => {
    expect(healthProviderFrom(pathname, search)).toBe(expected);
  });
});
