import type { TripPlan } from '@shared/schemas/trip-plans';
import { ApiError } from '@/lib/api/api-error';
import { readableLocalStorage, removeStorageKeysStartingWith } from '@/lib/readable-storage';
import type { TripPlansApi } from '../api/trip-plans-api';

/**
 * "We're back" pressed without signal: kept in this browser, per person, and sent when the device is online again
 * (the page that pressed it, the `online` event, or the next time the app opens). Every attempt carries the same
 * `Idempotency-Key`, and the server closes a plan only while it is open, so a check-in is sent once however often it
 * is retried (test/functions/safety/idempotency-key.test.ts).
 */
export interface PendingCheckIn {
  planId: string;
  idempotencyKey: string;
  /** When the person pressed the button (ISO 8601). */
  pressedAt: string;
}

export type DeliveryOutcome =
  /** The server has it: the plan is closed and the contacts are told (`plan` is null when it was closed already). */
  | { status: 'delivered'; plan: TripPlan | null }
  /** No answer (offline, server unreachable or failing): it stays kept for the next try. */
  | { status: 'waiting' };

const KEY_PREFIX = 'trailbuddy.pending-check-ins.';
const storageKey = (userId: string) => `${KEY_PREFIX}${userId}`;

const listeners = new Set<() => void>();
const inFlight = new Map<string, Promise<DeliveryOutcome>>();

function read(userId: string, storage = readableLocalStorage()): PendingCheckIn[] {
  const raw = storage?.getItem(storageKey(userId));
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isPendingCheckIn) : [];
  } catch {
    return [];
  }
}

function isPendingCheckIn(value: unknown): value is PendingCheckIn {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.planId === 'string' && typeof v.idempotencyKey === 'string' && typeof v.pressedAt === 'string';
}

function write(userId: string, entries: readonly PendingCheckIn[]): void {
  const storage = readableLocalStorage();
  if (entries.length === 0) storage?.removeItem(storageKey(userId));
  else storage?.setItem(storageKey(userId), JSON.stringify(entries));
  for (const listener of listeners) listener();
}

/** The check-ins this person pressed that have not reached the server yet. */
export function pendingCheckIns(userId: string): PendingCheckIn[] {
  return read(userId);
}

export function pendingCheckInFor(userId: string, planId: string): PendingCheckIn | null {
  return read(userId).find((entry) => entry.planId === planId) ?? null;
}

/** Keeps "We're back" for `planId` before it is sent; pressing it again keeps the first one (and its key). */
export function keepCheckIn(
  userId: string,
  planId: string,
  now: Date,
  newKey: () => string = () => crypto.randomUUID(),
): PendingCheckIn {
  const entries = read(userId);
  const kept = entries.find((entry) => entry.planId === planId);
  if (kept) return kept;
  const entry = { planId, idempotencyKey: newKey(), pressedAt: now.toISOString() };
  write(userId, [...entries, entry]);
  return entry;
}

function forget(userId: string, planId: string): void {
  const entries = read(userId);
  if (entries.some((entry) => entry.planId === planId)) {
    write(
      userId,
      entries.filter((entry) => entry.planId !== planId),
    );
  }
}

/** Called whenever the kept check-ins change (in this tab); returns the unsubscribe. */
export function subscribeToPendingCheckIns(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Sends one kept check-in. Answered → forgotten and 'delivered'; a plan already closed (this check-in's earlier
 * attempt got through, or a party member checked in) is delivered too. No answer or a server failure → 'waiting'.
 * Any other refusal (the plan is gone, the person is no longer on it) is forgotten and thrown: retrying cannot help.
 * One attempt per plan at a time in this tab (another tab's attempt shares the key).
 */
export function deliverCheckIn(api: TripPlansApi, userId: string, entry: PendingCheckIn): Promise<DeliveryOutcome> {
  const running = inFlight.get(entry.idempotencyKey);
  if (running) return running;
  const attempt = send(api, userId, entry).finally(() => inFlight.delete(entry.idempotencyKey));
  inFlight.set(entry.idempotencyKey, attempt);
  return attempt;
}

async function send(api: TripPlansApi, userId: string, entry: PendingCheckIn): Promise<DeliveryOutcome> {
  try {
    const plan = await api.checkInTripPlan(entry.planId, { kind: 'back' }, entry.idempotencyKey);
    forget(userId, entry.planId);
    return { status: 'delivered', plan };
  } catch (error) {
    if (isWorthRetrying(error)) return { status: 'waiting' };
    forget(userId, entry.planId);
    if (error instanceof ApiError && error.code === 'trip_plan_closed') return { status: 'delivered', plan: null };
    throw error;
  }
}

/** No answer, a server or rate-limit failure, or a session that needs a refresh: the same request may succeed later. */
function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 401 || error.status === 429 || error.status >= 500;
}

/** Sends every kept check-in of this person, one after another; refusals are logged (they are forgotten). */
export async function deliverPendingCheckIns(api: TripPlansApi, userId: string): Promise<void> {
  for (const entry of read(userId)) {
    try {
      await deliverCheckIn(api, userId, entry);
    } catch (error) {
      console.error('A kept check-in was refused by the server.', error);
    }
  }
}

/** Signing out: every person's kept check-ins leave this browser (the next person at it must not send them). */
export function forgetAllPendingCheckIns(): void {
  const storage = readableLocalStorage();
  if (!storage) return;
  removeStorageKeysStartingWith(storage, KEY_PREFIX);
  for (const listener of listeners) listener();
}
