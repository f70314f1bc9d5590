import * as z from 'zod';
import { BIDI_CONTROLS } from './profile';

/** Spec core-app §1/§9: the free plan's messages per month, per sender. */
export const FREE_MESSAGES_PER_MONTH = 5;
export const MESSAGE_MAX_LENGTH = 1000;
export const MESSAGES_PAGE_SIZE = 50;

export const MESSAGE_QUOTA_EXCEEDED_CODE = 'message_quota_exceeded';
export const MESSAGE_QUOTA_EXCEEDED_MESSAGE = `You have used your ${FREE_MESSAGES_PER_MONTH} free messages this month. Upgrade to Premium for unlimited messaging.`;

// Control characters (other than newlines and tabs) have no place in text other people read.
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** POST /api/conversations/{userId}/messages */
export const SendMessageRequest = z
  .object({
    text: z
      .string({ error: 'Write a message.' })
      .overwrite((value) => value.normalize('NFC').trim())
      .min(1, 'Write a message.')
      .max(MESSAGE_MAX_LENGTH, `Keep a message to ${MESSAGE_MAX_LENGTH} characters.`)
      .refine((value) => !CONTROL_CHARACTERS.test(value), 'Use letters, numbers and punctuation only.')
      .refine((value) => !BIDI_CONTROLS.test(value), 'Remove the text-direction characters from the message.'),
  })
  .strict();
export type SendMessageRequest = z.infer<typeof SendMessageRequest>;

export const Message = z.object({
  id: z.string().min(1),
  fromMe: z.boolean(),
  text: z.string().min(1),
  sentAt: z.iso.datetime(),
});
export type Message = z.infer<typeof Message>;

/** The caller's allowance this month (the free plan; there is no paid plan to buy yet). */
export const MessageQuota = z.object({
  limit: z.number().int().positive(),
  used: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
  /** Start of the next month in America/Vancouver, when the count starts again. */
  resetsAt: z.iso.datetime(),
  /** Premium: the limit does not apply (the count is kept for a return to the free plan). */
  unlimited: z.literal(true).optional(),
});
export type MessageQuota = z.infer<typeof MessageQuota>;

export const Conversation = z.object({
  userId: z.string().min(1),
  displayName: z.string().min(1),
  lastMessage: z.object({ text: z.string(), fromMe: z.boolean(), sentAt: z.iso.datetime() }).nullable(),
});
export type Conversation = z.infer<typeof Conversation>;

/** GET /api/conversations: one per accepted partner, latest message first. */
export const ConversationsResponse = z.object({ conversations: z.array(Conversation), quota: MessageQuota });
export type ConversationsResponse = z.infer<typeof ConversationsResponse>;

/** GET /api/conversations/{userId}/messages: oldest first within the page; `nextCursor` reaches further back. */
export const MessagesQuery = z
  .object({
    cursor: z
      .string()
      .max(512, 'The page token is too long.')
      .regex(/^[A-Za-z0-9_-]+$/, 'The page token is not one TrailBuddy handed out.')
      .optional(),
  })
  .strict();
export type MessagesQuery = z.infer<typeof MessagesQuery>;

export const MessagesResponse = z.object({
  partner: z.object({ userId: z.string().min(1), displayName: z.string().min(1) }),
  messages: z.array(Message),
  nextCursor: z.string().nullable(),
  quota: MessageQuota,
});
export type MessagesResponse = z.infer<typeof MessagesResponse>;

export const SendMessageResponse = z.object({ message: Message, quota: MessageQuota });
export type SendMessageResponse = z.infer<typeof SendMessageResponse>;

/** Answer of POST /api/conversations/{userId}/read: the caller's conversations still waiting, for the header. */
export const MarkConversationReadResponse = z.object({ unreadMessages: z.number().int().nonnegative() });
export type MarkConversationReadResponse = z.infer<typeof MarkConversationReadResponse>;
