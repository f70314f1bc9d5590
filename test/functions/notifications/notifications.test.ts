import { describe, expect, it } from 'vitest';
import { handler as getNotifications } from '../../../functions/handlers/notifications/get-notifications';
import { handler as postRead } from '../../../functions/handlers/notifications/post-read';
import { handler as postReadAll } from '../../../functions/handlers/notifications/post-read-all';
import { addNotification } from '../../../functions/repositories/notifications';
import { ApiErrorBody } from '../../../functions/shared/schemas/error';
import { MarkReadResponse, NotificationsResponse } from '../../../functions/shared/schemas/notifications';
import { call, letterId } from '../partners/helpers';

async function inbox(userId: string, query = '') {
  const response = await call(getNotifications, 'get-notifications', userId, { query });
  expect(response.status).toBe(200);
  return NotificationsResponse.parse(response.json);
}

async function seed(userId: string, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(Date.now() - (count - i) * 60_000);
    ids.push(
      (await addNotification(userId, { type: 'partner_request', message: `Request ${i}`, link: '/find-partners' }, at))!
        .id,
    );
  }
  return ids;
}

describe('notifications', () => {
  it('need a signed-in caller', async () => {
    expect((await call(getNotifications, 'get-notifications', null)).status).toBe(401);
    expect((await call(postReadAll, 'post-notifications-read-all', null)).status).toBe(401);
  });

  it('list newest first with the unread count, and page', async () => {
    const user = letterId();
    await seed(user, 5);
    const first = await inbox(user, 'limit=2');
    expect(first.unread).toBe(5);
    expect(first.notifications.map((n) => n.message)).toEqual(['Request 4', 'Request 3']);
    const second = await inbox(user, `limit=2&cursor=${first.nextCursor}`);
    expect(second.notifications.map((n) => n.message)).toEqual(['Request 2', 'Request 1']);
    const third = await inbox(user, `limit=2&cursor=${second.nextCursor}`);
    expect(third.notifications.map((n) => n.message)).toEqual(['Request 0']);
    expect(third.nextCursor).toBeNull();
  });

  it('mark one read, then all read', async () => {
    const user = letterId();
    const ids = await seed(user, 3);
    const one = await call(postRead, 'post-notification-read', user, { pathParameters: { notificationId: ids[1]! } });
    expect(MarkReadResponse.parse(one.json)).toEqual({ unread: 2 });
    const listed = await inbox(user);
    expect(listed.notifications.find((n) => n.id === ids[1])!.readAt).not.toBeNull();
    expect(listed.notifications.find((n) => n.id === ids[0])!.readAt).toBeNull();
    // Marking again keeps the first read time.
    const readAt = listed.notifications.find((n) => n.id === ids[1])!.readAt;
    await call(postRead, 'post-notification-read', user, { pathParameters: { notificationId: ids[1]! } });
    expect((await inbox(user)).notifications.find((n) => n.id === ids[1])!.readAt).toBe(readAt);

    expect(MarkReadResponse.parse((await call(postReadAll, 'post-notifications-read-all', user)).json)).toEqual({
      unread: 0,
    });
    expect((await inbox(user)).notifications.every((n) => n.readAt !== null)).toBe(true);
  });

  it("cannot touch another user's notification", async () => {
    const owner = letterId();
    const other = letterId();
    const [id] = await seed(owner, 1);
    const response = await call(postRead, 'post-notification-read', other, { pathParameters: { notificationId: id! } });
    expect(response.status).toBe(404);
    expect((await inbox(owner)).unread).toBe(1);
    expect((await inbox(other)).notifications).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=100', 'limit'],
    ['cursor=%21', 'cursor'],
    ['since=yesterday', 'query'],
  ])('rejects %s with a 400', async (query, field) => {
    const response = await call(getNotifications, 'get-notifications', letterId(), { query });
    expect(response.status).toBe(400);
    expect(Object.keys(ApiErrorBody.parse(response.json).error.fields ?? {})).toContain(field);
  });

  it('rejects a page token that is not one it handed out, and a malformed id', async () => {
    const user = letterId();
    const forged = Buffer.from(JSON.stringify('REL#someone')).toString('base64url');
    expect(
      ApiErrorBody.parse((await call(getNotifications, 'get-notifications', user, { query: `cursor=${forged}` })).json)
        .error.code,
    ).toBe('invalid_cursor');
    const badId = await call(postRead, 'post-notification-read', user, {
      pathParameters: { notificationId: 'not-a-ulid' },
    });
    expect(badId.status).toBe(400);
    expect(ApiErrorBody.parse(badId.json).error.fields).toHaveProperty('notificationId');
  });
});
