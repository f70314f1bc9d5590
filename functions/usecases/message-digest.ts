import { composeDigest, type DigestNews } from '../domain/message-digest';
import { getEmailPreferences } from '../repositories/email';
import {
  claimDigestDay,
  clearDigestPending,
  listPendingDigests,
  type DigestState,
} from '../repositories/message-digests';
import { listMessages, type StoredMessage } from '../repositories/messages';
import { displayNamesOf } from '../repositories/user-profiles';
import { isBlocked, listRelationships, type Relationship } from '../repositories/partner-relationships';
import { visibleOnly } from '../repositories/reports';
import { planDateOf } from '../shared/schemas/group-activities';
import { UNNAMED_MEMBER } from '../shared/schemas/partners';
import { emailUser } from './email';

/** At most this many of one partner's messages are read for a digest (the email says "20 new messages" at most). */
const MAX_COUNTED_PER_PARTNER = 20;

export interface DigestReport {
  pending: number;
  sent: number;
}

/**
 * A partner's messages to `userId` since the last digest (`since`, exclusive) up to `now`, that `userId` has not
 * answered: newest first, stopping at the user's own latest message.
 */
async function unansweredSince(userId: string, partner: Relationship, since: string | null, now: Date) {
  const last = partner.lastMessage;
  if (!last || last.senderId !== partner.otherUserId || (since !== null && last.sentAt <= since)) return [];
  const { messages } = await listMessages(userId, partner.otherUserId, MAX_COUNTED_PER_PARTNER, null);
  const news: StoredMessage[] = [];
  for (const message of messages) {
    if (message.senderId === userId || (since !== null && message.sentAt <= since)) break;
    if (message.sentAt <= now.toISOString()) news.push(message);
  }
  return visibleOnly(
    userId,
    news,
    'message',
    (m) => m.id,
    (m) => m.senderId,
  );
}

/** Who wrote to the user since their last digest, and how much; blocked people and hidden messages never count. */
async function newsFor(state: DigestState, now: Date): Promise<DigestNews[]> {
  const partners = (await listRelationships(state.userId)).filter((r) => r.state === 'partners' && !isBlocked(r));
  const counted = await Promise.all(
    partners.map(async (p) => ({
      userId: p.otherUserId,
      count: (await unansweredSince(state.userId, p, state.lastAt, now)).length,
    })),
  );
  const withNews = counted.filter((c) => c.count > 0);
  const names = await displayNamesOf(withNews.map((c) => c.userId));
  return withNews.map((c) => ({ name: names.get(c.userId) ?? UNNAMED_MEMBER, count: c.count }));
}

/** One user's digest: at most one a day (Pacific), nothing when opted out or when nothing is new. */
async function digestFor(state: DigestState, now: Date): Promise<boolean> {
  const day = planDateOf(now);
  if (state.lastDay === day) return false; // today's went out; the news waits for tomorrow's
  if (!(await getEmailPreferences(state.userId)).messagesDigest) {
    await clearDigestPending(state.userId, now);
    return false;
  }
  const digest = composeDigest(await newsFor(state, now));
  if (!digest || !(await claimDigestDay(state.userId, day, state.lastDay, now))) {
    if (!digest) await clearDigestPending(state.userId, now);
    return false;
  }
  const sent = await emailUser(
    state.userId,
    'messagesDigest',
    { id: `digest-${state.userId}-${day}`, ...digest, action: { label: 'Open your messages', path: '/messages' } },
    now,
  );
  await clearDigestPending(state.userId, now);
  return sent;
}

/**
 * Scheduled (the `message-digest` job, daily): each user with news since their last digest who wants the digest gets
 * one email listing who wrote and how much, with a link back. A duplicated schedule event or an overlapping run sends
 * nothing more (the day is claimed by one conditional write, and the outbox keeps one message per id).
 */
export async function runMessageDigest(now: Date): Promise<DigestReport> {
  const pending = await listPendingDigests();
  let sent = 0;
  for (const state of pending) if (await digestFor(state, now)) sent += 1;
  return { pending: pending.length, sent };
}
