import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../functions/handlers/me/get-me';
import { dynamo } from '../../../../functions/lib/dynamo';
import { MeResponse } from '../../../../functions/shared/schemas/me';
import { invoke, userClaims } from '../../../support/api-events';

const route = { id: 'get-me', method: 'GET', path: '/api/me' } as const;

describe('GET /api/me', () => {
  it('creates the profile on first call and keeps its creation date afterwards', async () => {
    const sub = randomUUID();
    const first = MeResponse.parse((await invoke(handler, route, { claims: userClaims(sub, 'ana@example.com') })).json);
    expect(first).toMatchObject({ id: sub, email: 'ana@example.com' });

    const stored = await dynamo().send(
      new GetCommand({ TableName: process.env.TABLE_USERS, Key: { pk: `USER#${sub}`, sk: 'PROFILE' } }),
    );
    expect(stored.Item).toMatchObject({ userId: sub, email: 'ana@example.com', createdAt: first.createdAt });

    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = MeResponse.parse(
      (await invoke(handler, route, { claims: userClaims(sub, 'ana@example.com') })).json,
    );
    expect(second.createdAt).toBe(first.createdAt);
  });

  it('answers only with the caller identified by the token', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const meA = MeResponse.parse((await invoke(handler, route, { claims: userClaims(a) })).json);
    // A query string naming another user changes nothing: identity comes from the token only.
    const meB = MeResponse.parse((await invoke(handler, route, { claims: userClaims(b), query: `userId=${a}` })).json);
    expect(meA.id).toBe(a);
    expect(meB.id).toBe(b);
  });

  it('stores only a verified email: an unverified one is refused and the stored address stays', async () => {
    const sub = randomUUID();
    await invoke(handler, route, { claims: userClaims(sub, 'ana@example.com') });
    const { email_verified: _verified, ...withoutClaim } = userClaims(sub, 'mallory@example.com');
    for (const claims of [
      { ...withoutClaim, email_verified: 'false' },
      { ...withoutClaim, email_verified: false },
      withoutClaim,
    ]) {
      const res = await invoke(handler, route, { claims });
      expect(res.status, JSON.stringify(claims)).toBe(403);
      expect(res.json).toEqual({
        error: { code: 'email_not_verified', message: 'Verify your email address, then sign in again.' },
      });
    }
    const stored = await dynamo().send(
      new GetCommand({ TableName: process.env.TABLE_USERS, Key: { pk: `USER#${sub}`, sk: 'PROFILE' } }),
    );
    expect(stored.Item?.email).toBe('ana@example.com');
    // The local authorizer hands the token's boolean over as it is.
    const res = await invoke(handler, route, {
      claims: { ...userClaims(sub, 'ana@example.com'), email_verified: true },
    });
    expect(res.status).toBe(200);
  });

  it('is unauthorized without verified claims', async () => {
    expect((await invoke(handler, route)).status).toBe(401);
  });
});
