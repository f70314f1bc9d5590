import { NotificationsResponse } from '../../../functions/shared/schemas/notifications';
import { handler as getNotifications } from '../../../functions/handlers/notifications/get-notifications';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler as postMessage } from '../../../functions/handlers/messages/post-message';
import { handler as getConnections } from '../../../functions/handlers/partners/get-partner-connections';
import { handler as getPartners } from '../../../functions/handlers/partners/get-partners';
import { handler as postAccept } from '../../../functions/handlers/partners/post-accept';
import { handler as postBlock } from '../../../functions/handlers/partners/post-block';
import { handler as postConnect } from '../../../functions/handlers/partners/post-connect';
import { dynamo } from '../../../functions/lib/dynamo';
import { PartnerConnectionsResponse, PartnerSearchResponse } from '../../../functions/shared/schemas/partners';
import { erasePartnerDataOfUser } from '../../../functions/usecases/partners-erasure';
import { call, member, NOW } from './helpers';

const on = (userId: string) => ({ pathParameters: { userId } });

async function itemsUnder(pk: string) {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: process.env.TABLE_SOCIAL,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
    }),
  );
  return result.Items ?? [];
}

describe('erasePartnerDataOfUser', () => {
  it("removes the member's index entries, relationships on both sides, conversations, counters and notifications", async () => {
    const leaving = await member({
      name: 'Leaving',
      settings: { homeArea: 'richmond', activities: ['running', 'hiking'] },
    });
    const partner = await member({ name: 'Partner' });
    const blocked = await member({ name: 'Blocked' });
    await call(postConnect, 'post-partner-connect', partner, on(leaving));
    await call(postAccept, 'post-partner-accept', leaving, on(partner));
    await call(postMessage, 'post-conversation-message', leaving, { ...on(partner), body: { text: 'Hello' } });
    await call(postMessage, 'post-conversation-message', partner, { ...on(leaving), body: { text: 'Hi back' } });
    await call(postBlock, 'post-partner-block', leaving, on(blocked));
    expect((await itemsUnder(`USER#${leaving}`)).length).toBeGreaterThan(0);

    const removed = await erasePartnerDataOfUser(leaving, NOW);
    // 3 index entries + snapshot, 2 relationships × 2 sides, 2 messages, 1 counter, 1 notification (accepted request → partner's, message → partner's; leaving got a request and a message).
    expect(removed).toBeGreaterThanOrEqual(4 + 4 + 2 + 1);

    expect(await itemsUnder(`USER#${leaving}`)).toEqual([]);
    expect(await itemsUnder(`CONV#${[leaving, partner].sort().join('#')}`)).toEqual([]);
    expect((await itemsUnder(`USER#${partner}`)).filter((item) => String(item.sk).startsWith('REL#'))).toEqual([]);
    expect((await itemsUnder(`USER#${blocked}`)).filter((item) => String(item.sk).startsWith('REL#'))).toEqual([]);
    const search = PartnerSearchResponse.parse(
      (await call(getPartners, 'get-partners', partner, { query: 'location=richmond&activity=hiking&limit=50' })).json,
    );
    expect(search.partners.map((p) => p.userId)).not.toContain(leaving);
    expect(
      PartnerConnectionsResponse.parse((await call(getConnections, 'get-partner-connections', partner)).json).partners,
    ).toEqual([]);

    expect(await erasePartnerDataOfUser(leaving, NOW)).toBe(0);
  });

  it("rewrites notifications about the deleted member in others' inboxes to 'Deleted user', without a link to them", async () => {
    const leaving = await member({ name: 'Gone' });
    const partner = await member({ name: 'Stays' });
    const asker = await member({ name: 'Asked' });
    await call(postConnect, 'post-partner-connect', partner, on(leaving));
    await call(postAccept, 'post-partner-accept', leaving, on(partner));
    await call(postMessage, 'post-conversation-message', leaving, { ...on(partner), body: { text: 'Hello' } });
    await call(postConnect, 'post-partner-connect', leaving, on(asker));
    const leavingName = `Gone ${leaving.slice(2, 8)}`;

    await erasePartnerDataOfUser(leaving, NOW);

    for (const inboxOf of [partner, asker]) {
      const inbox = NotificationsResponse.parse((await call(getNotifications, 'get-notifications', inboxOf)).json);
      const body = JSON.stringify(inbox);
      expect(body).not.toContain(leavingName);
      expect(body).not.toContain(leaving);
      expect(inbox.notifications.length).toBeGreaterThan(0);
      expect(inbox.notifications.every((n) => n.message.startsWith('Deleted user '))).toBe(true);
    }
  });
});
