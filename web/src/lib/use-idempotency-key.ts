import { useRef } from 'react';

/**
 * One `Idempotency-Key` per thing a person means to send: sending the same body again (a retry after an error or a
 * lost answer) reuses its key, so the server does it once; a different body, or anything after `sent()`, gets a new one.
 */
export function useIdempotencyKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(body: unknown): string {
      const json = JSON.stringify(body);
      if (last.current?.body !== json) last.current = { body: json, key: crypto.randomUUID() };
      return last.current.key;
    },
    sent(): void {
      last.current = null;
    },
  };
}
