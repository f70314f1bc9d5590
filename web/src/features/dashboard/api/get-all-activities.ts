import type { UnifiedActivity } from '@shared/schemas/activity';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useQuery } from '@/lib/use-query';

const PAGE_SIZE = 50;
/** The dashboard's totals read every page, up to this many (7-day retention keeps real lists far shorter). */
export const MAX_DASHBOARD_PAGES = 10;

export async function fetchAllActivities(client: ApiClient): Promise<UnifiedActivity[]> {
  const all: UnifiedActivity[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_DASHBOARD_PAGES; page += 1) {
    const response = await client.activities({ limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
    all.push(...response.activities);
    if (!response.nextCursor) break;
    cursor = response.nextCursor;
  }
  return all;
}

/** Every activity of the user (newest first), for the overview's totals and recent list. */
export function useAllActivities(refreshKey: number) {
  const client = useApiClient();
  return useQuery(() => fetchAllActivities(client), [client, refreshKey]);
}
