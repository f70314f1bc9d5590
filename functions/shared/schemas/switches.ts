import * as z from 'zod';

/** One on/off choice per key, and no other key: a person's choices of what reaches them (email, push). */
export function switchesOf<K extends string>(keys: readonly K[]) {
  return z.object(Object.fromEntries(keys.map((key) => [key, z.boolean()])) as Record<K, z.ZodBoolean>).strict();
}
