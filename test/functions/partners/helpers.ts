import { randomBytes } from 'node:crypto';
import { saveMetrics } from '../../../functions/repositories/metrics';
import { saveProfileSettings } from '../../../functions/repositories/user-profiles';
import type { HttpHandler } from '../../../functions/lib/http';
import { PARTNER_ROUTES } from '../../../functions/shared/route-areas/partners';
import type { ActivityMetrics } from '../../../functions/shared/schemas/metrics';
import { DEFAULT_PROFILE_SETTINGS, type ProfileSettings } from '../../../functions/shared/schemas/profile';
import { refreshPartnerIndex } from '../../../functions/usecases/partner-index';
import { callRoute, invoke, userClaims, type CallOptions } from '../../support/api-events';

export const NOW = new Date('2026-03-10T18:00:00.000Z');

// The messages routes read APP_SECRET (a keyed hash of the caller's email for the quota), as the local stack provides it.
process.env.APP_SECRET ??= randomBytes(32).toString('base64url');

export function route(id: string) {
  const found = PARTNER_ROUTES.find((r) => r.id === id);
  if (!found) throw new Error(`no route ${id}`);
  return found;
}

/** Every response body a test saw, to check none carries another member's activity numbers. */
export const responseBodies: string[] = [];

export async function call(handler: HttpHandler, routeId: string, userId: string | null, options: CallOptions = {}) {
  const result = await invoke(handler, route(routeId), {
    ...options,
    ...(userId ? { claims: userClaims(userId) } : {}),
  });
  responseBodies.push(JSON.stringify(result.json ?? null));
  return result;
}

/**
 * Metrics with distinctive numbers, so a test can search response bodies for them: none of these
 * may ever reach another member.
 */
export function metricsFor(overrides: Partial<ActivityMetrics> = {}): ActivityMetrics {
  return {
    calculatedAt: NOW.toISOString(),
    timeZone: 'America/Vancouver',
    windowStart: '2026-02-11',
    windowEnd: '2026-03-10',
    weeklyMinutes: 173.25,
    weeklySessions: 3.75,
    weeklySteps: 48213,
    dailySteps: 6887,
    activityScore: 53,
    activityLevelLabel: 'Intermediate',
    scorePoints: { minutes: 34.6, sessions: 28.1, steps: 20.7 },
    preferredHours: [{ hour: 7, sessions: 41 }],
    topActivityTypes: [{ type: 'TrailRun', sessions: 37 }],
    daysActive: 131,
    daysActivePercent: 35.9,
    ...overrides,
  };
}

export const DISTINCTIVE_METRIC_VALUES = [
  '173.25',
  '3.75',
  '48213',
  '6887',
  '34.6',
  '28.1',
  '20.7',
  '131',
  '35.9',
  'TrailRun',
];

/**
 * Each distinctive value as a leak would show it in a response body: on its own, not inside a longer word or number.
 * A plain substring search also finds `131` inside a random id (`user-…-4ff131c9ba0b`), which failed CI once.
 */
export const DISTINCTIVE_METRIC_PATTERNS = DISTINCTIVE_METRIC_VALUES.map(
  (value) => new RegExp(`(?<![\\w.])${value.replaceAll('.', '\\.')}(?![\\w.])`),
);
export const METRIC_FIELD_NAMES = [
  'activityScore',
  'weeklyMinutes',
  'weeklySessions',
  'weeklySteps',
  'dailySteps',
  'preferredHours',
  'topActivityTypes',
  'daysActive',
  'scorePoints',
  'distance',
  'paceBands',
];

/** Ids of letters only, so no digit in an id can look like a leaked number. */
export function letterId(): string {
  return `m-${[...randomBytes(20)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
}

export interface MemberOptions {
  /** By default the member consents to matching on their activity (useActivityForMatching). */
  settings?: Partial<ProfileSettings>;
  /**
   * null: the member has never synced. Otherwise their metrics, with the same level and hours as the facts their
   * consented sources (Google Health, Apple Health) give matching, as if all of it came from there.
   */
  metrics?: Partial<ActivityMetrics> | null;
  name?: string;
}

/** A member with saved settings (through the profile store and the index refresh, as PUT /api/profile does). */
export async function member({ settings = {}, metrics = {}, name = 'Member' }: MemberOptions = {}): Promise<string> {
  const userId = letterId();
  const full: ProfileSettings = {
    ...DEFAULT_PROFILE_SETTINGS,
    displayName: `${name} ${userId.slice(2, 8)}`,
    homeArea: 'north-vancouver',
    activities: ['running'],
    availability: ['weekends', 'mornings'],
    bio: 'Trail runner who loves early starts.',
    discoverable: true,
    useActivityForMatching: true,
    ...settings,
  };
  await saveProfileSettings(userId, `${userId}@example.com`, full, NOW);
  if (metrics) {
    const all = metricsFor(metrics);
    await saveMetrics(userId, all, {
      activityScore: all.activityScore,
      activityLevelLabel: all.activityLevelLabel,
      preferredHours: all.preferredHours.map((entry) => entry.hour),
      paceBands: {},
    });
  }
  await refreshPartnerIndex(userId, full, NOW);
  return userId;
}

/** The member who looks at others in `homeArea`: a declared level and running pace, so both can be compared. */
export function viewerMember(homeArea: ProfileSettings['homeArea']): Promise<string> {
  return member({
    name: 'Blake',
    settings: {
      homeArea,
      activities: ['running'],
      availability: ['weekends', 'mornings'],
      level: 'Advanced',
      paces: { running: 'fast' },
    },
    metrics: null,
  });
}

export async function updateSettings(userId: string, settings: ProfileSettings): Promise<void> {
  await saveProfileSettings(userId, `${userId}@example.com`, settings, NOW);
  await refreshPartnerIndex(userId, settings, NOW);
}

/** Two members who are partners: the first asked, the second accepted (through the routes). */
export async function partnerPair(first = 'Ana', second = 'Ben'): Promise<[string, string]> {
  const a = await member({ name: first });
  const b = await member({ name: second });
  const ask = await callRoute('post-partner-connect', { claims: userClaims(a), pathParameters: { userId: b } });
  const accept = await callRoute('post-partner-accept', { claims: userClaims(b), pathParameters: { userId: a } });
  if (ask.status >= 300 || accept.status >= 300) throw new Error(`partnering failed: ${ask.status}, ${accept.status}`);
  return [a, b];
}
