import { describe, expect, it, vi } from 'vitest';
import { createHttpApiClient } from '@/app/api-client';
import { ApiError } from '@/lib/api-client';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const me = { id: 'user-1', email: 'a@b.co', createdAt: '2025-06-01T12:00:00.000Z' };

function client(fetchFn: typeof fetch, token: string | null = 'id-token') {
  return createHttpApiClient({ baseUrl: '/api/', getIdToken: async () => token, fetchFn });
}

describe('createHttpApiClient', () => {
  it('calls the API on the same origin with the ID token as a bearer token', async () => {
    const fetchFn = vi.fn(async () => json(me));
    await expect(client(fetchFn).me()).resolves.toEqual(me);
    expect(fetchFn).toHaveBeenCalledWith('/api/me', {
      headers: { accept: 'application/json', authorization: 'Bearer id-token' },
    });
  });

  it('calls the public health check without a token', async () => {
    const report = {
      status: 'ok',
      checkedAt: '2026-01-01T00:00:00.000Z',
      tables: [{ table: 'users', reachable: true, latencyMs: 3 }],
    };
    const fetchFn = vi.fn(async () => json(report));
    await expect(client(fetchFn, null).health()).resolves.toEqual(report);
    expect(fetchFn).toHaveBeenCalledWith('/api/health', { headers: { accept: 'application/json' } });
  });

  it('fails with a 401 ApiError, without calling the server, when there is no session', async () => {
    const fetchFn = vi.fn();
    await expect(client(fetchFn, null).me()).rejects.toMatchObject({
      name: 'ApiError',
      status: 401,
      code: 'unauthorized',
    });
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('turns the error envelope into a typed ApiError', async () => {
    const fetchFn = vi.fn(async () =>
      json({ error: { code: 'validation_failed', message: 'Bad input', fields: { email: 'Required' } } }, 400),
    );
    const error = await client(fetchFn)
      .me()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Bad input',
      fields: { email: 'Required' },
    });
  });

  it('reports a non-envelope error response by its status', async () => {
    const fetchFn = vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client(fetchFn).me()).rejects.toMatchObject({ status: 502, code: 'http_error' });
  });

  it('rejects a response that does not match the shared schema', async () => {
    const fetchFn = vi.fn(async () => json({ id: 'user-1', email: 'not-an-email', createdAt: 'yesterday' }));
    await expect(client(fetchFn).me()).rejects.toMatchObject({ status: 200, code: 'bad_response' });
  });

  it('reports an unreachable server as status 0', async () => {
    const fetchFn = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client(fetchFn).health()).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  describe('connections, sync and activities', () => {
    const connection = {
      provider: 'strava',
      isActive: true,
      athleteFirstName: 'Maya',
      athleteLastName: 'Chen',
      providerUserIdPrefix: '12345678',
      scopes: ['activity:read', 'profile:read_all'],
      connectedAt: '2026-01-01T00:00:00.000Z',
      lastSyncAt: null,
    };
    const authHeaders = { accept: 'application/json', authorization: 'Bearer id-token' };

    it('reads the connections, parsed with the shared schema', async () => {
      const fetchFn = vi.fn(async () => json({ connections: [connection] }));
      await expect(client(fetchFn).connections()).resolves.toEqual({ connections: [connection] });
      expect(fetchFn).toHaveBeenCalledWith('/api/connections', { headers: authHeaders });
    });

    it('posts what the callback received to /strava/connect as JSON', async () => {
      const fetchFn = vi.fn(async () => json({ connection, sync: null }));
      const body = { code: 'abc', state: 'signed-state', scope: 'read,activity:read' };
      await expect(client(fetchFn).connectStrava(body)).resolves.toEqual({ connection, sync: null });
      expect(fetchFn).toHaveBeenCalledWith('/api/strava/connect', {
        method: 'POST',
        headers: { ...authHeaders, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    });

    it("keeps the server's invalid_code tips in the ApiError", async () => {
      const tips =
        'The authorization code expired (they last about 10 minutes), was already used, or the redirect URI does not match. Please try again.';
      const fetchFn = vi.fn(async () => json({ error: { code: 'invalid_code', message: tips } }, 400));
      await expect(client(fetchFn).connectStrava({ code: 'old', state: 's' })).rejects.toMatchObject({
        status: 400,
        code: 'invalid_code',
        message: tips,
      });
    });

    it('disconnects with DELETE and accepts an empty 204', async () => {
      const fetchFn = vi.fn(async () => new Response(null, { status: 204 }));
      await expect(client(fetchFn).disconnect('strava')).resolves.toBeUndefined();
      expect(fetchFn).toHaveBeenCalledWith('/api/connections/strava', { method: 'DELETE', headers: authHeaders });
    });

    it('syncs with POST and reads either outcome', async () => {
      const synced = {
        kind: 'synced',
        result: { provider: 'strava', imported: 3, updated: 27, lastSyncAt: '2026-01-02T00:00:00.000Z' },
      };
      const fetchFn = vi.fn(async () => json(synced));
      await expect(client(fetchFn).sync('strava')).resolves.toEqual(synced);
      expect(fetchFn).toHaveBeenCalledWith('/api/connections/strava/sync', { method: 'POST', headers: authHeaders });
    });

    it('passes the 429 rate-limit message on', async () => {
      const fetchFn = vi.fn(async () =>
        json(
          { error: { code: 'rate_limited', message: '15-minute rate limit exceeded. Try again in 15 minutes' } },
          429,
        ),
      );
      await expect(client(fetchFn).sync('strava')).rejects.toMatchObject({
        status: 429,
        message: '15-minute rate limit exceeded. Try again in 15 minutes',
      });
    });

    it('reads the authorize URL and the usage indicator', async () => {
      const usage = {
        rateLimited: true,
        remainingFifteenMin: 0,
        remainingDaily: 910,
        minutesLeft: 12,
        message: 'Rate limited - try again in 12 minutes',
      };
      const fetchFn = vi
        .fn()
        .mockResolvedValueOnce(json({ url: 'https://www.strava.com/oauth/authorize?client_id=1' }))
        .mockResolvedValueOnce(json(usage));
      const api = client(fetchFn);
      await expect(api.stravaAuthorizeUrl()).resolves.toEqual({
        url: 'https://www.strava.com/oauth/authorize?client_id=1',
      });
      await expect(api.stravaUsage()).resolves.toEqual(usage);
      expect(fetchFn.mock.calls.map(([url]) => url)).toEqual(['/api/strava/authorize-url', '/api/strava/usage']);
    });

    it.each([
      [{}, '/api/activities'],
      [{ type: 'run', sort: 'distance', order: 'asc' }, '/api/activities?type=run&sort=distance&order=asc'],
      [{ type: 'all', limit: 50, cursor: 'abc/+=' }, '/api/activities?type=all&cursor=abc%2F%2B%3D&limit=50'],
    ] as const)('lists activities with %j as %s', async (params, url) => {
      const fetchFn = vi.fn(async () => json({ activities: [], nextCursor: null }));
      await expect(client(fetchFn).activities(params)).resolves.toEqual({ activities: [], nextCursor: null });
      expect(fetchFn).toHaveBeenCalledWith(url, { headers: authHeaders });
    });

    it('rejects an activities page that does not match the shared schema', async () => {
      const fetchFn = vi.fn(async () => json({ activities: [{ name: 'no ids' }], nextCursor: null }));
      await expect(client(fetchFn).activities()).rejects.toMatchObject({ code: 'bad_response' });
    });
  });
});
