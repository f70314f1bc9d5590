/** The Apple Health Shortcut setup flags (spec §4: kept in local storage). */
export interface AppleShortcutFlags {
  installed: boolean;
  permissionsGranted: boolean;
  tested: boolean;
}

export type AppleSetupStep = 1 | 2 | 3 | 4;

export const APPLE_SETUP_STEPS = 4;

export const APPLE_SHORTCUT_STORAGE_KEY = 'trailbuddy.appleHealthShortcut';

const NO_FLAGS: AppleShortcutFlags = { installed: false, permissionsGranted: false, tested: false };

export function readAppleShortcutFlags(storage: Storage = window.localStorage): AppleShortcutFlags {
  try {
    const stored = JSON.parse(
      storage.getItem(APPLE_SHORTCUT_STORAGE_KEY) ?? 'null',
    ) as Partial<AppleShortcutFlags> | null;
    if (!stored || typeof stored !== 'object') return NO_FLAGS;
    return {
      installed: stored.installed === true,
      permissionsGranted: stored.permissionsGranted === true,
      tested: stored.tested === true,
    };
  } catch {
    return NO_FLAGS;
  }
}

export function writeAppleShortcutFlags(flags: AppleShortcutFlags, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(APPLE_SHORTCUT_STORAGE_KEY, JSON.stringify(flags));
  } catch {
    // Storage can be disabled (private mode); the dialog then starts from the beginning next time.
  }
}

/** Spec §2: installed and not yet tested, or installed with permissions granted, resumes at the test step. */
export function initialAppleSetupStep({ installed, permissionsGranted, tested }: AppleShortcutFlags): AppleSetupStep {
  if (installed && (!tested || permissionsGranted)) return 4;
  return 1;
}
