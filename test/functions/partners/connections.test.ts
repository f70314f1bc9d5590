import { describe, expect, it } from 'vitest';
import { handler as deleteBlock } from '../../../functions/handlers/partners/delete-block';
import { handler as getPartner } from '../../../functions/handlers/partners/get-partner';
import { handler as getConnections } from '../../../functions/handlers/partners/get-partner-connections';
import { handler as postAccept } from '../../../functions/handlers/partners/post-accept';
import { handler as postBlock } from '../../../functions/handlers/partners/post-block';
import { handler as postConnect } from '../../../functions/handlers/partners/post-connect';
import { handler as postDecline } from '../../../functions/handlers/partners/post-decline';
import { handler as getNotifications } from '../../../functions/handlers/notifications/get-notifications';
import { ApiErrorBody } from '../../../functions/shared/schemas/error';
import { NotificationsResponse } from '../../../functions/shared/schemas/notifications';
import { ConnectionActionResponse, PartnerConnectionsResponse } from '../../../functions/shared/schemas/partners';
import { DEFAULT_PROFILE_SETTINGS } from '../../../functions/shared/schemas/profile';
import { call, member, updateSettings } from './helpers';

const on = (userId: string) => ({ pathParameters: { userId } });

async function notificationsOf(userId: string) {
  return NotificationsResponse.parse((await call(getNotifications, 'get-notifications', userId)).json);
}

async function connectionsOf(userId: string) {
  return PartnerConnectionsResponse.parse((await call(getConnections, 'get-partner-connections', userId)).json);
}

describe('partner requests', () => {
  it('need a signed-in caller', async () => {
    for (const [fn, id] of [
      [postConnect, 'post-partner-connect'],
      [postAccept, 'post-partner-accept'],
      [postDecline, 'post-partner-decline'],
      [postBlock, 'post-partner-block'],
      [deleteBlock, 'delete-partner-block'],
      [getConnections, 'get-partner-connections'],
    ] as const) {
      expect((await call(fn, id, null, on('m-someone'))).status, id).toBe(401);
    }
  });

  it('connect → the other member is notified and sees the request → accept → both are partners and the sender is notified', async () => {
    const sam = await member({ name: 'Sam' });
    const alex = await member({ name: 'Alex' });

    const sent = await call(postConnect, 'post-partner-connect', sam, on(alex));
    expect(sent.status).toBe(200);
    expect(ConnectionActionResponse.parse(sent.json)).toEqual({ userId: alex, connection: 'outgoing', blocked: false });

    const alexInbox = await notificationsOf(alex);
    expect(alexInbox.unread).toBe(1);
    expect(alexInbox.notifications[0]).toMatchObject({ type: 'partner_request', link: '/find-partners', readAt: null });
    expect(alexInbox.notifications[0]!.message).toContain(`Sam ${sam.slice(2, 8)}`);

    expect((await connectionsOf(alex)).incoming.map((m) => m.userId)).toEqual([sam]);
    expect((await connectionsOf(sam)).outgoing.map((m) => m.userId)).toEqual([alex]);

    const again = await call(postConnect, 'post-partner-connect', sam, on(alex));
    expect(again.status).toBe(409);
    expect(ApiErrorBody.parse(again.json).error.code).toBe('already_requested');

    // Only the addressee can answer.
    expect((await call(postAccept, 'post-partner-accept', sam, on(alex))).status).toBe(404);

    const accepted = await call(postAccept, 'post-partner-accept', alex, on(sam));
    expect(ConnectionActionResponse.parse(accepted.json)).toEqual({
      userId: sam,
      connection: 'partners',
      blocked: false,
    });
    expect((await connectionsOf(sam)).partners.map((m) => m.userId)).toEqual([alex]);
    expect((await connectionsOf(alex)).partners.map((m) => m.userId)).toEqual([sam]);
    expect((await connectionsOf(alex)).incoming).toEqual([]);

    const samInbox = await notificationsOf(sam);
    expect(samInbox.notifications[0]).toMatchObject({ type: 'partner_accepted', link: `/messages?with=${alex}` });

    const partnersAgain = await call(postConnect, 'post-partner-connect', alex, on(sam));
    expect(ApiErrorBody.parse(partnersAgain.json).error.code).toBe('already_partners');
  });

  it('decline → no partnership, the sender is told, and may ask again later', async () => {
    const kim = await member({ name: 'Kim' });
    const lee = await member({ name: 'Lee' });
    await call(postConnect, 'post-partner-connect', kim, on(lee));
    const declined = await call(postDecline, 'post-partner-decline', lee, on(kim));
    expect(ConnectionActionResponse.parse(declined.json).connection).toBe('none');
    expect((await notificationsOf(kim)).notifications[0]).toMatchObject({ type: 'partner_declined' });
    expect(await connectionsOf(lee)).toMatchObject({ incoming: [], partners: [] });
    expect((await call(postDecline, 'post-partner-decline', lee, on(kim))).status).toBe(404);
    expect((await call(postConnect, 'post-partner-connect', kim, on(lee))).status).toBe(200);
  });

  it('connecting to someone who already asked you accepts their request', async () => {
    const one = await member();
    const two = await member();
    await call(postConnect, 'post-partner-connect', one, on(two));
    const back = await call(postConnect, 'post-partner-connect', two, on(one));
    expect(ConnectionActionResponse.parse(back.json).connection).toBe('partners');
  });

  it('refuses hidden members, yourself, and senders without a display name, with clear messages', async () => {
    const asker = await member();
    const hidden = await member({ settings: { discoverable: false } });
    const hiddenAnswer = await call(postConnect, 'post-partner-connect', asker, on(hidden));
    expect(hiddenAnswer.status).toBe(404);
    expect(ApiErrorBody.parse(hiddenAnswer.json).error.message).toBe('This member is not available.');

    const self = await call(postConnect, 'post-partner-connect', asker, on(asker));
    expect(self.status).toBe(400);
    expect(ApiErrorBody.parse(self.json).error.code).toBe('self');

    const nameless = await member({ settings: { ...DEFAULT_PROFILE_SETTINGS }, metrics: null });
    const target = await member();
    const noName = await call(postConnect, 'post-partner-connect', nameless, on(target));
    expect(noName.status).toBe(400);
    expect(ApiErrorBody.parse(noName.json).error).toMatchObject({
      code: 'profile_incomplete',
      fields: { displayName: expect.any(String) },
    });
    expect((await notificationsOf(target)).notifications).toEqual([]);

    const malformed = await call(postConnect, 'post-partner-connect', asker, on('not an id!'));
    expect(malformed.status).toBe(400);
    expect(ApiErrorBody.parse(malformed.json).error.fields).toHaveProperty('userId');
  });

  it('lets the addressee view a requester who is not discoverable', async () => {
    const quiet = await member({ name: 'Quiet' });
    const open = await member({ name: 'Open' });
    await updateSettings(quiet, {
      ...DEFAULT_PROFILE_SETTINGS,
      displayName: 'Quiet',
      homeArea: 'vancouver',
      activities: ['hiking'],
      discoverable: true,
    });
    await call(postConnect, 'post-partner-connect', quiet, on(open));
    await updateSettings(quiet, {
      ...DEFAULT_PROFILE_SETTINGS,
      displayName: 'Quiet',
      homeArea: 'vancouver',
      activities: ['hiking'],
      discoverable: false,
    });
    const view = await call(getPartner, 'get-partner', open, on(quiet));
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ partner: { displayName: 'Quiet', connection: 'incoming' } });
  });
});

describe('blocking', () => {
  it('ends a partnership, hides both ways, refuses requests, and is never shown to the blocked member', async () => {
    const blocker = await member({ name: 'Blocker' });
    const pest = await member({ name: 'Pest' });
    await call(postConnect, 'post-partner-connect', pest, on(blocker));
    await call(postAccept, 'post-partner-accept', blocker, on(pest));

    const blocked = await call(postBlock, 'post-partner-block', blocker, on(pest));
    expect(ConnectionActionResponse.parse(blocked.json)).toEqual({ userId: pest, connection: 'none', blocked: true });

    expect(await connectionsOf(blocker)).toMatchObject({ partners: [], blocked: [{ userId: pest }] });
    // The blocked member sees nothing: no partner, no block, no request.
    expect(await connectionsOf(pest)).toEqual({ incoming: [], outgoing: [], partners: [], blocked: [] });

    expect((await call(getPartner, 'get-partner', pest, on(blocker))).status).toBe(404);
    expect((await call(getPartner, 'get-partner', blocker, on(pest))).status).toBe(404);
    expect((await call(postConnect, 'post-partner-connect', pest, on(blocker))).status).toBe(404);
    expect(
      ApiErrorBody.parse((await call(postConnect, 'post-partner-connect', blocker, on(pest))).json).error.code,
    ).toBe('blocked');

    const unblocked = await call(deleteBlock, 'delete-partner-block', blocker, on(pest));
    expect(ConnectionActionResponse.parse(unblocked.json)).toEqual({
      userId: pest,
      connection: 'none',
      blocked: false,
    });
    expect((await connectionsOf(blocker)).blocked).toEqual([]);
    expect((await call(deleteBlock, 'delete-partner-block', blocker, on(pest))).status).toBe(404);
    expect((await call(getPartner, 'get-partner', pest, on(blocker))).status).toBe(200);
  });

  it('a block by each side needs both lifted', async () => {
    const a = await member();
    const b = await member();
    await call(postBlock, 'post-partner-block', a, on(b));
    await call(postBlock, 'post-partner-block', b, on(a));
    await call(deleteBlock, 'delete-partner-block', a, on(b));
    expect((await call(getPartner, 'get-partner', a, on(b))).status).toBe(404);
    await call(deleteBlock, 'delete-partner-block', b, on(a));
    expect((await call(getPartner, 'get-partner', a, on(b))).status).toBe(200);
  });

  it('refuses to block yourself or an unknown member', async () => {
    const a = await member();
    expect((await call(postBlock, 'post-partner-block', a, on(a))).status).toBe(400);
    expect((await call(postBlock, 'post-partner-block', a, on('m-nobodyatall'))).status).toBe(404);
  });
});
