import { describe, expect, it, vi } from 'vitest';
import { SERVER_TRAITS } from '@/lib/client-traits';
import { createLazyHttpApiClient } from '@/app/lazy-api-client';

describe('the lazy HTTP client', () => {
  it('answers traits as data at once, without loading the client or its config', () => {
    const baseUrl = vi.fn(() => Promise.resolve('http://localhost'));
    const client = createLazyHttpApiClient({ baseUrl, getIdToken: () => Promise.resolve(null) } as never);
    expect(client.traits).toEqual(SERVER_TRAITS);
    expect(client.traits.accountDeletedMessage).toBe('Your account and data have been deleted.');
    expect(baseUrl).not.toHaveBeenCalled();
  });
});
