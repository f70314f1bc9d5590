/**
 * The Strava simulator's control plane, for browser journeys that run side by side on one local stack: each journey
 * connects an athlete of its own (added here, training like a seeded one) and scripts faults for that athlete only,
 * so no journey sees another's activities, faults, or deauthorization.
 */

import { simulatorControl } from './simulator-control';

/** Seeded athletes to copy (infra/local/simulators/strava/seed-data.ts). */
export const SEEDED = { maya: 40100001, liam: 40100002, sofia: 40100003, noah: 40100004 } as const;

export interface AddedAthlete {
  id: number;
  firstname: string;
}

/** A new athlete nobody else uses, with the seeded athlete `like`'s plan and a history of their own. */
export function newStravaAthlete(stravaUrl: string, like: number): Promise<AddedAthlete> {
  return simulatorControl<AddedAthlete>(stravaUrl, 'POST', 'athletes', { like });
}
