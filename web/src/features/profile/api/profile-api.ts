import { AccountDeletionResponse, ProfileResponse, type ProfileSettings } from '@shared/schemas/profile';
import { DataExport } from '@shared/schemas/data-export';
import type { ApiTransport } from '@/lib/api/transport';

/** The user's profile and account. */
export interface ProfileApi {
  profile(): Promise<ProfileResponse>;
  updateProfile(settings: ProfileSettings): Promise<ProfileResponse>;
  /** Removes everything the user owns and deauthorizes their providers. */
  deleteAccount(): Promise<AccountDeletionResponse>;
  /** Everything TrailBuddy keeps about the user, to save as a file. */
  exportMyData(): Promise<DataExport>;
}

export function createProfileHttpApi({ request }: ApiTransport): ProfileApi {
  return {
    profile: () => request('/profile', ProfileResponse, { auth: true }),
    updateProfile: (body) => request('/profile', ProfileResponse, { auth: true, method: 'PUT', body }),
    deleteAccount: () => request('/me', AccountDeletionResponse, { auth: true, method: 'DELETE' }),
    exportMyData: () => request('/me/export', DataExport, { auth: true }),
  };
}

declare module '@/lib/api-client' {
  /** This feature's part of the one API client (assembled in app/api-client.ts and app/demo-api-client.ts). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the part in
  interface ApiClient extends ProfileApi {}
}
