import * as z from 'zod';
import { TABLE_IDS } from '../tables';

export const TableHealth = z.object({
  table: z.enum(TABLE_IDS),
  reachable: z.boolean(),
  /** Milliseconds the probe took. */
  latencyMs: z.number().nonnegative(),
  /** Why the probe failed; never a stack trace. */
  error: z.string().optional(),
});

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  checkedAt: z.iso.datetime(),
  tables: z.array(TableHealth),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
