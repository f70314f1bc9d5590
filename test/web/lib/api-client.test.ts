import { describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpApiClient } from '@/lib/api-client';

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
    expect(fetchFn).toHaveBeenCalledWith('/api/me', { headers: { accept: 'application/json', authorization: 'Bearer id-token' } });
  });

  it('calls the public health check without a token', async () => {
    const report = { status: 'ok', checkedAt: '2026-01-01T00:00:00.000Z', tables: [{ table: 'users', reachable: true, latencyMs: 3 }] };
    const fetchFn = vi.fn(async () => json(report));
    await expect(client(fetchFn, null).health()).resolves.toEqual(report);
    expect(fetchFn).toHaveBeenCalledWith('/api/health', { headers: { accept: 'application/json' } });
  });

  it('fails with a 401 ApiError, without calling the server, when there is no session', async () => {
    const fetchFn = vi.fn();
    await expect(client(fetchFn, null).me()).rejects.toMatchObject({ name: 'ApiError', status: 401, code: 'unauthorized' });
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('turns the error envelope into a typed ApiError', async () => {
    const fetchFn = vi.fn(async () => json({ error: { code: 'validation_failed', message: 'Bad input', fields: { email: 'Required' } } }, 400));
    const error = await client(fetchFn).me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Bad input', fields: { email: 'Required' } });
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
});
