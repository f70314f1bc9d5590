import { useState, type FormEvent } from 'react';
import {
  GRACE_OPTIONS,
  MAX_CONTACTS,
  TRIP_ESSENTIAL_LABELS,
  TRIP_ESSENTIALS,
  TripPlanInput,
  tripTimingIssues,
  type TripEssential,
} from '@shared/schemas/trip-plans';
import { buttonStyles } from '@/components/ui/button-styles';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { FormMessage } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api/api-error';
import { userMessage } from '@/lib/error-messages';
import { FormField } from '@/components/ui/form-field';

export interface TripPlanFormValues {
  trailhead: string;
  route: string;
  area: string;
  startDate: string;
  startTime: string;
  returnDate: string;
  returnTime: string;
  graceMinutes: string;
  vehicle: string;
  essentials: TripEssential[];
  contacts: { name: string; email: string }[];
}

export const EMPTY_TRIP_PLAN_FORM: TripPlanFormValues = {
  trailhead: '',
  route: '',
  area: '',
  startDate: '',
  startTime: '',
  returnDate: '',
  returnTime: '',
  graceMinutes: '60',
  vehicle: '',
  essentials: [],
  contacts: [{ name: '', email: '' }],
};

export type TripFieldErrors = Record<string, string>;

/** Checks the form with the server's own schema; errors are keyed by field path (`contacts.0.email`). */
export function validateTripPlan(
  values: TripPlanFormValues,
  activityId: string | null,
  now: Date = new Date(),
): { ok: true; input: TripPlanInput } | { ok: false; errors: TripFieldErrors } {
  const parsed = TripPlanInput.safeParse({ ...values, activityId, graceMinutes: Number(values.graceMinutes) });
  if (parsed.success) {
    const timing = tripTimingIssues(parsed.data, now);
    return timing.startDate ? { ok: false, errors: timing } : { ok: true, input: parsed.data };
  }
  const errors: TripFieldErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return { ok: false, errors };
}

/** The trip plan filing form: where, when, who, the essentials and the emergency contacts. */
export function TripPlanForm({
  activityId,
  initial = EMPTY_TRIP_PLAN_FORM,
  onSubmit,
}: {
  activityId: string | null;
  /** What the form starts with (the group activity's place and times, when filed from one). */
  initial?: TripPlanFormValues;
  onSubmit: (input: TripPlanInput) => Promise<void>;
}) {
  const [values, setValues] = useState<TripPlanFormValues>(initial);
  const [errors, setErrors] = useState<TripFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = <K extends keyof TripPlanFormValues>(key: K, value: TripPlanFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const setContact = (index: number, key: 'name' | 'email', value: string) =>
    set(
      'contacts',
      values.contacts.map((c, i) => (i === index ? { ...c, [key]: value } : c)),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const result = validateTripPlan(values, activityId);
    if (!result.ok) {
      setErrors(result.errors);
      setFormError('Please fix the highlighted fields.');
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onSubmit(result.input);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setFormError(userMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  const text = (key: 'trailhead' | 'area' | 'vehicle', label: string, hint?: string) => (
    <FormField label={label} error={errors[key]} hint={hint}>
      {(props) => <input {...props} value={values[key]} onChange={(e) => set(key, e.target.value)} />}
    </FormField>
  );
  const dateTime = (key: 'startDate' | 'startTime' | 'returnDate' | 'returnTime', label: string) => (
    <FormField label={label} error={errors[key]}>
      {(props) => (
        <input
          {...props}
          type={key.endsWith('Date') ? 'date' : 'time'}
          value={values[key]}
          onChange={(e) => set(key, e.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-6" aria-label="Trip plan">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">Where</legend>
        {text('trailhead', 'Trailhead')}
        {text('area', 'Area')}
        <FormField label="Route description" error={errors.route} className="sm:col-span-2">
          {(props) => (
            <textarea {...props} rows={3} value={values.route} onChange={(e) => set('route', e.target.value)} />
          )}
        </FormField>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">When (Pacific time)</legend>
        {dateTime('startDate', 'Start date')}
        {dateTime('startTime', 'Start time')}
        {dateTime('returnDate', 'Expected return date')}
        {dateTime('returnTime', 'Expected return time')}
        <FormField
          label="Grace period"
          error={errors.graceMinutes}
          hint="How long after your expected return your contacts are alerted."
        >
          {(props) => (
            <select {...props} value={values.graceMinutes} onChange={(e) => set('graceMinutes', e.target.value)}>
              {GRACE_OPTIONS.map((m) => (
                <option key={m} value={m}>
                  {m < 60 ? `${m} minutes` : `${m / 60} hour${m === 60 ? '' : 's'}`}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {text('vehicle', 'Vehicle (optional)', 'Make, colour and plate, so searchers can find the trailhead.')}
      </fieldset>

      <CheckboxGroup
        legend="The ten essentials you carry"
        legendStyle="heading"
        layout="list"
        options={TRIP_ESSENTIALS}
        labels={TRIP_ESSENTIAL_LABELS}
        selected={values.essentials}
        onChange={(essentials) => set('essentials', essentials)}
      />

      <fieldset className="space-y-3">
        <legend className="mb-2 text-base font-semibold text-slate-900">Emergency contacts</legend>
        <p className="text-sm text-slate-600">
          Each contact gets an email with a private link to this plan, and an alert if you are not back in time.
        </p>
        {errors.contacts && <p className="text-sm text-red-700">{errors.contacts}</p>}
        {values.contacts.map((contact, index) => (
          <div
            key={index}
            className="grid items-start gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_auto]"
          >
            <FormField label={`Contact ${index + 1} name`} error={errors[`contacts.${index}.name`]}>
              {(props) => (
                <input {...props} value={contact.name} onChange={(e) => setContact(index, 'name', e.target.value)} />
              )}
            </FormField>
            <FormField label={`Contact ${index + 1} email`} error={errors[`contacts.${index}.email`]}>
              {(props) => (
                <input
                  {...props}
                  type="email"
                  autoComplete="off"
                  value={contact.email}
                  onChange={(e) => setContact(index, 'email', e.target.value)}
                />
              )}
            </FormField>
            {values.contacts.length > 1 && (
              <button
                type="button"
                className={`${buttonStyles.ghost} sm:mt-7`}
                onClick={() =>
                  set(
                    'contacts',
                    values.contacts.filter((_, i) => i !== index),
                  )
                }
              >
                Remove
              </button>
            )}
          </div>
        ))}
        {values.contacts.length < MAX_CONTACTS && (
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => set('contacts', [...values.contacts, { name: '', email: '' }])}
          >
            Add another contact
          </button>
        )}
      </fieldset>

      {formError && <FormMessage kind="error">{formError}</FormMessage>}
      <button type="submit" className={buttonStyles.primary} disabled={submitting}>
        {submitting && <Spinner label="Filing" />}
        File trip plan
      </button>
    </form>
  );
}
