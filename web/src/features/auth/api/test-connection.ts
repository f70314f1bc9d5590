import { useCallback, useState } from 'react';
import type { HealthResponse } from '@shared/schemas/health';
import { ApiError } from '@/lib/api/api-error';
import { useApiClient } from '@/lib/api-client-context';

export type ConnectionTestResult = HealthResponse | { error: { code: string; message: string } };

/** Probes every table through GET /api/health; failures become a result too, so they can be shown. */
export function useConnectionTest(): { run: () => Promise<ConnectionTestResult>; pending: boolean } {
  const client = useApiClient();
  const [pending, setPending] = useState(false);

  const run = useCallback(async (): Promise<ConnectionTestResult> => {
    setPending(true);
    try {
      return await client.health();
    } catch (error) {
      if (error instanceof ApiError) return { error: { code: error.code, message: error.message } };
      return { error: { code: 'unknown', message: error instanceof Error ? error.message : String(error) } };
    } finally {
      setPending(false);
    }
  }, [client]);

  return { run, pending };
}
