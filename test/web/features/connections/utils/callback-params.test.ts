import { describe, expect, it } from 'vitest';
import {
  healthCallbackPlan,
  healthConnectMessageFrom,
  healthProviderFrom,
  stravaCallbackEarlyRedirect,
  type HealthCallbackPlan,
  type HealthConnectMessage,
} from '@/features/connections/utils/callback-params';

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

describe('healthProviderFrom: the path names the provider when the query does not', () => {
  it.each([
    ['/auth/strava/callback', '', 'strava'],
    ['/auth/google/callback', '', 'google_health'],
    ['/Apple-Health-Callback', '', 'apple_health'],
    ['/auth/health/callback', '?provider=apple_health', 'apple_health'],
  ])('%s%s -> %s', (pathname, search, expected) => {
    expect(healthProviderFrom(pathname, search)).toBe(expected);
  });
});

describe('healthCallbackPlan (spec health-connections §5 callback messages)', () => {
  it.each<[string, string, string, HealthCallbackPlan]>([
    [
      'no provider anywhere',
      '/health-connect-callback',
      '?code=abc',
      { kind: 'fail', message: 'Unknown health provider' },
    ],
    [
      'an unknown provider',
      '/auth/health/callback',
      '?provider=fitbit&code=abc',
      { kind: 'fail', message: 'Unknown health provider' },
    ],
    [
      'Strava: error param',
      '/auth/health/callback',
      '?provider=strava&error=access_denied',
      { kind: 'fail', message: 'Strava authorization failed: access_denied' },
    ],
    [
      'Strava: no code',
      '/auth/health/callback',
      '?provider=strava&state=s',
      { kind: 'fail', message: 'No authorization code received from Strava' },
    ],
    [
      'Strava: no state',
      '/auth/health/callback',
      '?provider=strava&code=abc',
      { kind: 'fail', message: 'Failed to connect Strava' },
    ],
    [
      'Strava: code and state',
      '/auth/health/callback',
      '?provider=strava&code=abc&state=s&scope=read,activity:read',
      { kind: 'strava', request: { code: 'abc', state: 's', scope: 'read,activity:read' } },
    ],
    [
      'Google: error param',
      '/auth/health/callback',
      '?provider=google_health&error=access_denied',
      { kind: 'fail', message: 'Google Health authorization failed: access_denied' },
    ],
    [
      'Google: no code',
      '/auth/health/callback',
      '?provider=google_health&state=s',
      { kind: 'fail', message: 'No Google OAuth session found after authorization' },
    ],
    [
      'Google: no state',
      '/auth/health/callback',
      '?provider=google_health&code=abc',
      { kind: 'fail', message: 'No Google OAuth session found after authorization' },
    ],
    [
      'Google: code, state and scope',
      '/auth/health/callback',
      '?provider=google_health&code=4%2F0Ab&state=signed&scope=https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fgooglehealth.activity_and_fitness.readonly',
      {
        kind: 'google',
        request: {
          code: '4/0Ab',
          state: 'signed',
          scope: 'https://www.googleapis.com/auth/googlehealth.activity_and_fitness.readonly',
        },
      },
    ],
    [
      'Google: no scope sent',
      '/auth/health/callback',
      '?provider=google_health&code=c&state=s',
      { kind: 'google', request: { code: 'c', state: 's' } },
    ],
    ['Apple: auth_success=true', '/apple-health-callback', '?auth_success=true', { kind: 'apple' }],
    [
      'Apple: auth_success=false',
      '/apple-health-callback',
      '?auth_success=false',
      { kind: 'fail', message: 'Apple Health authorization was not successful' },
    ],
    [
      'Apple: auth_success=TRUE is not true',
      '/apple-health-callback',
      '?auth_success=TRUE',
      { kind: 'fail', message: 'Apple Health authorization was not successful' },
    ],
    [
      'Apple: nothing said',
      '/apple-health-callback',
      '',
      { kind: 'fail', message: 'Apple Health authorization was not successful' },
    ],
  ])('%s', (_name, pathname, search, expected) => {
    expect(healthCallbackPlan(pathname, search)).toEqual(expected);
  });
});

describe('healthConnectMessageFrom (spec §4 window messages)', () => {
  const origin = 'http://localhost:3000';
  it.each<[string, { origin: string; data: unknown }, HealthConnectMessage | null]>([
    [
      'success from this origin',
      { origin, data: { type: 'HEALTH_CONNECT_SUCCESS', result: { provider: 'google_health' } } },
      { kind: 'success', provider: 'google_health' },
    ],
    [
      'success without a known provider',
      { origin, data: { type: 'HEALTH_CONNECT_SUCCESS', result: { provider: 'fitbit' } } },
      { kind: 'success', provider: null },
    ],
    [
      'error from this origin',
      { origin, data: { type: 'HEALTH_CONNECT_ERROR', error: 'HealthKit authorization denied' } },
      { kind: 'error', error: 'HealthKit authorization denied' },
    ],
    [
      'error without a message',
      { origin, data: { type: 'HEALTH_CONNECT_ERROR' } },
      { kind: 'error', error: 'Connection failed' },
    ],
    [
      'success from another origin',
      { origin: 'https://evil.example', data: { type: 'HEALTH_CONNECT_SUCCESS', result: { provider: 'strava' } } },
      null,
    ],
    [
      'error from another origin',
      { origin: 'http://localhost:3001', data: { type: 'HEALTH_CONNECT_ERROR', error: 'x' } },
      null,
    ],
    ['another message type', { origin, data: { type: 'SOMETHING_ELSE' } }, null],
    ['a string', { origin, data: 'HEALTH_CONNECT_SUCCESS' }, null],
  ])('%s', (_name, event, expected) => {
    expect(healthConnectMessageFrom(event, origin)).toEqual(expected);
  });
});
