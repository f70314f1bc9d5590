import { describe, expect, it } from 'vitest';
import { handler as postMessage } from '../../../functions/handlers/messages/post-message';
import { handler as postRead } from '../../../functions/handlers/messages/post-read';
import { handler as getNotifications } from '../../../functions/handlers/notifications/get-notifications';
import { handler as postBlock } from '../../../functions/handlers/partners/post-block';
import { getRelationship, markConversationRead } from '../../../functions/repositories/partner-relationships';
import { MarkConversationReadResponse } from '../../../functions/shared/schemas/messages';
import { NotificationsResponse } from '../../../functions/shared/schemas/notifications';
import { call, member, partnerPair } from '../partners/helpers';

const on = (userId: string) => ({ pathParameters: { userId } });

const send = async (from: string, to: string, text: string) =>
  expect((await call(postMessage, 'post-conversation-message', from, { ...on(to), body: { text } })).status).toBe(201);

/** What the header reads: the bell's response carries the Messages count too. */
const unreadMessagesOf = async (userId: string) =>
  NotificationsResponse.parse((await call(getNotifications, 'get-notifications', userId, { query: 'limit=1' })).json)
    .unreadMessages;

const markRead = (userId: string, otherUserId: string) =>
  call(postRead, 'post-conversation-read', userId, on(otherUserId));

describe('unread messages in the header count', () => {
  it('counts conversations waiting for the reader, never the sender, and clears when the reader opens it', async () => {
    const [ana, ben] = await partnerPair();
    await send(ana, ben, 'Grouse Grind on Saturday?');
    await send(ana, ben, 'Or Sunday if it rains.');

    // Conversations, not messages: two messages from Ana are one conversation Ben has to open.
    expect(await unreadMessagesOf(ben)).toBe(1);
    expect(await unreadMessagesOf(ana)).toBe(0);

    const read = await markRead(ben, ana);
    expect(read.status).toBe(200);
    expect(MarkConversationReadResponse.parse(read.json)).toEqual({ unreadMessages: 0 });
    expect(await unreadMessagesOf(ben)).toBe(0);

    // A retried read changes nothing.
    expect(MarkConversationReadResponse.parse((await markRead(ben, ana)).json)).toEqual({ unreadMessages: 0 });

    await send(ana, ben, 'Saturday it is.');
    expect(await unreadMessagesOf(ben)).toBe(1);
  });

  it("moves only the caller's own marker: a reader cannot clear the other side's count", async () => {
    const [ana, ben] = await partnerPair();
    await send(ben, ana, 'Are you in?');
    expect(await unreadMessagesOf(ana)).toBe(1);

    expect((await markRead(ben, ana)).status).toBe(200);
    expect(await unreadMessagesOf(ana)).toBe(1);
    expect((await getRelationship(ana, ben)).lastReadAt).toBeNull();
  });

  it('never moves a read marker backwards', async () => {
    const [ana, ben] = await partnerPair();
    await markConversationRead(ben, ana, '2026-11-28T12:00:00.000Z');
    await markConversationRead(ben, ana, '2026-11-28T11:00:00.000Z');
    expect((await getRelationship(ben, ana)).lastReadAt).toBe('2026-11-28T12:00:00.000Z');
  });

  it("does not count a blocked member's messages", async () => {
    const [ana, ben] = await partnerPair();
    await send(ana, ben, 'Hello?');
    expect(await unreadMessagesOf(ben)).toBe(1);
    expect((await call(postBlock, 'post-partner-block', ben, on(ana))).status).toBeLessThan(300);
    expect(await unreadMessagesOf(ben)).toBe(0);
  });

  it('refuses to mark a conversation with a non-partner, and changes nothing', async () => {
    const [ana] = await partnerPair();
    const stranger = await member();
    expect((await markRead(stranger, ana)).status).toBe(403);
    expect((await getRelationship(stranger, ana)).lastReadAt).toBeNull();
    expect((await call(postRead, 'post-conversation-read', null, on(ana))).status).toBe(401);
  });
});
