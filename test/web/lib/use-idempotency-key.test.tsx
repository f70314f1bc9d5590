import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createHttpApiClient } from '@/app/api-client';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';

describe('useIdempotencyKey', () => {
  it('reuses the key for the same body (a retry), and starts a new one for another body or after a success', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current.keyFor({ text: 'Grouse Grind on Saturday?' });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.current.keyFor({ text: 'Grouse Grind on Saturday?' })).toBe(first);

    const edited = result.current.keyFor({ text: 'Grouse Grind on Sunday?' });
    expect(edited).not.toBe(first);

    result.current.sent();
    expect(result.current.keyFor({ text: 'Grouse Grind on Sunday?' })).not.toBe(edited);
  });
});

describe('the HTTP client', () => {
  it('sends the key of a message and of a trip plan as Idempotency-Key', async () => {
    const fetchFn = vi.fn(async () => new Response('{}', { status: 500 }));
    const api = createHttpApiClient({ baseUrl: '/api', getIdToken: async () => 'id-token', fetchFn });
    await api.sendMessage('m-1', 'hi', 'key-1').catch(() => undefined);
    await api.fileTripPlan({} as never, 'key-2').catch(() => undefined);
    const sentKeys = fetchFn.mock.calls.map(
      (call) => ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>)['idempotency-key'],
    );
    expect(sentKeys).toEqual(['key-1', 'key-2']);
  });
});
