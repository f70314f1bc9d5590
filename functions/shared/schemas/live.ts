import * as z from 'zod';

/**
 * What the realtime channel tells a signed-in tab: something of this kind changed; the tab reads it again.
 * Events carry no content (a message's text is fetched over HTTPS with the usual checks), only which thing changed.
 */
export const LIVE_EVENT_TYPES = ['message', 'notification', 'group-activity', 'import-job'] as const;
export const LiveEventType = z.enum(LIVE_EVENT_TYPES);
export type LiveEventType = z.infer<typeof LiveEventType>;

export const LiveEvent = z.object({
  type: LiveEventType,
  /** The ids of what changed: the other member of a conversation, an activity, an import job. */
  keys: z.array(z.string().min(1).max(200)).max(20),
});
export type LiveEvent = z.infer<typeof LiveEvent>;

/** The heartbeat a tab sends and the answer, so idle proxies and the gateway's 10-minute idle timeout keep it open. */
export const LIVE_PING = 'ping';
export const LIVE_PONG = 'pong';
