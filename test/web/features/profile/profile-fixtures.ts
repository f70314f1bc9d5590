import { DEFAULT_PROFILE_SETTINGS, type ProfileResponse, type ProfileSettings } from '@shared/schemas/profile';
import { SIGNED_IN_USER } from '../../test-utils';

/** GET /api/profile for the signed-in test user; defaults as a new account has them. */
export function profileResponse(
  overrides: Partial<Omit<ProfileResponse, 'settings'>> & { settings?: Partial<ProfileSettings> } = {},
): ProfileResponse {
  const { settings, ...rest } = overrides;
  return {
    id: SIGNED_IN_USER.id,
    email: SIGNED_IN_USER.email,
    createdAt: '2025-06-01T12:00:00.000Z',
    level: null,
    suggested: { level: null, paces: {}, times: [] },
    ...rest,
    settings: { ...DEFAULT_PROFILE_SETTINGS, ...settings },
  };
}
