import { createHash, randomBytes } from 'node:crypto';
import * as z from 'zod';
import { composeEmail, type ComposedEmail } from '../domain/email-message';
import { NotFoundError } from '../lib/errors';
import { OUTBOX_LANES, runBudget, sendingStep, takeTurnsBySender, type SendQuota } from '../domain/outbox';
import { fallbackSendQuota, readSendQuota, sendEmail as sesSend, siteUrl, type OutgoingEmail } from '../lib/email';
import { logger } from '../lib/logger';
import {
  claimEmail,
  enqueueEmail,
  finishEmail,
  getEmailPreferences,
  getUnsubscribeToken,
  isSuppressed,
  listDueEmails,
  listPendingEmailIdsAbout,
  putUnsubscribeToken,
  retryEmailAt,
  saveEmailPreferences,
  suppressAddress,
  type DueEmail,
} from '../repositories/email';
import { addNotification, type NewNotification } from '../repositories/notifications';
import { publishLiveEvent } from './live-events';
import { getUserProfile } from '../repositories/user-profiles';
import type { EmailCategory, EmailPreferences, EmailPreferencesUpdate } from '../shared/schemas/email';
import type { NotificationType } from '../shared/schemas/notifications';
import { queuePushFor } from './push';

/** A send is tried this many times, 1, 2, 4, 8 minutes apart, then given up (and logged). */
export const MAX_SEND_ATTEMPTS = 5;
/** How long a claimed message is held by the run that claimed it before another run may retry it. */
export const SEND_LEASE_MS = 5 * 60_000;

/** The web page an email's Unsubscribe link opens (web/src/app/paths.ts `unsubscribe`). */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('base64url');
export const newToken = () => randomBytes(32).toString('base64url');

/**
 * Optional mail to a user: honours their choice for `category`, adds a fresh one-click unsubscribe token
 * (List-Unsubscribe + List-Unsubscribe-Post, RFC 8058) and enqueues it. Never throws into the caller's request:
 * the action that caused it has happened; a failure is logged. Returns whether a message was enqueued.
 */
export async function emailUser(
  userId: string,
  category: EmailCategory,
  message: {
    id: string;
    subject: string;
    paragraphs: string[];
    action: { label: string; path: string };
    aboutUserIds?: string[];
  },
  now: Date,
): Promise<boolean> {
  try {
    if (!(await getEmailPreferences(userId))[category]) return false;
    const to = (await getUserProfile(userId))?.email;
    if (!to) return false;
    const token = newToken();
    await putUnsubscribeToken(hashToken(token), userId, category, now);
    // The header's link takes the one-click POST (RFC 8058); the footer's is clicked, so it opens a page that asks
    // first (a GET never unsubscribes: mail scanners open links).
    const unsubscribeUrl = `${siteUrl()}/api/email/unsubscribe?token=${token}`;
    const composed = composeEmail({
      subject: message.subject,
      paragraphs: message.paragraphs,
      action: { label: message.action.label, url: `${siteUrl()}${message.action.path}` },
      unsubscribeUrl: `${siteUrl()}${UNSUBSCRIBE_PAGE}?token=${token}`,
    });
    return await enqueueEmail(
      {
        id: message.id,
        to,
        ...composed,
        category,
        userIds: [userId, ...(message.aboutUserIds ?? [])],
        // The person whose action it reports (a partner request's sender), else the recipient's own mail.
        senderId: message.aboutUserIds?.[0] ?? userId,
        headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      },
      now,
    );
  } catch (error) {
    logger.error('email not enqueued', { category, error: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

/** Which notifications also go out by email, under which choice. Messages go out in the daily digest instead (usecases/message-digest.ts). */
const EMAIL_CATEGORY_OF: Partial<Record<NotificationType, EmailCategory>> = {
  partner_request: 'connectionRequests',
  activity_updated: 'activityChanges',
  activity_cancelled: 'activityChanges',
  ride_booked: 'rideBookings',
  ride_cancelled: 'rideBookings',
  activity_reminder: 'reminders',
};

/**
 * The in-app notification, and the same news by email and by push when the user wants that kind. Nothing is emailed
 * or pushed when the notification was not delivered (a block between the two, a burst already waiting).
 */
export async function notifyWithEmail(
  userId: string,
  notification: NewNotification,
  now: Date,
): ReturnType<typeof addNotification> {
  const added = await addNotification(userId, notification, now);
  if (added) await queuePushFor(userId, added, now);
  if (added) await publishLiveEvent([userId], { type: 'notification', keys: [] }, now);
  const category = EMAIL_CATEGORY_OF[notification.type];
  if (added && category) {
    await emailUser(
      userId,
      category,
      {
        id: `notif-${added.id}`,
        subject: `TrailBuddy: ${notification.message.slice(0, 120)}`,
        paragraphs: [notification.message],
        action: { label: 'Open TrailBuddy', path: notification.link ?? '/dashboard' },
        ...(notification.actorId ? { aboutUserIds: [notification.actorId] } : {}),
      },
      now,
    );
  }
  return added;
}

export interface OutboxReport {
  sent: number;
  suppressed: number;
  retried: number;
  failed: number;
}

/** How long one run (every minute) sends: it ends before the next run starts. */
export const OUTBOX_SEND_WINDOW_MS = 50_000;
/** How long one run may spend reading a lane's due list before it sends what it has read. */
const LANE_READ_MS = 5_000;

export interface OutboxRunOptions {
  send?: (email: OutgoingEmail) => Promise<unknown>;
  /** The account's quota; default: SES GetAccount, or the configured fallback when SES does not answer. */
  quota?: () => Promise<SendQuota>;
  /** Waits between sending steps (tests pass one that does not wait). */
  pause?: (ms: number) => Promise<void>;
  /** How long a lane's due list may be read (default 5 s; tests on a busy machine pass more, to read it whole). */
  laneReadMs?: number;
}

async function accountQuota(): Promise<SendQuota> {
  try {
    return await readSendQuota();
  } catch (error) {
    logger.warn('SES quota not read; the configured fallback applies', {
      error: error instanceof Error ? error.message : String(error),
    });
    return fallbackSendQuota();
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Scheduled (the `email-outbox` job): sends due mail, lane by lane (domain/outbox.ts): overdue alerts, then the rest
 * of the mail to emergency contacts, then everything else, senders taking turns within a lane, as much as the SES
 * account's rate allows in one run's window and at that rate. Each message is claimed first (a conditional move of
 * its due time), so a duplicated schedule event or an overlapping run skips it; a failed send is due again later.
 */
export async function sendDueEmails(now: Date, options: OutboxRunOptions = {}): Promise<OutboxReport> {
  const { send = sesSend, quota = accountQuota, pause = wait, laneReadMs = LANE_READ_MS } = options;
  const report: OutboxReport = { sent: 0, suppressed: 0, retried: 0, failed: 0 };
  const account = await quota();
  let budget = runBudget(account, OUTBOX_SEND_WINDOW_MS);
  const step = sendingStep(account.maxSendRate);
  let stepStarted: number | undefined;
  for (const lane of OUTBOX_LANES) {
    if (budget <= 0) break;
    const readUntil = performance.now() + laneReadMs;
    const chosen = takeTurnsBySender(await listDueEmails(lane, now, () => performance.now() > readUntil)).slice(
      0,
      budget,
    );
    budget -= chosen.length;
    for (let i = 0; i < chosen.length; i += step.size) {
      if (stepStarted !== undefined) await pause(Math.max(0, step.ms - (performance.now() - stepStarted)));
      stepStarted = performance.now();
      await Promise.all(
        bySender(chosen.slice(i, i + step.size)).map(async (mail) => {
          // One sender's mail goes in its order (a plan's "back" notice after its "filed" one).
          for (const entry of mail) await sendOne(entry, now, send, report);
        }),
      );
    }
  }
  return report;
}

function bySender(entries: readonly DueEmail[]): DueEmail[][] {
  const groups = new Map<string, DueEmail[]>();
  for (const entry of entries) groups.set(entry.senderId, [...(groups.get(entry.senderId) ?? []), entry]);
  return [...groups.values()];
}

/** Claims, sends and clears one due message (or drops it for a suppressed address, or schedules its retry). */
async function sendOne(
  due: DueEmail,
  now: Date,
  send: (email: OutgoingEmail) => Promise<unknown>,
  report: OutboxReport,
): Promise<void> {
  const message = await claimEmail(due.id, due.dueSk, new Date(now.getTime() + SEND_LEASE_MS));
  if (!message) return;
  if (await isSuppressed(message.to)) {
    await finishEmail(message.id);
    report.suppressed += 1;
    return;
  }
  try {
    await send({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.headers ? { headers: message.headers } : {}),
    });
    await finishEmail(message.id);
    report.sent += 1;
  } catch (error) {
    logger.error('email send failed', {
      id: message.id,
      attempt: message.attempts,
      error: error instanceof Error ? error.message : String(error),
    });
    if (message.attempts >= MAX_SEND_ATTEMPTS) {
      await finishEmail(message.id);
      report.failed += 1;
    } else {
      await retryEmailAt(message.id, new Date(now.getTime() + 60_000 * 2 ** (message.attempts - 1)));
      report.retried += 1;
    }
  }
}

/** An SES event (configuration set → SNS), as far as this app reads it. */
const SesEvent = z.object({
  eventType: z.string().optional(),
  notificationType: z.string().optional(),
  bounce: z
    .object({ bounceType: z.string(), bouncedRecipients: z.array(z.object({ emailAddress: z.string() })) })
    .optional(),
  complaint: z.object({ complainedRecipients: z.array(z.object({ emailAddress: z.string() })) }).optional(),
});

/**
 * Records a bounce or complaint: the addresses are suppressed and the app stops mailing them. A transient (soft)
 * bounce suppresses nothing. Returns the addresses suppressed.
 */
export async function recordSesEvent(raw: string, now: Date): Promise<string[]> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    logger.warn('SES event is not JSON');
    return [];
  }
  const parsed = SesEvent.safeParse(json);
  if (!parsed.success) return [];
  const event = parsed.data;
  const type = event.eventType ?? event.notificationType;
  const addresses =
    type === 'Bounce' && event.bounce?.bounceType === 'Permanent'
      ? event.bounce.bouncedRecipients.map((r) => r.emailAddress)
      : type === 'Complaint' && event.complaint
        ? event.complaint.complainedRecipients.map((r) => r.emailAddress)
        : [];
  for (const address of addresses) await suppressAddress(address, type === 'Bounce' ? 'bounce' : 'complaint', now);
  if (addresses.length) logger.info('addresses suppressed', { type, count: addresses.length });
  return addresses;
}

/** One-click unsubscribe: turns the token's category off for its user. */
export async function unsubscribe(token: string, now: Date): Promise<{ unsubscribed: EmailCategory }> {
  const found = await getUnsubscribeToken(hashToken(token), now);
  if (!found)
    throw new NotFoundError('This unsubscribe link is not valid any more. Change your email settings on your profile.');
  const current = await getEmailPreferences(found.userId);
  await saveEmailPreferences(found.userId, { ...current, [found.category]: false }, now);
  return { unsubscribed: found.category };
}

/** Account deletion: unsent mail to or about the user goes (their tokens and choices go with their partitions). */
export async function eraseEmailOfUser(userId: string): Promise<number> {
  const ids = await listPendingEmailIdsAbout(userId);
  for (const id of ids) await finishEmail(id);
  return ids.length;
}

export const readEmailPreferences = (userId: string): Promise<EmailPreferences> => getEmailPreferences(userId);

export async function updateEmailPreferences(
  userId: string,
  update: EmailPreferencesUpdate,
  now: Date,
): Promise<EmailPreferences> {
  const next = { ...(await getEmailPreferences(userId)), ...update };
  await saveEmailPreferences(userId, next, now);
  return next;
}

export type { ComposedEmail };
