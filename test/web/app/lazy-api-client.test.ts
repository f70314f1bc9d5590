import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ApiError as PlainApiError } from '@/lib/api/api-error';
import { createLazyHttpApiClient } from '@/app/lazy-api-client';
import { lazyRuntimeConfig } from '@/lib/runtime-config-source';

const health = { status: 'ok', tables: {} };

describe('createLazyHttpApiClient', () => {
  it('asks for the base URL (the runtime config) only on the first call, once, and then calls the real API', async () => {
    const baseUrl = vi.fn(async () => '/api');
    const fetchFn = vi.fn(
      async () =>
        new Response(JSON.stringify(health), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const client = createLazyHttpApiClient({
      baseUrl,
      getIdToken: async () => null,
      fetchFn: fetchFn as unknown as typeof fetch,
    });
    expect(baseUrl).not.toHaveBeenCalled();
    expect('then' in client && typeof (client as unknown as { then?: unknown }).then === 'function').toBe(false);
    await client.health().catch(() => undefined);
    await client.health().catch(() => undefined);
    expect(baseUrl).toHaveBeenCalledTimes(1);
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(String((fetchFn.mock.calls[0] as unknown[])[0])).toBe('/api/health');
  });

  it('tries again after the config failed to load', async () => {
    const baseUrl = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('/api');
    const fetchFn = vi.fn(async () => new Response('{}', { status: 500 }));
    const client = createLazyHttpApiClient({
      baseUrl,
      getIdToken: async () => null,
      fetchFn: fetchFn as unknown as typeof fetch,
    });
    await expect(client.me()).rejects.toThrow('offline');
    await expect(client.health()).rejects.toBeInstanceOf(ApiError);
    await expect(client.health()).rejects.toMatchObject({ status: 500, code: 'http_error' });
    expect(baseUrl).toHaveBeenCalledTimes(2);
  });

  it('throws the one ApiError class the zod-free error messages check for', () => {
    expect(ApiError).toBe(PlainApiError);
  });
});

describe('lazyRuntimeConfig', () => {
  it('loads once on first need, and again only after a failure', async () => {
    const config = { mode: 'local', region: 'r', userPoolId: 'p', userPoolClientId: 'c', apiBaseUrl: '/api' } as const;
    const load = vi.fn().mockRejectedValueOnce(new Error('HTTP 503')).mockResolvedValue(config);
    const source = lazyRuntimeConfig(load);
    expect(source.current()).toBeNull();
    expect(load).not.toHaveBeenCalled();
    await expect(source.load()).rejects.toThrow('HTTP 503');
    await expect(source.load()).resolves.toEqual(config);
    await source.load();
    expect(load).toHaveBeenCalledTimes(2);
    expect(source.current()).toEqual(config);
  });
});
