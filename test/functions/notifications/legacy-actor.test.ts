import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { actorOf } from '../../../functions/domain/notification-actor';
import { dynamo } from '../../../functions/lib/dynamo';
import { handler as getNotifications } from '../../../functions/handlers/notifications/get-notifications';
import { handler as postBlock } from '../../../functions/handlers/partners/post-block';
import { handler as deleteBlock } from '../../../functions/handlers/partners/delete-block';
import { scrubNotificationsFrom } from '../../../functions/repositories/notifications';
import { getUserProfile } from '../../../functions/repositories/user-profiles';
import { NotificationsResponse } from '../../../functions/shared/schemas/notifications';
import { DELETED_USER } from '../../../functions/shared/schemas/partners';
import { call, member } from '../partners/helpers';

/**
 * Notifications stored before they carried `actorId`: the block filter and account deletion must still
 * find the member they tell of (migrate-on-read: from the conversation link, or the name opening the text).
 */
const inbox = async (userId: string) =>
  NotificationsResponse.parse((await call(getNotifications, 'get-notifications', userId)).json);
const on = (userId: string) => ({ pathParameters: { userId } });
const nameOf = async (userId: string) => (await getUserProfile(userId))!.settings.displayName!;

/** Writes a notification as older code did: no actorId. */
async function legacy(
  recipient: string,
  type: string,
  message: string,
  link: string | null,
  createdAt = new Date(),
): Promise<void> {
  const id = `01${randomUUID().replace(/-/g, '').toUpperCase().slice(0, 24)}`;
  await dynamo().send(
    new PutCommand({
      TableName: process.env.TABLE_SOCIAL,
      Item: {
        pk: `USER#${recipient}`,
        sk: `NOTIF#${id}`,
        gsi1pk: `UNREAD#${recipient}`,
        gsi1sk: id,
        entity: 'Notification',
        userId: recipient,
        id,
        type,
        message,
        link,
        createdAt: createdAt.toISOString(),
        readAt: null,
      },
    }),
  );
}

describe('actorOf (pure)', () => {
  const names = new Map([
    ['u-ann', 'Ann'],
    ['u-ann-marie', 'Ann Marie'],
  ]);
  it('prefers the stored actorId', () => {
    expect(actorOf({ type: 'message', message: 'Ann sent you a message.', actorId: 'u-x' }, names)).toBe('u-x');
  });
  it('reads the member from a conversation link', () => {
    expect(
      actorOf({ type: 'message', message: 'Someone sent you a message.', link: '/messages?with=u%2Dbob' }, names),
    ).toBe('u-bob');
  });
  it('matches the longest candidate name opening the text, only for types that tell of someone', () => {
    expect(
      actorOf({ type: 'activity_joined', message: 'Ann Marie joined Hike.', link: '/plan-activity/x' }, names),
    ).toBe('u-ann-marie');
    expect(
      actorOf(
        { type: 'partner_request', message: 'Ann would like to be your activity partner.', link: '/find-partners' },
        names,
      ),
    ).toBe('u-ann');
    expect(
      actorOf(
        { type: 'partner_request', message: 'Annabel would like to be your activity partner.', link: '/find-partners' },
        names,
      ),
    ).toBeUndefined();
    expect(
      actorOf({ type: 'activity_reminder', message: 'Ann Marie hike reminder', link: null }, names),
    ).toBeUndefined();
  });
});

describe('notifications stored without an actor', () => {
  it('are hidden and not counted once either side blocks, and shown again after unblocking', async () => {
    const [ann, ben, kim] = [
      await member({ name: 'Ann' }),
      await member({ name: 'Ben' }),
      await member({ name: 'Kim' }),
    ];
    const [annName, kimName] = [await nameOf(ann), await nameOf(kim)];
    await legacy(ben, 'partner_request', `${annName} would like to be your activity partner.`, '/find-partners');
    await legacy(ben, 'message', 'You have a new message.', `/messages?with=${encodeURIComponent(ann)}`);
    await legacy(ben, 'activity_joined', `${annName} joined Sunday hike.`, '/plan-activity/01JZ0000000000000000000001');
    await legacy(ben, 'activity_joined', `${kimName} joined Sunday hike.`, '/plan-activity/01JZ0000000000000000000001');
    await legacy(
      ben,
      'activity_reminder',
      'Reminder: Sunday hike is tomorrow.',
      '/plan-activity/01JZ0000000000000000000001',
    );
    expect((await inbox(ben)).unread).toBe(5);

    expect((await call(postBlock, 'post-partner-block', ann, on(ben))).status).toBeLessThan(300);
    const blocked = await inbox(ben);
    expect(blocked.notifications.map((n) => n.message).sort()).toEqual([
      `${kimName} joined Sunday hike.`,
      'Reminder: Sunday hike is tomorrow.',
    ]);
    expect(blocked.unread).toBe(2);
    expect(JSON.stringify(blocked)).not.toContain(annName);

    await call(deleteBlock, 'delete-partner-block', ann, on(ben));
    expect((await inbox(ben)).unread).toBe(5);
  });

  it("name the deleted member 'Deleted user' (or go), and leave other people's alone", async () => {
    const [ann, ben, kim] = [
      await member({ name: 'Ann' }),
      await member({ name: 'Ben' }),
      await member({ name: 'Kim' }),
    ];
    const [annName, kimName] = [await nameOf(ann), await nameOf(kim)];
    await legacy(
      ben,
      'partner_accepted',
      `${annName} accepted your partner request. Say hello!`,
      `/messages?with=${encodeURIComponent(ann)}`,
    );
    await legacy(ben, 'message', 'You have a new message.', `/messages?with=${encodeURIComponent(ann)}`);
    await legacy(
      ben,
      'ride_booked',
      `${annName} booked a seat in your ride to Sunday hike.`,
      '/plan-activity/01JZ0000000000000000000001',
    );
    await legacy(
      ben,
      'ride_booked',
      `${kimName} booked a seat in your ride to Sunday hike.`,
      '/plan-activity/01JZ0000000000000000000001',
    );

    expect(await scrubNotificationsFrom(ben, ann, annName, DELETED_USER)).toBe(3);
    const messages = (await inbox(ben)).notifications.map((n) => n.message).sort();
    expect(messages).toEqual(
      [
        `${DELETED_USER} accepted your partner request. Say hello!`,
        `${DELETED_USER} booked a seat in your ride to Sunday hike.`,
        `${kimName} booked a seat in your ride to Sunday hike.`,
      ].sort(),
    );
    const text = JSON.stringify(await inbox(ben));
    expect(text).not.toContain(annName);
    expect(text).not.toContain(ann);
  });

  it('about an activity the deleted member organised: every notice linking there goes, whoever it tells of', async () => {
    const [organizer, ben, kim] = [
      await member({ name: 'Olive' }),
      await member({ name: 'Ben' }),
      await member({ name: 'Kim' }),
    ];
    const kimName = await nameOf(kim);
    const link = '/plan-activity/01JZ0000000000000000000002';
    await legacy(
      ben,
      'activity_updated',
      'Secret cove swim was updated by the organizer: now Sat, Jun 6 at 8:00 AM',
      link,
    );
    await legacy(
      ben,
      'activity_reminder',
      'Reminder: Secret cove swim is on Sat, Jun 6 at 8:00 AM, Olive’s cabin.',
      link,
    );
    await legacy(ben, 'ride_booked', `${kimName} booked a seat in your ride to Secret cove swim.`, link);
    await legacy(
      ben,
      'activity_joined',
      `${kimName} joined Another hike.`,
      '/plan-activity/01JZ0000000000000000000003',
    );
    expect(await scrubNotificationsFrom(ben, organizer, null, DELETED_USER, link)).toBe(3);
    const left = (await inbox(ben)).notifications;
    expect(left.map((n) => n.message)).toEqual([`${kimName} joined Another hike.`]);
  });
});
