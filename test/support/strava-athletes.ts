/**
 * The Strava simulator's control plane, for browser journeys that run side by side on one local stack: each journey
 * connects an athlete of its own (added here, training like a seeded one) and scripts faults for that athlete only,
 * so no journey sees another's activities, faults, or deauthorization.
 */

/** Seeded athletes to copy (infra/local/simulators/strava/seed-data.ts). */
export const SEEDED = { maya: 40100001, liam: 40100002, sofia: 40100003, noah: 40100004 } as const;

export interface AddedAthlete {
  id: number;
  firstname: string;
}

/** A call to the simulator's control plane; the JSON answer (undefined for 204). */
export async function stravaControl<T = unknown>(
  stravaUrl: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${stravaUrl}/__simulator/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`simulator ${method} ${path}: ${res.status}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** A new athlete nobody else uses, with the seeded athlete `like`'s plan and a history of their own. */
export function newStravaAthlete(stravaUrl: string, like: number): Promise<AddedAthlete> {
  return stravaControl<AddedAthlete>(stravaUrl, 'POST', 'athletes', { like });
}
