import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';

/** The display name the user chose in their profile (null until they set one, or while it loads). */
export function useDisplayName(): string | null {
  const client = useApiClient();
  const profile = useServerQuery(queryKeys.profile, () => client.profile());
  return profile.status === 'success' ? profile.data.settings.displayName : null;
}
