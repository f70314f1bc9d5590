import { PlaceOptions } from '@/components/ui/place-options';
import { useId } from 'react';
import {
  AVAILABILITY_SLOT_LABELS,
  AVAILABILITY_SLOTS,
  BIO_MAX,
  DISPLAY_NAME_MAX,
  OUTDOOR_ACTIVITIES,
  OUTDOOR_ACTIVITY_LABELS,
  SHAREABLE_FIELD_LABELS,
  SHAREABLE_FIELDS,
  type HomeArea,
  UpdateProfileRequest,
  type ProfileResponse,
} from '@shared/schemas/profile';
import { useToast } from '@/components/toast';
import { buttonStyles } from '@/components/ui/button-styles';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { FormMessage } from '@/components/ui/form-message';
import { useApiClient } from '@/lib/api-client-context';
import { useSchemaForm } from '@/lib/forms/use-schema-form';
import {
  FORM_FIELDS,
  toFormValues,
  toSettings,
  type FieldErrors,
  type FormField,
  type ProfileFormValues,
} from '../utils/profile-form';
import { MatchingDeclarations } from './matching-declarations';

const inputStyles =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100';
const FIX_FIELDS_MESSAGE = 'Some fields need another look before saving.';
const inputBorder = (error: string | undefined) => (error ? 'border-red-600' : 'border-slate-300');

/**
 * The profile partner matching reads: display name, home area, activities, availability, bio, and whether
 * (and how much of it) other members may find. Saves the whole object; errors are shown beside their fields.
 */
export function ProfileSettingsForm({
  profile,
  onSaved,
}: {
  profile: ProfileResponse;
  onSaved: (profile: ProfileResponse) => void;
}) {
  const client = useApiClient();
  const toast = useToast();
  const id = useId();
  const fieldId = (field: FormField) => `${id}-${field}`;
  const errorId = (field: FormField) => `${id}-${field}-error`;

  const {
    form,
    formProps,
    submit,
    fieldError: errorAt,
    formError,
    submitting,
  } = useSchemaForm({
    schema: UpdateProfileRequest,
    defaultValues: toFormValues(profile.settings),
    toInput: toSettings,
    onSubmit: async () => {
      const saved = await client.updateProfile(toSettings(form.getValues()));
      form.reset(toFormValues(saved.settings));
      onSaved(saved);
      toast.success('Profile saved.');
    },
    messages: { invalid: FIX_FIELDS_MESSAGE, serverFields: FIX_FIELDS_MESSAGE },
    focus: (paths) => {
      const first = FORM_FIELDS.find((field) => paths.some((path) => path === field || path.startsWith(`${field}.`)));
      if (first) document.getElementById(fieldId(first))?.focus();
    },
  });
  const values = form.watch();
  // A field shows the first message at or below it ('activities.1' on the activities).
  const errors: FieldErrors = Object.fromEntries(FORM_FIELDS.map((field) => [field, errorAt(field, { nested: true })]));

  const update = <K extends keyof ProfileFormValues>(field: K, value: ProfileFormValues[K]) => {
    form.setValue(field, value as never);
    form.clearErrors(field === 'discoverable' ? field : [field, 'discoverable']);
  };

  // One tap puts a suggestion on the profile: the form takes it and saves, with whatever else it shows.
  const apply = (patch: Partial<ProfileFormValues>) => {
    for (const [field, value] of Object.entries(patch)) form.setValue(field as FormField, value as never);
    if (!submitting) void submit();
  };

  const describedBy = (field: FormField, ...others: string[]) =>
    [...others, errors[field] ? errorId(field) : null].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: FormField) =>
    errors[field] ? (
      <p id={errorId(field)} className="text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form {...formProps} aria-labelledby={`${id}-heading`} className="space-y-6">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          Partner Profile
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          What partner matching uses to suggest people near you who like what you like, when you are free.
        </p>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor={fieldId('displayName')} className="block text-sm font-medium text-slate-800">
            Display name
          </label>
          <input
            id={fieldId('displayName')}
            type="text"
            autoComplete="nickname"
            maxLength={DISPLAY_NAME_MAX}
            value={values.displayName}
            onChange={(event) => update('displayName', event.target.value)}
            aria-invalid={errors.displayName ? true : undefined}
            aria-describedby={describedBy('displayName', `${id}-displayName-hint`)}
            className={`${inputStyles} ${inputBorder(errors.displayName)}`}
          />
          <p id={`${id}-displayName-hint`} className="text-sm text-slate-600">
            How other members see you, e.g. “Maya C.”
          </p>
          {fieldError('displayName')}
        </div>

        <div className="space-y-1.5">
          <label htmlFor={fieldId('homeArea')} className="block text-sm font-medium text-slate-800">
            Home area
          </label>
          <select
            id={fieldId('homeArea')}
            value={values.homeArea}
            onChange={(event) => update('homeArea', event.target.value as HomeArea | '')}
            aria-invalid={errors.homeArea ? true : undefined}
            aria-describedby={describedBy('homeArea')}
            className={`${inputStyles} ${inputBorder(errors.homeArea)}`}
          >
            <option value="">Not set</option>
            <PlaceOptions />
          </select>
          {fieldError('homeArea')}
        </div>
      </div>

      <CheckboxGroup
        legend="Activity preferences"
        options={OUTDOOR_ACTIVITIES}
        labels={OUTDOOR_ACTIVITY_LABELS}
        selected={values.activities}
        onChange={(activities) => update('activities', activities)}
        error={errors.activities}
        firstInputId={fieldId('activities')}
      />

      <CheckboxGroup
        legend="Availability"
        hint="When you usually head out."
        options={AVAILABILITY_SLOTS}
        labels={AVAILABILITY_SLOT_LABELS}
        selected={values.availability}
        onChange={(availability) => update('availability', availability)}
        error={errors.availability}
        firstInputId={fieldId('availability')}
      />

      <MatchingDeclarations
        values={values}
        suggested={profile.suggested}
        errors={errors}
        disabled={submitting}
        fieldId={fieldId}
        update={update}
        apply={apply}
      />

      <div className="space-y-1.5">
        <label htmlFor={fieldId('bio')} className="block text-sm font-medium text-slate-800">
          Short bio
        </label>
        <textarea
          id={fieldId('bio')}
          rows={3}
          maxLength={BIO_MAX}
          value={values.bio}
          onChange={(event) => update('bio', event.target.value)}
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={describedBy('bio', `${id}-bio-count`)}
          className={`${inputStyles} ${inputBorder(errors.bio)}`}
        />
        <p id={`${id}-bio-count`} className="text-right text-sm text-slate-600">
          {values.bio.length}/{BIO_MAX} characters
        </p>
        {fieldError('bio')}
      </div>

      <div className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
        <div className="flex items-start gap-3">
          <input
            id={fieldId('discoverable')}
            type="checkbox"
            checked={values.discoverable}
            onChange={(event) => update('discoverable', event.target.checked)}
            aria-invalid={errors.discoverable ? true : undefined}
            aria-describedby={describedBy('discoverable', `${id}-discoverable-hint`)}
            className="mt-1 size-4 accent-brand-700"
          />
          <div className="space-y-1">
            <label htmlFor={fieldId('discoverable')} className="font-medium text-slate-900">
              Let other members find me
            </label>
            <p id={`${id}-discoverable-hint`} className="text-sm text-slate-600">
              Off unless you turn it on. When on, members searching for partners can find you by home area and activity.
              Your activity numbers are never shown to anyone else.
            </p>
            {fieldError('discoverable')}
          </div>
        </div>
        {values.discoverable && (
          <CheckboxGroup
            legend="What others may see"
            hint="Your display name is always shown. Anything you leave unticked stays private."
            options={SHAREABLE_FIELDS}
            labels={SHAREABLE_FIELD_LABELS}
            selected={values.visibleFields}
            onChange={(visibleFields) => update('visibleFields', visibleFields)}
            error={errors.visibleFields}
            firstInputId={fieldId('visibleFields')}
          />
        )}
      </div>

      {formError && <FormMessage kind="error">{formError}</FormMessage>}
      <div className="flex justify-end">
        <button type="submit" disabled={submitting} aria-busy={submitting} className={buttonStyles.primary}>
          {submitting && (
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
            />
          )}
          {submitting ? 'Saving...' : 'Save Profile'}
        </button>
      </div>
    </form>
  );
}
