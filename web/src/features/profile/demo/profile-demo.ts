import type { ProfileResponse, ProfileSettings } from '@shared/schemas/profile';
import type { ProfileApi } from '../api/profile-api';
import { validationFailed } from '@/lib/api/api-error';
import type { DemoContext } from '@/lib/demo/demo-context';
import { DEMO_USER } from '@/lib/demo/demo-user';
import { removeStorageKeysStartingWith, storageKeysStartingWith } from '@/lib/readable-storage';

/** Demo changes last for the tab, like demo mode itself. */
const DEMO_PROFILE_STORAGE_KEY = 'trailbuddy.demo.profile';
/** Every key demo mode keeps in tab storage starts with this (the demo flag itself included). */
const DEMO_STORAGE_PREFIX = 'trailbuddy.demo';

/** Demo saves answer after a short pause, so the Save button's loading state shows as it would. */
export const DEMO_SAVE_DELAY_MS = 400;

/** The demo user's profile as demo mode starts: filled in and findable, so every screen has something to show. */
export const DEMO_PROFILE_SETTINGS: ProfileSettings = {
  displayName: DEMO_USER.name,
  homeArea: 'north-vancouver',
  activities: ['running', 'hiking', 'cycling'],
  availability: ['weekends', 'mornings'],
  bio: 'Trail runner and weekend hiker. Usually on the North Shore trails early on Saturdays; always up for a Grouse Grind.',
  discoverable: true,
  visibleFields: ['homeArea', 'activities', 'level', 'availability', 'bio'],
  level: null,
  paces: {},
  useActivityForMatching: false,
};

/** The demo athlete's activity level (spec sample data: regular runs and rides). */
const DEMO_LEVEL: ProfileResponse['level'] = 'Intermediate';
/** What the demo athlete's own activity suggests for their profile. */
const DEMO_SUGGESTED: ProfileResponse['suggested'] = {
  level: 'Intermediate',
  paces: { running: 'steady', cycling: 'relaxed' },
  times: ['mornings'],
};

/** The profile API in demo mode: settings in tab storage, validated like the server does; deleting resets the demo. */
export function createProfileDemoApi({ now, storage, wait }: DemoContext): ProfileApi {
  async function readSettings(): Promise<ProfileSettings> {
    let stored: string | null = null;
    try {
      stored = storage.getItem(DEMO_PROFILE_STORAGE_KEY);
    } catch {
      // Storage can be disabled (private mode): the demo profile as it starts.
    }
    if (!stored) return DEMO_PROFILE_SETTINGS;
    // Only a saved change is checked, so the schemas (and zod) load when there is one, not for every screen.
    const { ProfileSettings } = await import('@shared/schemas/profile');
    try {
      const parsed = ProfileSettings.safeParse(JSON.parse(stored));
      return parsed.success ? parsed.data : DEMO_PROFILE_SETTINGS;
    } catch {
      return DEMO_PROFILE_SETTINGS;
    }
  }

  function writeSettings(settings: ProfileSettings) {
    try {
      storage.setItem(DEMO_PROFILE_STORAGE_KEY, JSON.stringify(settings));
    } catch {
      // Storage can be disabled (private mode); the change then lasts until the page reloads.
    }
  }

  const response = (settings: ProfileSettings): ProfileResponse => ({
    id: DEMO_USER.id,
    email: DEMO_USER.email,
    createdAt: DEMO_USER.createdAt,
    settings,
    level: DEMO_LEVEL,
    suggested: DEMO_SUGGESTED,
  });

  return {
    async profile() {
      return response(await readSettings());
    },

    async updateProfile(settings) {
      await wait(DEMO_SAVE_DELAY_MS);
      const { UpdateProfileRequest } = await import('@shared/schemas/profile');
      const parsed = UpdateProfileRequest.safeParse(settings);
      if (!parsed.success) throw validationFailed(parsed.error);
      writeSettings(parsed.data);
      return response(parsed.data);
    },

    async exportMyData() {
      // What this tab keeps in demo mode is the whole of the demo visitor's data.
      const settings = await readSettings();
      const stored: Record<string, Record<string, unknown>[]> = {
        DemoStorage: storageKeysStartingWith(storage, DEMO_STORAGE_PREFIX).map((key) => ({
          key,
          value: storage.getItem(key),
        })),
      };
      return {
        format: 'trailbuddy-data-export/1' as const,
        exportedAt: now().toISOString(),
        account: { userId: DEMO_USER.id, email: DEMO_USER.email },
        profile: response(settings),
        tripPlans: [],
        groupActivities: [],
        conversations: [],
        stored,
      };
    },

    async deleteAccount() {
      // Nothing lives on a server in demo mode: "your data" is what this tab remembers, so forget all of it.
      const demoItems = removeStorageKeysStartingWith(storage, DEMO_STORAGE_PREFIX);
      return { deletedAt: now().toISOString(), removed: { demoItems } };
    },
  };
}
