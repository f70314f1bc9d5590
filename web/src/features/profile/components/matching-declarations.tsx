import { ACTIVITY_LEVEL_LABELS, type ActivityLevelLabel } from '@shared/schemas/metrics';
import {
  AVAILABILITY_SLOT_LABELS,
  OUTDOOR_ACTIVITY_LABELS,
  PACE_BAND_LABELS,
  PACE_BANDS,
  PACED_ACTIVITIES,
  type ActivitySuggestions,
  type PaceBand,
} from '@shared/schemas/profile';
import { buttonStyles } from '@/components/ui/button-styles';
import type { FieldErrors, FormField, ProfileFormValues } from '../utils/profile-form';

const selectStyles =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

interface Props {
  values: ProfileFormValues;
  suggested: ActivitySuggestions;
  errors: FieldErrors;
  disabled: boolean;
  fieldId: (field: FormField) => string;
  update: <K extends keyof ProfileFormValues>(field: K, value: ProfileFormValues[K]) => void;
  /** Puts a suggestion on the profile and saves it, in one tap. */
  apply: (patch: Partial<ProfileFormValues>) => void;
}

/**
 * The level and pace a member declares (what other members are matched on), the consent to match on their Google
 * Health / Apple Health activity, and suggestions from their own activity that only they see.
 */
export function MatchingDeclarations({ values, suggested, errors, disabled, fieldId, update, apply }: Props) {
  const paced = PACED_ACTIVITIES.filter((activity) => values.activities.includes(activity));
  const paceSuggestions = paced.filter((activity) => {
    const band = suggested.paces[activity];
    return band !== undefined && values.paces[activity] !== band;
  });
  const timeSuggestions = suggested.times.filter((time) => !values.availability.includes(time));
  const levelSuggestion = suggested.level !== null && suggested.level !== values.level ? suggested.level : null;
  const hasSuggestions = levelSuggestion !== null || paceSuggestions.length > 0 || timeSuggestions.length > 0;
  const hintId = `${fieldId('useActivityForMatching')}-hint`;

  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-medium text-slate-800">Level and pace</legend>
      <p className="-mt-2 text-sm text-slate-600">
        What other members are matched against. Leave one unset and it is simply not compared.
      </p>

      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor={fieldId('level')} className="block text-sm font-medium text-slate-800">
            Your level
          </label>
          <select
            id={fieldId('level')}
            value={values.level}
            onChange={(event) => update('level', event.target.value as ActivityLevelLabel | '')}
            className={selectStyles}
          >
            <option value="">Not set</option>
            {ACTIVITY_LEVEL_LABELS.map((label) => (
              <option key={label} value={label}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {paced.map((activity, index) => (
          <div key={activity} className="space-y-1.5">
            <label
              htmlFor={index === 0 ? fieldId('paces') : `${fieldId('paces')}-${activity}`}
              className="block text-sm font-medium text-slate-800"
            >
              {OUTDOOR_ACTIVITY_LABELS[activity]} pace
            </label>
            <select
              id={index === 0 ? fieldId('paces') : `${fieldId('paces')}-${activity}`}
              value={values.paces[activity] ?? ''}
              onChange={(event) => {
                const { [activity]: _dropped, ...rest } = values.paces;
                const band = event.target.value as PaceBand | '';
                update('paces', band === '' ? rest : { ...rest, [activity]: band });
              }}
              className={selectStyles}
            >
              <option value="">Not set</option>
              {PACE_BANDS.map((band) => (
                <option key={band} value={band}>
                  {PACE_BAND_LABELS[band]}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {errors.paces && <p className="text-sm text-red-700">{errors.paces}</p>}

      {hasSuggestions && (
        <section
          aria-labelledby={`${fieldId('level')}-suggested`}
          className="space-y-3 rounded-xl border border-brand-200 bg-brand-50 p-4"
        >
          <div>
            <h3 id={`${fieldId('level')}-suggested`} className="font-medium text-slate-900">
              Suggested from your activity
            </h3>
            <p className="text-sm text-slate-600">
              Only you see these. Add one and it becomes part of your profile, which others are matched on.
            </p>
          </div>
          <ul className="space-y-2">
            {levelSuggestion && (
              <Suggestion
                text={`Level: ${levelSuggestion}`}
                what={`level ${levelSuggestion}`}
                disabled={disabled}
                onApply={() => apply({ level: levelSuggestion })}
              />
            )}
            {paceSuggestions.map((activity) => {
              const band = suggested.paces[activity]!;
              return (
                <Suggestion
                  key={activity}
                  text={`${OUTDOOR_ACTIVITY_LABELS[activity]} pace: ${PACE_BAND_LABELS[band]}`}
                  what={`${OUTDOOR_ACTIVITY_LABELS[activity].toLowerCase()} pace ${PACE_BAND_LABELS[band].toLowerCase()}`}
                  disabled={disabled}
                  onApply={() => apply({ paces: { ...values.paces, [activity]: band } })}
                />
              );
            })}
            {timeSuggestions.map((time) => (
              <Suggestion
                key={time}
                text={`Usually out: ${AVAILABILITY_SLOT_LABELS[time].toLowerCase()}`}
                what={`${AVAILABILITY_SLOT_LABELS[time].toLowerCase()} availability`}
                disabled={disabled}
                onApply={() => apply({ availability: [...values.availability, time] })}
              />
            ))}
          </ul>
        </section>
      )}

      <div className="flex items-start gap-3">
        <input
          id={fieldId('useActivityForMatching')}
          type="checkbox"
          checked={values.useActivityForMatching}
          onChange={(event) => update('useActivityForMatching', event.target.checked)}
          aria-describedby={hintId}
          className="mt-1 size-4 accent-brand-700"
        />
        <div className="space-y-1">
          <label htmlFor={fieldId('useActivityForMatching')} className="font-medium text-slate-900">
            Use my Google Health / Apple Health activity and imported files for partner matching
          </label>
          <p id={hintId} className="text-sm text-slate-600">
            Off unless you turn it on. When on, the level, usual times and pace your Google Health and Apple Health
            activity and the files you imported show fill in what you have not set above. Activity from your Strava
            connection is never used for matching: Strava allows it to be shown to you alone. A Strava archive you
            import yourself is your own file and counts like the others.
          </p>
        </div>
      </div>
    </fieldset>
  );
}

function Suggestion({
  text,
  what,
  disabled,
  onApply,
}: {
  text: string;
  /** Said after the button's visible words, so a screen reader knows which suggestion it adds. */
  what: string;
  disabled: boolean;
  onApply: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <span className="text-slate-800">{text}</span>
      <button type="button" disabled={disabled} onClick={onApply} className={buttonStyles.secondary}>
        Add to profile<span className="sr-only">: {what}</span>
      </button>
    </li>
  );
}
