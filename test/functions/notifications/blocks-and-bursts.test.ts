import { describe, expect, it } from 'vitest';
import { handler as postMessage } from '../../../functions/handlers/messages/post-message';
import { handler as getNotifications } from '../../../functions/handlers/notifications/get-notifications';
import { handler as postReadAll } from '../../../functions/handlers/notifications/post-read-all';
import { handler as postAccept } from '../../../functions/handlers/partners/post-accept';
import { handler as postBlock } from '../../../functions/handlers/partners/post-block';
import { handler as postConnect } from '../../../functions/handlers/partners/post-connect';
import { handler as deleteBlock } from '../../../functions/handlers/partners/delete-block';
import { addNotification } from '../../../functions/repositories/notifications';
import { isBlockedEitherWay } from '../../../functions/repositories/partner-relationships';
import { NotificationsResponse } from '../../../functions/shared/schemas/notifications';
import { call, member } from '../partners/helpers';

const on = (userId: string) => ({ pathParameters: { userId } });
const inbox = async (userId: string) =>
  NotificationsResponse.parse((await call(getNotifications, 'get-notifications', userId)).json);
const told = (actorId: string, message = 'Someone joined your ride.') => ({
  type: 'ride_booked' as const,
  message,
  link: '/rides',
  actorId,
});

async function partners(): Promise<[string, string]> {
  const a = await member({ name: 'Ana' });
  const b = await member({ name: 'Ben' });
  await call(postConnect, 'post-partner-connect', a, on(b));
  await call(postAccept, 'post-partner-accept', b, on(a));
  return [a, b];
}

describe('blocks and notifications', () => {
  it('isBlockedEitherWay answers for a block in either direction, and not after an unblock', async () => {
    const maya = await member({ name: 'Maya' });
    const sam = await member({ name: 'Sam' });
    expect(await isBlockedEitherWay(maya, sam)).toBe(false);
    await call(postBlock, 'post-partner-block', maya, on(sam));
    expect(await isBlockedEitherWay(maya, sam)).toBe(true);
    expect(await isBlockedEitherWay(sam, maya)).toBe(true);
    await call(deleteBlock, 'delete-partner-block', maya, on(sam));
    expect(await isBlockedEitherWay(sam, maya)).toBe(false);
  });

  it('delivers nothing from a member either side has blocked', async () => {
    const maya = await member({ name: 'Maya' });
    const sam = await member({ name: 'Sam' });
    const kim = await member({ name: 'Kim' });
    await call(postBlock, 'post-partner-block', maya, on(sam));
    await call(postBlock, 'post-partner-block', kim, on(maya));
    expect(await addNotification(maya, told(sam), new Date())).toBeNull();
    expect(await addNotification(maya, told(kim), new Date())).toBeNull();
    expect(await addNotification(sam, told(maya), new Date())).toBeNull();
    expect((await inbox(maya)).notifications).toEqual([]);
    expect((await inbox(sam)).notifications).toEqual([]);
  });

  it('stops showing and counting what a member told before the block, either way', async () => {
    const maya = await member({ name: 'Maya' });
    const sam = await member({ name: 'Sam' });
    const kim = await member({ name: 'Kim' });
    await addNotification(maya, told(sam, 'Sam booked a seat.'), new Date());
    await addNotification(maya, told(kim, 'Kim booked a seat.'), new Date());
    expect((await inbox(maya)).unread).toBe(2);

    await call(postBlock, 'post-partner-block', sam, on(maya));
    const after = await inbox(maya);
    expect(after.notifications.map((n) => n.message)).toEqual(['Kim booked a seat.']);
    expect(after.unread).toBe(1);
    const readAll = await call(postReadAll, 'post-notifications-read-all', maya);
    expect(readAll.json).toEqual({ unread: 0 });
  });

  it('a partner request from someone who is then blocked disappears from the inbox', async () => {
    const maya = await member({ name: 'Maya' });
    const sam = await member({ name: 'Sam' });
    await call(postConnect, 'post-partner-connect', sam, on(maya));
    expect((await inbox(maya)).notifications.map((n) => n.type)).toEqual(['partner_request']);
    await call(postBlock, 'post-partner-block', maya, on(sam));
    expect(await inbox(maya)).toMatchObject({ notifications: [], unread: 0 });
  });
});

describe('one notification per conversation burst', () => {
  const send = (from: string, to: string, text: string) =>
    call(postMessage, 'post-conversation-message', from, { ...on(to), body: { text } });

  it('adds one for a burst of messages, and a new one once that was read', async () => {
    const [ana, ben] = await partners();
    const [cy] = await Promise.all([member({ name: 'Cy' })]);
    await call(postConnect, 'post-partner-connect', cy, on(ben));
    await call(postAccept, 'post-partner-accept', ben, on(cy));
    await call(postReadAll, 'post-notifications-read-all', ben);
    await call(postReadAll, 'post-notifications-read-all', ana);

    for (const text of ['Saturday?', 'Grouse at 7?', 'Bring poles'])
      expect((await send(ana, ben, text)).status).toBe(201);
    expect((await send(cy, ben, 'Hi from Cy')).status).toBe(201);
    let benInbox = await inbox(ben);
    const messages = () => benInbox.notifications.filter((n) => n.type === 'message');
    expect(
      messages()
        .map((n) => n.link)
        .sort(),
    ).toEqual([`/messages?with=${ana}`, `/messages?with=${cy}`].sort());
    expect(benInbox.unread).toBe(2);

    await call(postReadAll, 'post-notifications-read-all', ben);
    await send(ana, ben, 'Still on?');
    benInbox = await inbox(ben);
    expect(
      messages()
        .filter((n) => n.readAt === null)
        .map((n) => n.link),
    ).toEqual([`/messages?with=${ana}`]);
    expect(messages()).toHaveLength(3);
  });
});
