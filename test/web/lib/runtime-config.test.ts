import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, RuntimeConfigError } from '@/lib/runtime-config';

const valid = {
  mode: 'aws',
  region: 'ca-central-1',
  userPoolId: 'ca-central-1_abc',
  userPoolClientId: 'client',
  oauthDomain: 'trailbuddy.auth.ca-central-1.amazoncognito.com',
  apiBaseUrl: '/api',
};

const respond = (body: BodyInit | null, status = 200) => vi.fn(async () => new Response(body, { status }));

describe('loadRuntimeConfig', () => {
  it('fetches /config.json without caching and returns the parsed config', async () => {
    const fetchFn = respond(JSON.stringify(valid));
    await expect(loadRuntimeConfig(fetchFn)).resolves.toEqual(valid);
    expect(fetchFn).toHaveBeenCalledWith('/config.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it.each([
    ['the server answers 404', respond('not here', 404), /HTTP 404/],
    ['the body is not JSON', respond('<html>'), /not valid JSON/],
    ['a field is missing', respond(JSON.stringify({ ...valid, userPoolId: undefined })), /userPoolId/],
    ['the mode is unknown', respond(JSON.stringify({ ...valid, mode: 'staging' })), /mode/],
    [
      'the network fails',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
      /could not be downloaded/,
    ],
  ])('throws a RuntimeConfigError when %s', async (_, fetchFn, message) => {
    const result = loadRuntimeConfig(fetchFn as unknown as typeof fetch);
    await expect(result).rejects.toBeInstanceOf(RuntimeConfigError);
    await expect(result).rejects.toThrow(message);
  });
});
