import { useApiClient } from '@/lib/api-client-context';
import { useQuery } from '@/lib/use-query';

/** The display name the user chose in their profile (null until they set one, or while it loads). */
export function useDisplayName(): string | null {
  const client = useApiClient();
  const profile = useQuery(() => client.profile(), [client]);
  return profile.status === 'success' ? profile.data.settings.displayName : null;
}
