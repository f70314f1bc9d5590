import { useFieldArray } from 'react-hook-form';
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
import { useSchemaForm } from '@/lib/forms/use-schema-form';
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
  const { form, formProps, fieldError, formError, submitting } = useSchemaForm({
    schema: TripPlanInput,
    defaultValues: initial,
    // Checked with the server's own schema; the form holds the grace period as the select's text.
    toInput: (values) => ({ ...values, activityId, graceMinutes: Number(values.graceMinutes) }),
    check: (input) => tripTimingIssues(input, new Date()),
    onSubmit,
    messages: { invalid: 'Please fix the highlighted fields.' },
    focus: 'none',
  });
  const contacts = useFieldArray({ control: form.control, name: 'contacts' });
  const essentials = form.watch('essentials');

  const text = (key: 'trailhead' | 'area' | 'vehicle', label: string, hint?: string) => (
    <FormField label={label} error={fieldError(key)} hint={hint}>
      {(props) => <input {...props} {...form.register(key)} />}
    </FormField>
  );
  const dateTime = (key: 'startDate' | 'startTime' | 'returnDate' | 'returnTime', label: string) => (
    <FormField label={label} error={fieldError(key)}>
      {(props) => <input {...props} type={key.endsWith('Date') ? 'date' : 'time'} {...form.register(key)} />}
    </FormField>
  );

  return (
    <form {...formProps} className="space-y-6" aria-label="Trip plan">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">Where</legend>
        {text('trailhead', 'Trailhead')}
        {text('area', 'Area')}
        <FormField label="Route description" error={fieldError('route')} className="sm:col-span-2">
          {(props) => <textarea {...props} rows={3} {...form.register('route')} />}
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
          error={fieldError('graceMinutes')}
          hint="How long after your expected return your contacts are alerted."
        >
          {(props) => (
            <select {...props} {...form.register('graceMinutes')}>
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
        selected={essentials}
        onChange={(chosen) => form.setValue('essentials', chosen)}
      />

      <fieldset className="space-y-3">
        <legend className="mb-2 text-base font-semibold text-slate-900">Emergency contacts</legend>
        <p className="text-sm text-slate-600">
          Each contact gets an email with a private link to this plan, and an alert if you are not back in time.
        </p>
        {fieldError('contacts') && <p className="text-sm text-red-700">{fieldError('contacts')}</p>}
        {contacts.fields.map((contact, index) => (
          <div
            key={contact.id}
            className="grid items-start gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_auto]"
          >
            <FormField label={`Contact ${index + 1} name`} error={fieldError(`contacts.${index}.name`)}>
              {(props) => <input {...props} {...form.register(`contacts.${index}.name`)} />}
            </FormField>
            <FormField label={`Contact ${index + 1} email`} error={fieldError(`contacts.${index}.email`)}>
              {(props) => (
                <input {...props} type="email" autoComplete="off" {...form.register(`contacts.${index}.email`)} />
              )}
            </FormField>
            {contacts.fields.length > 1 && (
              <button type="button" className={`${buttonStyles.ghost} sm:mt-7`} onClick={() => contacts.remove(index)}>
                Remove
              </button>
            )}
          </div>
        ))}
        {contacts.fields.length < MAX_CONTACTS && (
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => contacts.append({ name: '', email: '' }, { shouldFocus: false })}
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
