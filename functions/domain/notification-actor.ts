/**
 * Who a stored notification tells of. New ones carry `actorId`; ones stored before it existed do not, so
 * the block filter and account deletion work it out from what they do carry: a conversation link names the other
 * member, and the texts of these types start with the actor's display name ('Sam joined …'). Pure: no I/O.
 */
const NAMED_FIRST: ReadonlySet<string> = new Set([
  'partner_request',
  'partner_accepted',
  'partner_declined',
  'message',
  'activity_joined',
  'activity_left',
  'ride_booked',
  'ride_cancelled',
  'ride_offered',
]);

export interface StoredNotificationFields {
  type?: unknown;
  message?: unknown;
  link?: unknown;
  actorId?: unknown;
}

const CONVERSATION_LINK = /^\/messages\?with=([^&#]+)$/;

/** The member named by a conversation link ('/messages?with=<id>'), if it is one. */
export function memberOfLink(link: unknown): string | undefined {
  const match = typeof link === 'string' ? CONVERSATION_LINK.exec(link) : null;
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

/**
 * The actor's id: `actorId` when stored; otherwise, for a type that tells of someone, the member its link names,
 * or the candidate (id → display name) whose name opens the text (the longest such name). Undefined when unknown.
 */
export function actorOf(item: StoredNotificationFields, candidates: ReadonlyMap<string, string>): string | undefined {
  if (typeof item.actorId === 'string') return item.actorId;
  if (typeof item.type !== 'string' || !NAMED_FIRST.has(item.type)) return undefined;
  const linked = memberOfLink(item.link);
  if (linked) return linked;
  const message = typeof item.message === 'string' ? item.message : '';
  let found: { id: string; length: number } | undefined;
  for (const [id, name] of candidates) {
    const trimmed = name.trim();
    if (trimmed !== '' && message.startsWith(`${trimmed} `) && (!found || trimmed.length > found.length))
      found = { id, length: trimmed.length };
  }
  return found?.id;
}

/** Whether the item was stored before notifications carried their actor and tells of someone. */
export const isLegacyWithActor = (item: StoredNotificationFields): boolean =>
  typeof item.actorId !== 'string' && typeof item.type === 'string' && NAMED_FIRST.has(item.type);
