import { logger } from '../lib/logger';
import { addNotification, type NewNotification } from '../repositories/notifications';

/** What the planning use cases need besides their repositories: a way to tell a user something. */
export interface PlanDeps {
  notify: (userId: string, notification: NewNotification, now: Date) => Promise<unknown>;
}

export const planDeps: PlanDeps = { notify: addNotification };

/**
 * Tells each user; the action that caused it has already happened, so a failed notification is logged
 * rather than turned into a failed request.
 */
export async function notifyEach(deps: PlanDeps, userIds: readonly string[], notification: NewNotification, now: Date): Promise<void> {
  const results = await Promise.allSettled([...new Set(userIds)].map((userId) => deps.notify(userId, notification, now)));
  for (const result of results) {
    if (result.status === 'rejected') {
      logger.error('notification failed', { type: notification.type, error: result.reason instanceof Error ? result.reason.message : String(result.reason) });
    }
  }
}
