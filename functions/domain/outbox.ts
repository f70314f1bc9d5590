/**
 * How the email outbox chooses what to send (pure). Mail waits in lanes, served in this order: overdue alerts to
 * emergency contacts, the rest of the mail to contacts (plan filed, back), Premium members' support requests, then
 * everything else. A lane is only
 * reached once the lanes before it are empty, and within a lane senders take turns, so nobody's backlog holds back
 * anybody else's mail. How much one run sends follows the SES account's own quota.
 */
export const OUTBOX_LANES = ['alert', 'safety', 'priority', 'general'] as const;
export type OutboxLane = (typeof OUTBOX_LANES)[number];

/** The SES account's sending quota (SES v2 GetAccount → SendQuota); a negative daily maximum means unlimited. */
export interface SendQuota {
  maxSendRate: number;
  max24HourSend: number;
  sentLast24Hours: number;
}

/** How many messages one run may send: the account's rate over the run's sending window, within the day's rest. */
export function runBudget(quota: SendQuota, windowMs: number): number {
  const byRate = Math.max(0, Math.floor((quota.maxSendRate * windowMs) / 1000));
  if (quota.max24HourSend < 0) return byRate;
  return Math.min(byRate, Math.max(0, Math.floor(quota.max24HourSend - quota.sentLast24Hours)));
}

/**
 * Sending in steps of whole seconds' worth: `size` messages together, then a pause so that a step takes `ms`.
 * SES counts its rate per second; a rate under 1 sends one message per 1/rate seconds.
 */
export function sendingStep(maxSendRate: number): { size: number; ms: number } {
  const size = Math.max(1, Math.floor(maxSendRate));
  return { size, ms: Math.ceil((1000 * size) / Math.max(maxSendRate, 1e-3)) };
}

/**
 * Senders take turns: each sender's first message (senders in the order of their oldest message), then each one's
 * second, and so on; each sender's own mail stays oldest first. `entries` come oldest first.
 */
export function takeTurnsBySender<T extends { senderId: string }>(entries: readonly T[]): T[] {
  const queues = new Map<string, T[]>();
  for (const entry of entries) {
    const queue = queues.get(entry.senderId);
    if (queue) queue.push(entry);
    else queues.set(entry.senderId, [entry]);
  }
  const ordered: T[] = [];
  for (let turn = 0; ordered.length < entries.length; turn += 1)
    for (const queue of queues.values()) if (turn < queue.length) ordered.push(queue[turn]!);
  return ordered;
}
