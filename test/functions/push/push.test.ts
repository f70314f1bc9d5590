import { randomUUID } from 'node:crypto';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as postMessage } from '../../../functions/handlers/messages/post-message';
import { listPushDevices } from '../../../functions/repositories/push';
import type { PushKinds } from '../../../functions/shared/schemas/push';
import { accountDeletionDeps, deleteAccount } from '../../../functions/usecases/account-deletion';
import { deviceIdOf } from '../../../functions/usecases/push';
import { sendDuePushes } from '../../../functions/usecases/push-outbox';
import { startLocalPushService, type LocalPushService } from '../../../infra/local/simulators/push';
import { callRoute, userClaims } from '../../support/api-events';
import { useOwnTables } from '../../support/own-tables';
import { call, member, partnerPair } from '../partners/helpers';

// The push job sends every waiting push in its table: own tables keep another file's pushes out of this service.
useOwnTables();

const VAPID = webpush.generateVAPIDKeys();
let pushService: LocalPushService;
beforeAll(async () => {
  pushService = await startLocalPushService();
  process.env.VAPID_PUBLIC_KEY = VAPID.publicKey;
  process.env.VAPID_PRIVATE_KEY = VAPID.privateKey;
  process.env.VAPID_SUBJECT = 'mailto:push@trailbuddy.test';
  process.env.LOCAL_PUSH_SERVICE_URL = pushService.url;
});
afterAll(() => pushService.stop());

const ALL_KINDS: PushKinds = { messages: true, connectionRequests: true, activityChanges: true, reminders: true };

/** A browser on the local push service subscribes with the app's key and tells the app which kinds it wants. */
async function subscribeDevice(userId: string, kinds: PushKinds = ALL_KINDS) {
  const subscription = pushService.subscribe(VAPID.publicKey);
  const saved = await callRoute('put-push-subscription', {
    claims: userClaims(userId),
    body: { ...subscription, kinds },
  });
  expect(saved.status).toBe(200);
  return subscription;
}

const sendMessage = (from: string, to: string, text: string, key?: string) =>
  call(postMessage, 'post-conversation-message', from, {
    pathParameters: { userId: to },
    body: { text },
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });

const payloadsAt = (endpoint: string) => pushService.received(endpoint).map((push) => JSON.parse(push.text) as unknown);

describe('Web Push to the local push service', () => {
  it('a message is pushed encrypted to the recipient’s device, and the push service decrypts what the app meant', async () => {
    const [ana, ben] = await partnerPair();
    const device = await subscribeDevice(ben);
    expect((await sendMessage(ana, ben, 'Grouse Grind on Saturday?')).status).toBe(201);

    expect(pushService.received(device.endpoint)).toHaveLength(0); // not on the request path
    expect(await sendDuePushes()).toEqual({ pushed: 1, gone: 0, failed: 0 });

    const [push] = pushService.received(device.endpoint);
    expect(JSON.parse(push!.text)).toEqual({
      title: 'TrailBuddy',
      body: expect.stringMatching(/^Ana .*sent you a message\.$/),
      link: `/messages?with=${ana}`,
      tag: expect.any(String),
    });
    expect(push!.ttl).toBe(86_400);
    expect(push!.urgency).toBe('normal');
    expect(push!.vapid).toEqual({
      sub: 'mailto:push@trailbuddy.test',
      aud: pushService.url,
      publicKey: VAPID.publicKey,
    });
    expect(pushService.refused()).toEqual([]);
  });

  it('a subscription the push service answers 410 for is removed, and nothing more is queued for it', async () => {
    const [ana, ben] = await partnerPair();
    const device = await subscribeDevice(ben);
    pushService.expire(device.endpoint);
    await sendMessage(ana, ben, 'Still up for it?');

    expect(await sendDuePushes()).toEqual({ pushed: 0, gone: 1, failed: 0 });
    expect(await listPushDevices(ben)).toEqual([]);
    const asked = await callRoute('get-push-subscription', {
      claims: userClaims(ben),
      pathParameters: { deviceId: deviceIdOf(device.endpoint) },
    });
    expect(asked.status).toBe(404);
  });

  it('only the kinds a device opted into are pushed to it', async () => {
    const [ana, ben] = await partnerPair();
    const requestsOnly = await subscribeDevice(ben, { ...ALL_KINDS, messages: false });
    const messagesOnly = await subscribeDevice(ben, {
      messages: true,
      connectionRequests: false,
      activityChanges: false,
      reminders: false,
    });
    await sendMessage(ana, ben, 'Hi Ben');
    const carl = await member({ name: 'Carl' });
    expect(
      (await callRoute('post-partner-connect', { claims: userClaims(carl), pathParameters: { userId: ben } })).status,
    ).toBe(200);
    await sendDuePushes();

    expect(payloadsAt(requestsOnly.endpoint)).toEqual([
      expect.objectContaining({ body: expect.stringMatching(/^Carl .*would like to be your activity partner\.$/) }),
    ]);
    expect(payloadsAt(messagesOnly.endpoint)).toEqual([
      expect.objectContaining({ body: expect.stringMatching(/^Ana .*sent you a message\.$/) }),
    ]);
  });

  it('a retried request, and two overlapping job runs, push once', async () => {
    const [ana, ben] = await partnerPair();
    const device = await subscribeDevice(ben);
    const key = randomUUID();
    expect((await sendMessage(ana, ben, 'Meet at 8?', key)).status).toBe(201);
    expect((await sendMessage(ana, ben, 'Meet at 8?', key)).status).toBe(201);
    await Promise.all([sendDuePushes(), sendDuePushes()]);
    await sendDuePushes();
    expect(pushService.received(device.endpoint)).toHaveLength(1);
  });

  it('unsubscribing a device removes it, and a retried unsubscribe answers the same', async () => {
    const [ana, ben] = await partnerPair();
    const device = await subscribeDevice(ben);
    const remove = () =>
      callRoute('delete-push-subscription', {
        claims: userClaims(ben),
        pathParameters: { deviceId: deviceIdOf(device.endpoint) },
      });
    expect((await remove()).status).toBe(200);
    expect((await remove()).status).toBe(200);
    await sendMessage(ana, ben, 'Hello?');
    await sendDuePushes();
    expect(pushService.received(device.endpoint)).toEqual([]);
    expect(await listPushDevices(ben)).toEqual([]);
  });

  it('deleting the account removes its devices and its waiting pushes', async () => {
    const [ana, ben] = await partnerPair();
    const device = await subscribeDevice(ben);
    await sendMessage(ana, ben, 'Before you go');
    await deleteAccount(
      { userId: ben, email: `${ben}@example.com` },
      new Date(),
      accountDeletionDeps(
        async () => {},
        async () => {},
      ),
    );
    expect(await listPushDevices(ben)).toEqual([]);
    expect(await sendDuePushes()).toEqual({ pushed: 0, gone: 0, failed: 0 });
    expect(pushService.received(device.endpoint)).toEqual([]);
  });

  it('an endpoint that is not a push service is refused (the job never posts to wherever a caller points it)', async () => {
    const ben = await member({ name: 'Ben' });
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data',
      'https://localhost:8000/x',
      'ftp://push.example/x',
    ]) {
      const saved = await callRoute('put-push-subscription', {
        claims: userClaims(ben),
        body: { endpoint, keys: pushService.subscribe().keys, kinds: ALL_KINDS },
      });
      expect(saved.status).toBe(400);
    }
    expect(await listPushDevices(ben)).toEqual([]);
  });

  it('serves the VAPID public key, never the private one', async () => {
    const ben = await member({ name: 'Ben' });
    const config = await callRoute('get-push-config', { claims: userClaims(ben) });
    expect(config.json).toEqual({ publicKey: VAPID.publicKey });
    expect(JSON.stringify(config.json)).not.toContain(VAPID.privateKey);
  });
});
