/** Where the app is running, as far as connecting health apps is concerned (spec health-connections §2). */
export type Platform = 'ios' | 'android' | 'web';

/**
 * Reads the platform from a user agent. iPadOS Safari may report itself as a Mac; it is then treated as
 * the web, which only costs the iOS-only Apple Health card (the Shortcut still works from an iPhone).
 */
export function detectPlatform(userAgent: string): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'web';
}

/** The running browser's platform; a function rather than a constant so tests can change the agent. */
export function currentPlatform(): Platform {
  return detectPlatform(typeof navigator === 'undefined' ? '' : navigator.userAgent);
}

export const PLATFORM_BANNERS: Record<Platform, { label: string; hint: string }> = {
  ios: { label: 'iOS', hint: 'On iPhone you can connect Strava and Apple Health.' },
  android: { label: 'Android', hint: 'On Android you can connect Strava and Google Health.' },
  web: {
    label: 'Web',
    hint: 'You can connect Strava from any device. For health apps, open TrailBuddy on your phone: Apple Health needs an iPhone.',
  },
};
