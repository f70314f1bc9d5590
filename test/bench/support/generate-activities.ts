import type { UnifiedActivity } from '../../../functions/shared/schemas/activity';
import { workoutActivityLevel } from '../../../functions/shared/activity-level';

/** Small deterministic PRNG (mulberry32), so every run measures the same data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KINDS = [
  { type: 'Run', speed: 2.9, weight: 4 },
  { type: 'Ride', speed: 6.5, weight: 3 },
  { type: 'Hike', speed: 1.2, weight: 2 },
  { type: 'Walk', speed: 1.4, weight: 2 },
  { type: 'Swim', speed: 0.6, weight: 1 },
] as const;
const TOTAL_WEIGHT = KINDS.reduce((sum, kind) => sum + kind.weight, 0);
const PROVIDERS = ['strava', 'apple_health', 'google_health'] as const;

/**
 * `count` plausible unified activities for one user, spread over the `days` before `now` (so across
 * DST changes), mostly mornings and evenings, some with steps or heart rate missing.
 */
export function generateActivities(
  count: number,
  { now, days, seed, userId = 'bench-user' }: { now: Date; days: number; seed: number; userId?: string },
): UnifiedActivity[] {
  const random = seededRandom(seed);
  const fetchedAt = now.toISOString();
  const activities: UnifiedActivity[] = [];
  for (let i = 0; i < count; i++) {
    let pick = random() * TOTAL_WEIGHT;
    const kind = KINDS.find((k) => (pick -= k.weight) < 0) ?? KINDS[0];
    const dayOffset = Math.floor(random() * days);
    const utcHour = random() < 0.5 ? 13 + Math.floor(random() * 4) : 0 + Math.floor(random() * 5); // ~06–09 or ~17–21 in Vancouver
    const start = new Date(now.getTime() - dayOffset * 86_400_000);
    start.setUTCHours(utcHour, Math.floor(random() * 60), 0, 0);
    const duration = 600 + Math.floor(random() * 6600);
    const speed = kind.speed * (0.8 + random() * 0.4);
    const heartRate = random() < 0.6 ? 100 + Math.floor(random() * 70) : null;
    activities.push({
      user_id: userId,
      provider_type: PROVIDERS[i % PROVIDERS.length]!,
      provider_activity_id: String(1_000_000 + i),
      activity_type: kind.type,
      name: `${kind.type} ${i}`,
      start_time: start.toISOString(),
      duration_seconds: duration,
      distance_meters: Math.round(duration * speed),
      calories_burned: random() < 0.8 ? Math.round(duration / 6) : null,
      steps:
        kind.type === 'Walk' || kind.type === 'Hike' || (kind.type === 'Run' && random() < 0.5)
          ? Math.round(duration * 1.6)
          : null,
      heart_rate_avg: heartRate,
      heart_rate_max: heartRate === null ? null : heartRate + 20,
      activity_level: workoutActivityLevel({
        durationSeconds: duration,
        averageSpeedMps: speed,
        averageHeartRate: heartRate,
      }),
      elevation_gain_meters: kind.type === 'Hike' ? Math.round(random() * 900) : null,
      average_speed_mps: speed,
      fetched_at: fetchedAt,
    });
  }
  // Newest first, as the activities list is stored and read.
  return activities.sort((a, b) => (a.start_time < b.start_time ? 1 : a.start_time > b.start_time ? -1 : 0));
}
