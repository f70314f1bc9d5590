import type { ActivityLevelLabel } from '@shared/schemas/metrics';
import {
  type AvailabilitySlot,
  type DeclaredPaces,
  type HomeArea,
  type OutdoorActivity,
  type ProfileSettings,
  type ShareableField,
} from '@shared/schemas/profile';

/** What the form holds: the settings, with text inputs as plain strings ('' means not set). */
export interface ProfileFormValues {
  displayName: string;
  homeArea: HomeArea | '';
  activities: OutdoorActivity[];
  availability: AvailabilitySlot[];
  bio: string;
  discoverable: boolean;
  visibleFields: ShareableField[];
  level: ActivityLevelLabel | '';
  paces: DeclaredPaces;
  useActivityForMatching: boolean;
}

/** The form's fields, in the order they appear (the first with an error gets focus). */
export const FORM_FIELDS = [
  'displayName',
  'homeArea',
  'activities',
  'availability',
  'level',
  'paces',
  'useActivityForMatching',
  'bio',
  'discoverable',
  'visibleFields',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FieldErrors = Partial<Record<FormField, string>>;

export function toFormValues(settings: ProfileSettings): ProfileFormValues {
  return {
    ...settings,
    displayName: settings.displayName ?? '',
    homeArea: settings.homeArea ?? '',
    level: settings.level ?? '',
  };
}

export function toSettings(values: ProfileFormValues): ProfileSettings {
  const displayName = values.displayName.trim();
  return {
    ...values,
    displayName: displayName === '' ? null : displayName,
    homeArea: values.homeArea === '' ? null : values.homeArea,
    level: values.level === '' ? null : values.level,
    // A pace is kept only for an activity still chosen, so unticking an activity takes its pace with it.
    paces: Object.fromEntries(
      Object.entries(values.paces).filter(([activity]) => values.activities.includes(activity as OutdoorActivity)),
    ),
  };
}
