import type { HealthConnectionsApi } from '@/lib/api/health-connections-api';
import { ApiError } from '@/lib/api/transport';
import type { DemoContext } from './demo-context';

// Placeholder until the Google Fit / Apple Health demo lands (issue 4 helper replaces this file).
export function createHealthConnectionsDemoApi(_context: DemoContext): HealthConnectionsApi {
  const unavailable = async (): Promise<never> => {
    throw new ApiError(400, 'demo_unavailable', 'Not available in demo mode.');
  };
  return { googleAuthorizeUrl: unavailable, connectGoogle: unavailable, issueAppleIngestToken: unavailable, testAppleIngest: unavailable };
}
