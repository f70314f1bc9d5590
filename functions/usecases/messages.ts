import { BadRequestError, ForbiddenError, QuotaExceededError } from '../lib/errors';
import { idempotencyRecordPut, type IdempotencyClaim } from '../repositories/idempotency-records';
import {
  deleteConversation,
  listMessages,
  messagesUsed,
  putMessage,
  returnMessageAllowance,
  takeMessageAllowance,
  type StoredMessage,
} from '../repositories/messages';
import { MESSAGE_SK_PREFIX } from '../repositories/keys';
import { markDigestPending } from '../repositories/message-digests';
import { addNotification } from '../repositories/notifications';
import { queuePushFor } from './push';
import { publishLiveEvent } from './live-events';
import { displayNamesOf } from '../repositories/user-profiles';
import {
  getRelationship,
  isBlocked,
  countUnreadConversations,
  listRelationships,
  markConversationRead as moveReadMarker,
  recordLastMessage,
  type Relationship,
} from '../repositories/partner-relationships';
import {
  FREE_MESSAGES_PER_MONTH,
  MESSAGE_QUOTA_EXCEEDED_CODE,
  MESSAGE_QUOTA_EXCEEDED_MESSAGE,
  MESSAGES_PAGE_SIZE,
  type ConversationsResponse,
  type MarkConversationReadResponse,
  type Message,
  type MessagesResponse,
  type SendMessageResponse,
} from '../shared/schemas/messages';
import { UNNAMED_MEMBER } from '../shared/schemas/partners';
import { messagesUsedByDeletedAccounts } from './email-tombstone';
import { messageQuota, quotaMonthOf } from './messages-quota';
import { decodeSortKeyCursor, encodeCursor } from './partner-cursor';
import { visibleOnly } from '../repositories/reports';
import { getBillingState } from '../repositories/billing';
import { isPremium } from '../domain/billing';

/** The free plan's limit, as a quota the client can explain (spec core-app §9: 5 messages per month). */
export class MessageQuotaExceededError extends QuotaExceededError {
  constructor() {
    super(MESSAGE_QUOTA_EXCEEDED_MESSAGE, MESSAGE_QUOTA_EXCEEDED_CODE);
  }
}

const partnersOnly = () => new ForbiddenError('You can message accepted partners only.');

const isMessagingPartner = (relationship: Relationship) =>
  relationship.state === 'partners' && !isBlocked(relationship);

async function requirePartner(userId: string, otherUserId: string): Promise<void> {
  if (otherUserId === userId)
    throw new BadRequestError('You cannot message yourself.', { userId: 'Choose one of your partners.' }, 'self');
  if (!isMessagingPartner(await getRelationship(userId, otherUserId))) throw partnersOnly();
}

/**
 * The caller's messages this quota month: their own counter plus what deleted accounts with the same email had
 * already sent (deleting and re-creating an account does not reset the allowance).
 */
/** Premium lifts the monthly limit; the plan is what Stripe's webhooks last recorded, as of `now`. */
async function hasUnlimitedMessages(userId: string, now: Date): Promise<boolean> {
  return isPremium(await getBillingState(userId), now);
}

async function monthMessagesUsed(caller: MessagingCaller, now: Date): Promise<number> {
  const [own, inherited] = await Promise.all([
    messagesUsed(caller.userId, quotaMonthOf(now)),
    messagesUsedByDeletedAccounts(caller.email, now),
  ]);
  return own + inherited;
}

/** Who is messaging: the verified user and their email (the quota follows the email across a deleted account). */
export interface MessagingCaller {
  userId: string;
  email: string | undefined;
}

const toMessage = (userId: string, stored: StoredMessage): Message => ({
  id: stored.id,
  fromMe: stored.senderId === userId,
  text: stored.text,
  sentAt: stored.sentAt,
});

/** GET /api/conversations: one per partner, latest message first, with the caller's allowance. */
export async function listConversations(caller: MessagingCaller, now: Date): Promise<ConversationsResponse> {
  const { userId } = caller;
  const [relationships, used, premium] = await Promise.all([
    listRelationships(userId),
    monthMessagesUsed(caller, now),
    hasUnlimitedMessages(userId, now),
  ]);
  const partners = relationships.filter(isMessagingPartner);
  const names = await displayNamesOf(partners.map((r) => r.otherUserId));
  const latest = (r: Relationship) => r.lastMessage?.sentAt ?? r.since ?? '';
  const conversations = partners
    .sort((a, b) => (latest(a) < latest(b) ? 1 : latest(a) > latest(b) ? -1 : 0))
    .map((r) => ({
      userId: r.otherUserId,
      displayName: names.get(r.otherUserId) ?? UNNAMED_MEMBER,
      lastMessage: r.lastMessage
        ? { text: r.lastMessage.text, fromMe: r.lastMessage.senderId === userId, sentAt: r.lastMessage.sentAt }
        : null,
    }));
  return { conversations, quota: messageQuota(used, now, { premium }) };
}

/** GET /api/conversations/{userId}/messages: a page of the conversation, oldest first; the cursor reaches back. */
export async function conversationMessages(
  caller: MessagingCaller,
  otherUserId: string,
  cursor: string | undefined,
  now: Date,
): Promise<MessagesResponse> {
  const { userId } = caller;
  const olderThan = cursor ? decodeSortKeyCursor(cursor, MESSAGE_SK_PREFIX) : null;
  await requirePartner(userId, otherUserId);
  const [page, names, used, premium] = await Promise.all([
    listMessages(userId, otherUserId, MESSAGES_PAGE_SIZE, olderThan),
    displayNamesOf([otherUserId]),
    monthMessagesUsed(caller, now),
    hasUnlimitedMessages(userId, now),
  ]);
  return {
    partner: { userId: otherUserId, displayName: names.get(otherUserId) ?? UNNAMED_MEMBER },
    messages: (
      await visibleOnly(
        userId,
        page.messages,
        'message',
        (m) => m.id,
        (m) => m.senderId,
      )
    )
      .map((m) => toMessage(userId, m))
      .reverse(), // Hidden messages
    nextCursor: page.olderThan ? encodeCursor(page.olderThan) : null,
    quota: messageQuota(used, now, { premium }),
  };
}

/**
 * POST /api/conversations/{userId}/messages: sends to an accepted partner. The month's allowance is taken
 * first by one conditional update, so concurrent sends can never exceed it; a send that then fails gives
 * its allowance back.
 */
export async function sendMessage(
  caller: MessagingCaller,
  otherUserId: string,
  text: string,
  now: Date,
  idempotency: IdempotencyClaim | null = null,
): Promise<SendMessageResponse> {
  const { userId } = caller;
  await requirePartner(userId, otherUserId);
  const month = quotaMonthOf(now);
  const premium = await hasUnlimitedMessages(userId, now);
  // A deleted account's messages this month (same email) come off this account's allowance.
  const inherited = premium ? 0 : await messagesUsedByDeletedAccounts(caller.email, now);
  if (inherited >= FREE_MESSAGES_PER_MONTH) throw new MessageQuotaExceededError();
  // Premium sends are not counted: nothing to take, nothing to give back.
  const own = premium
    ? await messagesUsed(userId, month)
    : await takeMessageAllowance(userId, month, FREE_MESSAGES_PER_MONTH - inherited, now);
  if (own === null) throw new MessageQuotaExceededError();
  const used = own + inherited;

  let stored: StoredMessage;
  try {
    stored = await putMessage(
      userId,
      otherUserId,
      text,
      now,
      idempotency
        ? (message) => idempotencyRecordPut(idempotency, sendMessageResponse(userId, message, used, now, premium), now)
        : undefined,
    );
  } catch (error) {
    if (!premium) await returnMessageAllowance(userId, month);
    throw error;
  }
  const last = { text: stored.text.slice(0, 140), senderId: userId, sentAt: stored.sentAt };
  const [names] = await Promise.all([
    displayNamesOf([userId]),
    recordLastMessage(userId, otherUserId, last),
    recordLastMessage(otherUserId, userId, last),
  ]);
  const myName = names.get(userId) ?? UNNAMED_MEMBER;
  // One notification per burst: while the last one about this conversation is unread, no new one is added.
  const notified = await addNotification(
    otherUserId,
    {
      type: 'message',
      message: `${myName} sent you a message.`,
      link: `/messages?with=${encodeURIComponent(userId)}`,
      actorId: userId,
      burstKey: `conversation:${userId}`,
    },
    now,
  );
  if (notified) await queuePushFor(otherUserId, notified, now);
  // The recipient's daily digest (if they want one) now has news.
  await markDigestPending(otherUserId, now);
  // Both people's open tabs show the message now, each as its own GET would (keys name the other end).
  await Promise.all([
    publishLiveEvent([otherUserId], { type: 'message', keys: [userId], message: toMessage(otherUserId, stored) }, now),
    publishLiveEvent([userId], { type: 'message', keys: [otherUserId], message: toMessage(userId, stored) }, now),
  ]);
  return sendMessageResponse(userId, stored, used, now, premium);
}

/**
 * POST /api/conversations/{userId}/read: the caller opened the conversation; their own read marker moves to now
 * (never back), and the answer is what the header's Messages badge should show next.
 */
export async function markConversationRead(
  caller: MessagingCaller,
  otherUserId: string,
  now: Date,
): Promise<MarkConversationReadResponse> {
  const { userId } = caller;
  await requirePartner(userId, otherUserId);
  await moveReadMarker(userId, otherUserId, now.toISOString());
  return { unreadMessages: await countUnreadConversations(userId) };
}

function sendMessageResponse(
  userId: string,
  stored: StoredMessage,
  used: number,
  now: Date,
  premium: boolean,
): SendMessageResponse {
  return { message: toMessage(userId, stored), quota: messageQuota(used, now, { premium }) };
}

/**
 * The one way messages are deleted (account deletion today). Reports (another area) hook here: a message kept
 * as evidence of a report must survive its sender's deletion, so that check belongs in this function.
 * Returns how many messages were removed.
 */
export async function eraseConversation(userId: string, otherUserId: string): Promise<number> {
  return deleteConversation(userId, otherUserId);
}
