import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  currentPlatform,
  detectPlatform,
  PLATFORM_BANNERS,
  type Platform,
} from '@/features/connections/utils/platform';
import { PROVIDERS, unavailableReason } from '@/features/connections/utils/providers';

const AGENTS: ReadonlyArray<[string, string, Platform]> = [
  [
    'iPhone Safari',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    'ios',
  ],
  [
    'iPhone Chrome',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
    'ios',
  ],
  [
    'iPad Safari (iPadOS 12)',
    'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
    'ios',
  ],
  [
    'iPod touch',
    'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1',
    'ios',
  ],
  [
    'Pixel Chrome',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    'android',
  ],
  [
    'Samsung Internet',
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
    'android',
  ],
  ['Android Firefox', 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0', 'android'],
  [
    'Windows Chrome',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    'web',
  ],
  [
    'macOS Safari (also iPadOS desktop mode)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    'web',
  ],
  ['Linux Firefox', 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'web'],
  [
    'Headless Chromium',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
    'web',
  ],
  ['no agent', '', 'web'],
];

describe('detectPlatform (spec health-connections §2 platform banner)', () => {
  it.each(AGENTS)('%s -> %s', (_name, userAgent, expected) => {
    expect(detectPlatform(userAgent)).toBe(expected);
  });

  describe('currentPlatform reads the browser', () => {
    afterEach(() => vi.restoreAllMocks());
    it.each(AGENTS.filter(([name]) => ['iPhone Safari', 'Pixel Chrome', 'Windows Chrome'].includes(name)))(
      '%s -> %s',
      (_name, userAgent, expected) => {
        vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
        expect(currentPlatform()).toBe(expected);
      },
    );
  });
});

describe('platform banner hints', () => {
  it.each<[Platform, string, RegExp]>([
    ['ios', 'iOS', /Strava and Apple Health/],
    ['android', 'Android', /Strava and Google Health/],
    ['web', 'Web', /Strava from any device.*phone/],
  ])('%s: %s', (platform, label, hint) => {
    expect(PLATFORM_BANNERS[platform].label).toBe(label);
    expect(PLATFORM_BANNERS[platform].hint).toMatch(hint);
  });
});

describe('provider availability (spec §2 "Not Available")', () => {
  const platformsOf = (id: string) => PROVIDERS.find((provider) => provider.id === id)!.platforms;

  it('lists Strava and Google Health for all platforms and Apple Health for iOS only', () => {
    expect(PROVIDERS.map(({ name, availability }) => [name, availability])).toEqual([
      ['Strava', 'All platforms'],
      ['Google Health', 'All platforms'],
      ['Apple Health', 'iOS only'],
    ]);
  });

  it.each<[string, Platform, string | null]>([
    ['strava', 'ios', null],
    ['strava', 'android', null],
    ['strava', 'web', null],
    ['google_health', 'ios', null],
    ['google_health', 'android', null],
    ['google_health', 'web', null],
    ['apple_health', 'ios', null],
    ['apple_health', 'android', 'Available on iOS devices only'],
    ['apple_health', 'web', 'Available on iOS devices only'],
  ])('%s on %s -> %s', (id, platform, expected) => {
    expect(unavailableReason(platformsOf(id), platform)).toBe(expected);
  });

  it('says "Not available on this platform" for a provider limited to other platforms', () => {
    expect(unavailableReason(['android'], 'web')).toBe('Not available on this platform');
    expect(unavailableReason(['ios', 'android'], 'web')).toBe('Not available on this platform');
  });
});
