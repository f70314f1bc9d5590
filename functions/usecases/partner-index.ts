import type { ProfileSettings } from '../shared/schemas/profile';

/**
 * Keeps the partner-search index in step with a user's profile settings (issue 6): a discoverable user is
 * findable by home area and activity; anyone else is removed from the index. Called by PUT /api/profile
 * after the settings are saved, and by account deletion (with discoverable false).
 */
export async function refreshPartnerIndex(_userId: string, _settings: ProfileSettings, _now: Date): Promise<void> {
  // placeholder until the partners capability lands
}
