import type { TripPlan } from '@shared/schemas/trip-plans';
import { ApiError } from '@/lib/api/api-error';
import { readableLocalStorage, removeStorageKeysStartingWith } from '@/lib/readable-storage';
import type { TripPlansApi } from '../api/trip-plans-api';

/**
 * The last copy of each trip plan a person opened, kept in this browser so that the plan (with its overdue
 * instructions and contacts) reads without signal. Signing out deletes every copy (forgetSavedTripPlans).
 */
export interface SavedTripPlan {
  plan: TripPlan;
  /** When the copy was read from the server (ISO 8601). */
  savedAt: string;
}

const KEY_PREFIX = 'trailbuddy.saved-trip-plans.';
const storageKey = (userId: string, planId: string) => `${KEY_PREFIX}${userId}.${planId}`;

export function savedTripPlan(userId: string, planId: string): SavedTripPlan | null {
  const raw = readableLocalStorage()?.getItem(storageKey(userId, planId));
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SavedTripPlan;
  } catch {
    return null;
  }
}

export function saveTripPlan(userId: string, plan: TripPlan, now: Date): void {
  try {
    readableLocalStorage()?.setItem(
      storageKey(userId, plan.id),
      JSON.stringify({ plan, savedAt: now.toISOString() } satisfies SavedTripPlan),
    );
  } catch {
    // A full or refused storage only means no offline copy.
  }
}

/**
 * The plan from the server (its copy kept), or, when the server cannot be reached, the kept copy with its time;
 * any other answer (not found, not on the plan) is the server's, and drops the copy.
 */
export async function readTripPlan(
  api: TripPlansApi,
  userId: string,
  planId: string,
  now: () => Date,
): Promise<{ plan: TripPlan; savedAt: string | null }> {
  try {
    const plan = await api.tripPlan(planId);
    saveTripPlan(userId, plan, now());
    return { plan, savedAt: null };
  } catch (error) {
    const saved = savedTripPlan(userId, planId);
    if (error instanceof ApiError && error.status === 0 && saved) return saved;
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429)
      readableLocalStorage()?.removeItem(storageKey(userId, planId));
    throw error;
  }
}

/** Signing out: every person's kept trip plans leave this browser. */
export function forgetSavedTripPlans(): void {
  const storage = readableLocalStorage();
  if (storage) removeStorageKeysStartingWith(storage, KEY_PREFIX);
}
