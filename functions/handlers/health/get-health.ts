import { httpRoute } from '../http-route';
import { probeTables } from '../../repositories/health-probe';
import type { HealthResponse } from '../../shared/schemas/health';

/** GET /api/health — public; reports whether each table answers. */
export const handler = httpRoute({}, async ({ now }): Promise<HealthResponse> => {
  const tables = await probeTables();
  return {
    status: tables.every((t) => t.reachable) ? 'ok' : 'degraded',
    checkedAt: now.toISOString(),
    tables,
  };
});
