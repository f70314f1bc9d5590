import * as z from 'zod';
import { Message } from './messages';

/**
 * What the realtime channel tells a signed-in tab: something of this kind changed; the tab reads it again.
 * Events name only which thing changed, except a new message: it comes as the receiving user's own GET of the
 * conversation would show it (already checked when it was sent, and pushed only to the two people in it), so an open
 * conversation shows it without asking the server.
 */
export const LIVE_EVENT_TYPES = ['message', 'notification', 'group-activity', 'import-job'] as const;
export const LiveEventType = z.enum(LIVE_EVENT_TYPES);
export type LiveEventType = z.infer<typeof LiveEventType>;

export const LiveEvent = z.object({
  type: LiveEventType,
  /** The ids of what changed: the other member of a conversation, an activity, an import job. */
  keys: z.array(z.string().min(1).max(200)).max(20),
  /** With `message` events: the new message of the conversation with `keys[0]`. */
  message: Message.optional(),
});
export type LiveEvent = z.infer<typeof LiveEvent>;

/** The heartbeat a tab sends and the answer, so idle proxies and the gateway's 10-minute idle timeout keep it open. */
export const LIVE_PING = 'ping';
export const LIVE_PONG = 'pong';
