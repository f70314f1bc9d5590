import { TABLE_IDS } from '@shared/tables';
import type { ApiClient } from '@/lib/api-client';
import { DEMO_USER } from './demo-user';

/** The API as demo mode sees it: answered in the browser from sample data, never by a server. */
export function createDemoApiClient(now: () => Date = () => new Date()): ApiClient {
  return {
    async health() {
      // Demo mode has no database; say so rather than pretend the tables answered.
      return {
        status: 'degraded',
        checkedAt: now().toISOString(),
        tables: TABLE_IDS.map((table) => ({ table, reachable: false, latencyMs: 0, error: 'Demo mode does not connect to a database.' })),
      };
    },
    async me() {
      return { id: DEMO_USER.id, email: DEMO_USER.email, createdAt: DEMO_USER.createdAt };
    },
  };
}
