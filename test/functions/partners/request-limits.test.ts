import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../../../functions/lib/errors';
import { getRelationship } from '../../../functions/repositories/partner-relationships';
import { listNotifications } from '../../../functions/repositories/notifications';
import { PARTNER_REQUESTS_PER_HOUR, partnerRequestLimitMessage } from '../../../functions/shared/schemas/partners';
import { connectWith } from '../../../functions/usecases/partner-connections';
import { member, NOW } from './helpers';

/** Partner-request limits: a member can send PARTNER_REQUESTS_PER_HOUR partner requests per clock hour, then gets a clear 429. */
describe('partner request rate limit', () => {
  it('allows the hourly allowance, then answers 429 with when to try again, and changes nothing', async () => {
    const sender = await member({ name: 'Eager' });
    const others = await Promise.all(
      Array.from({ length: PARTNER_REQUESTS_PER_HOUR + 1 }, (_, i) => member({ name: `Target${i}` })),
    );
    const at = new Date(NOW.getTime() + 17 * 60_000); // 18:17 UTC: 43 minutes left in the hour

    for (const other of others.slice(0, PARTNER_REQUESTS_PER_HOUR)) {
      expect((await connectWith(sender, other, at)).connection).toBe('outgoing');
    }
    const last = others[PARTNER_REQUESTS_PER_HOUR]!;
    const refusal = await connectWith(sender, last, at).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TooManyRequestsError);
    expect((refusal as TooManyRequestsError).status).toBe(429);
    expect((refusal as TooManyRequestsError).message).toBe(partnerRequestLimitMessage(43));
    expect((refusal as TooManyRequestsError).message).toBe(
      'You have sent 10 partner requests this hour. Try again in 43 minutes.',
    );
    expect((refusal as TooManyRequestsError).retryAfterSeconds).toBe(43 * 60);
    expect((await getRelationship(sender, last)).state).toBe('none');
    expect((await listNotifications(last, 10, null, at)).notifications).toEqual([]);

    // The next hour starts a new allowance.
    const nextHour = new Date(NOW.getTime() + 60 * 60_000);
    expect((await connectWith(sender, last, nextHour)).connection).toBe('outgoing');
  });

  it('does not count a request that was refused for another reason', async () => {
    const sender = await member({ name: 'Careful' });
    const other = await member({ name: 'Once' });
    const at = new Date(NOW.getTime() + 2 * 3_600_000);
    await connectWith(sender, other, at);
    for (let i = 0; i < PARTNER_REQUESTS_PER_HOUR + 2; i++)
      await expect(connectWith(sender, other, at)).rejects.toMatchObject({ code: 'already_requested' });
    const fresh = await member({ name: 'Fresh' });
    expect((await connectWith(sender, fresh, at)).connection).toBe('outgoing');
  });
});
