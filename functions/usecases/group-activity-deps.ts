import { planLimitRefusal, planLimitWindow, type PlanLimitedAction } from '../domain/plan-limits';
import { TooManyRequestsError } from '../lib/errors';
import { logger } from '../lib/logger';
import { countPlanAction } from '../repositories/group-activities';
import { isBlocked, listRelationships } from '../repositories/partner-relationships';
import type { NewNotification } from '../repositories/notifications';
import { notifyWithEmail } from './email';

/** What the planning use cases need besides their repositories: a way to tell a user something. */
export interface GroupActivityDeps {
  notify: (userId: string, notification: NewNotification, now: Date) => Promise<unknown>;
}

/** In-app, and by email where the user wants that kind (activity changes, cancellations, ride bookings, reminders). */
export const groupActivityDeps: GroupActivityDeps = { notify: notifyWithEmail };

/**
 * Tells each user; the action that caused it has already happened, so a failed notification is logged
 * rather than turned into a failed request.
 */
export async function notifyEach(
  deps: GroupActivityDeps,
  userIds: readonly string[],
  notification: NewNotification,
  now: Date,
): Promise<void> {
  const results = await Promise.allSettled(
    [...new Set(userIds)].map((userId) => deps.notify(userId, notification, now)),
  );
  for (const result of results) {
    if (result.status === 'rejected') {
      logger.error('notification failed', {
        type: notification.type,
        error: result.reason instanceof Error ? result.reason.message : String(result.reason),
      });
    }
  }
}

/** Counts a limited planning action (join/leave, ride request) for the user; over the limit, a 429 with when to try again. */
export async function enforcePlanLimit(userId: string, action: PlanLimitedAction, now: Date): Promise<void> {
  const window = planLimitWindow(now);
  const refusal = planLimitRefusal(
    action,
    await countPlanAction(userId, action, window.start, window.end),
    window,
    now,
  );
  if (refusal) throw new TooManyRequestsError(refusal.message, refusal.retryAfterSeconds);
}

/**
 * Everyone the user blocked or was blocked by (one query of the partners capability's relationships): a block
 * holds in every plan surface, in both directions.
 */
export async function blockedWith(userId: string): Promise<Set<string>> {
  return new Set((await listRelationships(userId)).filter(isBlocked).map((r) => r.otherUserId));
}
