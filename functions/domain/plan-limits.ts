/**
 * Per-user limits of the planning actions that reach other people: joining and leaving (each one
 * notifies the organizer) and ride requests (each one is read by the other participants). Fixed one-hour
 * windows; pure, time comes in as an argument.
 */

export const PLAN_LIMIT_WINDOW_MS = 60 * 60 * 1000;

export const PLAN_LIMITS = {
  /** Joins and leaves together, across all activities. */
  joinLeave: 10,
  /** New ride requests, across all activities. */
  rideRequest: 5,
} as const;
export type PlanLimitedAction = keyof typeof PLAN_LIMITS;

export interface PlanWindow {
  start: Date;
  end: Date;
}

export function planLimitWindow(now: Date): PlanWindow {
  const start = Math.floor(now.getTime() / PLAN_LIMIT_WINDOW_MS) * PLAN_LIMIT_WINDOW_MS;
  return { start: new Date(start), end: new Date(start + PLAN_LIMIT_WINDOW_MS) };
}

/** Seconds until the window ends (at least 1). */
export function retryAfterSeconds(window: PlanWindow, now: Date): number {
  return Math.max(1, Math.ceil((window.end.getTime() - now.getTime()) / 1000));
}

function inMinutes(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export const PLAN_LIMIT_MESSAGES: Record<PlanLimitedAction, (retryAfter: number) => string> = {
  joinLeave: (retryAfter) =>
    `You have joined or left activities ${PLAN_LIMITS.joinLeave} times in the last hour. Try again in ${inMinutes(retryAfter)}.`,
  rideRequest: (retryAfter) =>
    `You have asked for ${PLAN_LIMITS.rideRequest} rides in the last hour. Try again in ${inMinutes(retryAfter)}.`,
};

/** The refusal for the `count`-th attempt in the window, if it is over the limit. */
export function planLimitRefusal(
  action: PlanLimitedAction,
  count: number,
  window: PlanWindow,
  now: Date,
): { message: string; retryAfterSeconds: number } | undefined {
  if (count <= PLAN_LIMITS[action]) return undefined;
  const retryAfter = retryAfterSeconds(window, now);
  return { message: PLAN_LIMIT_MESSAGES[action](retryAfter), retryAfterSeconds: retryAfter };
}
