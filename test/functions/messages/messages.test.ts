import { describe, expect, it } from 'vitest';
import { handler as getConversations } from '../../../functions/handlers/messages/get-conversations';
import { handler as getMessages } from '../../../functions/handlers/messages/get-messages';
import { handler as postMessage } from '../../../functions/handlers/messages/post-message';
import { handler as getNotifications } from '../../../functions/handlers/notifications/get-notifications';
import { handler as postBlock } from '../../../functions/handlers/partners/post-block';
import { ApiErrorBody } from '../../../functions/shared/schemas/error';
import {
  ConversationsResponse,
  MESSAGE_QUOTA_EXCEEDED_MESSAGE,
  MessagesResponse,
  SendMessageResponse,
} from '../../../functions/shared/schemas/messages';
import { NotificationsResponse } from '../../../functions/shared/schemas/notifications';
import { messageQuota, quotaMonthOf, quotaResetsAt } from '../../../functions/usecases/messages-quota';
import { call, member, partnerPair } from '../partners/helpers';

const on = (userId: string) => ({ pathParameters: { userId } });

const partners = () => partnerPair();

const send = (from: string, to: string, text: string) =>
  call(postMessage, 'post-conversation-message', from, { ...on(to), body: { text } });

describe('messages between partners', () => {
  it('need a signed-in caller', async () => {
    expect((await call(getConversations, 'get-conversations', null)).status).toBe(401);
    expect((await call(getMessages, 'get-conversation-messages', null, on('m-x'))).status).toBe(401);
    expect((await send(null as unknown as string, 'm-x', 'hi')).status).toBe(401);
  });

  it('sends, lists the conversation oldest first, notifies the recipient, and counts the allowance', async () => {
    const [ana, ben] = await partners();
    const first = await send(ana, ben, 'Grouse Grind on Saturday?');
    expect(first.status).toBe(201);
    const sent = SendMessageResponse.parse(first.json);
    expect(sent.message).toMatchObject({ fromMe: true, text: 'Grouse Grind on Saturday?' });
    expect(sent.quota).toMatchObject({ limit: 5, used: 1, remaining: 4 });
    await send(ben, ana, '  Yes! 7am at the base.  ');

    const thread = MessagesResponse.parse((await call(getMessages, 'get-conversation-messages', ana, on(ben))).json);
    expect(thread.messages.map((m) => [m.fromMe, m.text])).toEqual([
      [true, 'Grouse Grind on Saturday?'],
      [false, 'Yes! 7am at the base.'],
    ]);
    expect(thread.partner.displayName).toContain('Ben');
    expect(thread.quota.used).toBe(1);

    const list = ConversationsResponse.parse((await call(getConversations, 'get-conversations', ben)).json);
    expect(list.conversations).toEqual([
      {
        userId: ana,
        displayName: expect.stringContaining('Ana'),
        lastMessage: { text: 'Yes! 7am at the base.', fromMe: true, sentAt: expect.any(String) },
      },
    ]);
    expect(list.quota).toMatchObject({ used: 1, remaining: 4 });

    const benInbox = NotificationsResponse.parse((await call(getNotifications, 'get-notifications', ben)).json);
    expect(benInbox.notifications[0]).toMatchObject({ type: 'message', link: `/messages?with=${ana}` });
  });

  it('stops at 5 a month with a clear 429, and nothing is stored for the refused one', async () => {
    const [ana, ben] = await partners();
    for (let i = 1; i <= 5; i++) expect((await send(ana, ben, `Message ${i}`)).status).toBe(201);
    const refused = await send(ana, ben, 'Message 6');
    expect(refused.status).toBe(429);
    expect(ApiErrorBody.parse(refused.json).error).toEqual({
      code: 'message_quota_exceeded',
      message: MESSAGE_QUOTA_EXCEEDED_MESSAGE,
    });
    expect(MESSAGE_QUOTA_EXCEEDED_MESSAGE).toBe(
      'You have used your 5 free messages this month. Upgrade to Premium for unlimited messaging.',
    );
    const thread = MessagesResponse.parse((await call(getMessages, 'get-conversation-messages', ben, on(ana))).json);
    expect(thread.messages.map((m) => m.text)).toEqual([
      'Message 1',
      'Message 2',
      'Message 3',
      'Message 4',
      'Message 5',
    ]);
    // The allowance is per sender: the other partner still has all of theirs.
    expect(thread.quota.remaining).toBe(5);
    expect((await send(ben, ana, 'My turn')).status).toBe(201);
  });

  it('sends exactly 5 of 12 concurrent messages', async () => {
    const [ana, ben] = await partners();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => send(ana, ben, `Burst ${i}`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(7);
    const thread = MessagesResponse.parse((await call(getMessages, 'get-conversation-messages', ana, on(ben))).json);
    expect(thread.messages).toHaveLength(5);
    expect(thread.quota).toMatchObject({ used: 5, remaining: 0 });
  });

  it('is for accepted partners only, and a block stops it both ways', async () => {
    const stranger = await member();
    const [ana, ben] = await partners();
    const notPartner = await send(stranger, ana, 'Hi');
    expect(notPartner.status).toBe(403);
    expect(ApiErrorBody.parse(notPartner.json).error.message).toBe('You can message accepted partners only.');
    expect((await call(getMessages, 'get-conversation-messages', stranger, on(ana))).status).toBe(403);

    await send(ana, ben, 'Before the block');
    await call(postBlock, 'post-partner-block', ben, on(ana));
    expect((await send(ana, ben, 'After')).status).toBe(403);
    expect((await send(ben, ana, 'After')).status).toBe(403);
    expect((await call(getMessages, 'get-conversation-messages', ana, on(ben))).status).toBe(403);
    expect(
      ConversationsResponse.parse((await call(getConversations, 'get-conversations', ana)).json).conversations,
    ).toEqual([]);
  });

  it.each([
    ['an empty message', { text: '   ' }, 'text'],
    ['no text', {}, 'text'],
    ['a number', { text: 5 }, 'text'],
    ['a message over 1000 characters', { text: 'x'.repeat(1001) }, 'text'],
    ['control characters', { text: 'hi\u0007' }, 'text'],
    ['unknown fields', { text: 'hi', to: 'someone' }, 'body'],
  ])('rejects %s with a 400 and uses no allowance', async (_what, body, field) => {
    const [ana, ben] = await partners();
    const response = await call(postMessage, 'post-conversation-message', ana, { ...on(ben), body });
    expect(response.status).toBe(400);
    expect(Object.keys(ApiErrorBody.parse(response.json).error.fields ?? {})).toContain(field);
    expect(ConversationsResponse.parse((await call(getConversations, 'get-conversations', ana)).json).quota.used).toBe(
      0,
    );
  });

  it('rejects a body that is not JSON, a message to yourself, and a bad page token', async () => {
    const [ana, ben] = await partners();
    expect(
      ApiErrorBody.parse(
        (await call(postMessage, 'post-conversation-message', ana, { ...on(ben), body: '{text' })).json,
      ).error.code,
    ).toBe('invalid_json');
    expect((await send(ana, ana, 'me')).status).toBe(400);
    const badCursor = await call(getMessages, 'get-conversation-messages', ana, { ...on(ben), query: 'cursor=abc' });
    expect(badCursor.status).toBe(400);
    expect(ApiErrorBody.parse(badCursor.json).error.code).toBe('invalid_cursor');
  });
});

describe('the monthly allowance', () => {
  it.each([
    // Vancouver time decides the month: 07:59 UTC on 1 March is still February there.
    ['2026-03-01T07:59:00.000Z', '2026-02', '2026-03-01T08:00:00.000Z'],
    ['2026-03-01T08:00:00.000Z', '2026-03', '2026-04-01T07:00:00.000Z'],
    ['2026-12-31T23:00:00.000Z', '2026-12', '2027-01-01T07:00:00.000Z'], // UTC−7 all year from November 2026
    ['2026-07-15T12:00:00.000Z', '2026-07', '2026-08-01T07:00:00.000Z'],
  ])('at %s the month is %s and it resets at %s', (at, month, resets) => {
    expect(quotaMonthOf(new Date(at))).toBe(month);
    expect(quotaResetsAt(new Date(at)).toISOString()).toBe(resets);
  });

  it('reports what is left, never below zero', () => {
    expect(messageQuota(3, new Date('2026-03-10T00:00:00Z'))).toMatchObject({ limit: 5, used: 3, remaining: 2 });
    expect(messageQuota(9, new Date('2026-03-10T00:00:00Z'))).toMatchObject({ used: 5, remaining: 0 });
  });
});
