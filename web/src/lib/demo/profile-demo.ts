import type { ProfileApi } from '@/lib/api/profile-api';
import { ApiError } from '@/lib/api/transport';
import type { DemoContext } from './demo-context';

// Placeholder until the profile demo lands (issue 5 helper replaces this file).
export function createProfileDemoApi(_context: DemoContext): ProfileApi {
  const unavailable = async (): Promise<never> => {
    throw new ApiError(400, 'demo_unavailable', 'Not available in demo mode.');
  };
  return { profile: unavailable, updateProfile: unavailable, deleteAccount: unavailable };
}
