import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as getConversations } from '../../../functions/handlers/messages/get-conversations';
import { handler as postMessage } from '../../../functions/handlers/messages/post-message';
import { ConversationsResponse, SendMessageResponse } from '../../../functions/shared/schemas/messages';
import type { StripeSimulator } from '../../../infra/local/simulators/stripe';
import { call, partnerPair } from '../partners/helpers';
import { DAY_MS, plan, startBillingWorld, subscribe } from './helpers';

let sim: StripeSimulator;

beforeAll(async () => {
  ({ sim } = await startBillingWorld());
});
afterAll(() => sim.stop());

const send = (from: string, to: string, text: string) =>
  call(postMessage, 'post-conversation-message', from, { pathParameters: { userId: to }, body: { text } });

describe('Premium lifts the monthly message limit', () => {
  it('accepts the sixth message (and more) of a Premium member, and says the limit does not apply', async () => {
    const [ana, ben] = await partnerPair();
    await subscribe(sim, ana);
    expect((await plan(ana)).plan).toBe('premium');
    for (let i = 1; i <= 7; i++) {
      const sent = await send(ana, ben, `Message ${i}`);
      expect(sent.status, `message ${i}`).toBe(201);
      expect(SendMessageResponse.parse(sent.json).quota.unlimited).toBe(true);
    }
    const list = ConversationsResponse.parse((await call(getConversations, 'get-conversations', ana)).json);
    expect(list.quota.unlimited).toBe(true);
    // Ben is on the free plan: his limit still holds.
    for (let i = 1; i <= 5; i++) expect((await send(ben, ana, `Reply ${i}`)).status).toBe(201);
    expect((await send(ben, ana, 'Reply 6')).status).toBe(429);
  });

  it('brings the limit back when Premium ends (a refund), without counting what was sent as Premium', async () => {
    const [cy, dot] = await partnerPair();
    const subscriptionId = await subscribe(sim, cy);
    for (let i = 1; i <= 6; i++) expect((await send(cy, dot, `Premium ${i}`)).status).toBe(201);
    await sim.control.refund(subscriptionId);
    expect((await plan(cy)).plan).toBe('free');
    for (let i = 1; i <= 5; i++) expect((await send(cy, dot, `Free ${i}`)).status).toBe(201);
    const refused = await send(cy, dot, 'Free 6');
    expect(refused.status).toBe(429);
  });

  it("keeps messaging unlimited through a failed renewal's grace, and brings the free limit back after it", async () => {
    const [eli, fox] = await partnerPair();
    const subscriptionId = await subscribe(sim, eli);
    for (let i = 1; i <= 6; i++) expect((await send(eli, fox, `Premium ${i}`)).status).toBe(201);
    await sim.control.renew(subscriptionId, 'failed');
    const { pastDue } = await plan(eli);
    expect(pastDue).not.toBeNull();
    expect((await send(eli, fox, 'During the grace')).status).toBe(201);

    // The server's clock a day past the grace (the browser journey cannot move the local stack's clock).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(pastDue!.graceEndsAt).getTime() + DAY_MS);
      expect(await plan(eli)).toMatchObject({ plan: 'free', pastDue: null });
      for (let i = 1; i <= 5; i++) expect((await send(eli, fox, `Free again ${i}`)).status).toBe(201);
      expect((await send(eli, fox, 'Free again 6')).status).toBe(429);
    } finally {
      vi.useRealTimers();
    }
  });
});
