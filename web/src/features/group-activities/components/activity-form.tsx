import { PlaceOptions } from '@/components/ui/place-options';
import {
  ACTIVITY_TYPES,
  activityTimingIssues,
  DEFAULT_GROUP_ACTIVITY_FORM,
  DIFFICULTIES,
  DURATION_OPTIONS,
  GroupActivityInput,
  MAX_PARTICIPANT_OPTIONS,
} from '@shared/schemas/group-activities';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { useSchemaForm } from '@/lib/forms/use-schema-form';
import { areaName, capitalize, formatDuration } from '../utils/format';
import { FormField } from './form-field';

interface ActivityFormProps {
  initial?: GroupActivityInput;
  submitLabel: string;
  pendingLabel: string;
  /** Resolves when saved; throws (an ApiError with per-field messages, typically) when not. */
  onSubmit: (input: GroupActivityInput) => Promise<void>;
  /** Back to the defaults after a successful submit (the create form). */
  resetOnSuccess?: boolean;
  onCancel?: () => void;
}

/** The activity-creation form of spec §3, checked with the same rules as the server before it is sent. */
export function ActivityForm({
  initial = DEFAULT_GROUP_ACTIVITY_FORM,
  submitLabel,
  pendingLabel,
  onSubmit,
  resetOnSuccess = false,
  onCancel,
}: ActivityFormProps) {
  const { form, formProps, fieldError, formError, setFormError, submitting } = useSchemaForm({
    schema: GroupActivityInput,
    defaultValues: initial,
    check: (input) => activityTimingIssues(input.date, input.time, new Date()),
    onSubmit: async (input) => {
      await onSubmit(input);
      if (resetOnSuccess) form.reset(initial);
    },
    messages: { serverFields: 'Please check the highlighted fields.' },
  });
  // Editing a field takes its message, and the form's, away until the next submit.
  const field = (
    name: keyof GroupActivityInput,
    options: { valueAsNumber?: true; setValueAs?: (v: string) => unknown } = {},
  ) =>
    form.register(name, {
      ...options,
      onChange: () => {
        form.clearErrors(name);
        setFormError(null);
      },
    });
  const area = form.watch('area');

  return (
    <form {...formProps} className="grid gap-4 sm:grid-cols-2">
      <FormField label="Activity type" error={fieldError('activityType')}>
        {(props) => (
          <select {...props} {...field('activityType')}>
            {ACTIVITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {capitalize(type)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Title" error={fieldError('title')}>
        {(props) => <input {...props} required maxLength={80} {...field('title')} placeholder="Sunday Grouse Grind" />}
      </FormField>
      <FormField label="Description" error={fieldError('description')} className="sm:col-span-2">
        {(props) => (
          <textarea
            {...props}
            rows={3}
            maxLength={1000}
            {...field('description')}
            placeholder="Pace, route, what to expect"
          />
        )}
      </FormField>
      <FormField label="Date" error={fieldError('date')}>
        {(props) => <input {...props} type="date" required {...field('date')} />}
      </FormField>
      <FormField label="Start time" error={fieldError('time')} hint="British Columbia time">
        {(props) => <input {...props} type="time" required {...field('time')} />}
      </FormField>
      <FormField label="Location" error={fieldError('location')}>
        {(props) => (
          <input {...props} required maxLength={120} {...field('location')} placeholder="Grouse Mountain base" />
        )}
      </FormField>
      <FormField
        label="Area"
        error={fieldError('area')}
        hint={`Listed under ${areaName(area ?? 'elsewhere')} in Upcoming activities nearby`}
      >
        {(props) => (
          <select {...props} {...field('area', { setValueAs: (v) => v || null })}>
            <option value="">Elsewhere in BC</option>
            <PlaceOptions />
          </select>
        )}
      </FormField>
      <FormField label="Duration" error={fieldError('duration')}>
        {(props) => (
          <select {...props} {...field('duration', { valueAsNumber: true })}>
            {DURATION_OPTIONS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {formatDuration(minutes)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Difficulty" error={fieldError('difficulty')}>
        {(props) => (
          <select {...props} {...field('difficulty')}>
            {DIFFICULTIES.map((level) => (
              <option key={level} value={level}>
                {capitalize(level)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Max participants" error={fieldError('maxParticipants')} hint="You count as one of them">
        {(props) => (
          <select {...props} {...field('maxParticipants', { valueAsNumber: true })}>
            {MAX_PARTICIPANT_OPTIONS.map((max) => (
              <option key={max} value={max}>
                {max}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Equipment" error={fieldError('equipment')}>
        {(props) => <input {...props} maxLength={300} {...field('equipment')} placeholder="Poles, headlamp" />}
      </FormField>
      <FormField label="Notes" error={fieldError('notes')} className="sm:col-span-2">
        {(props) => (
          <textarea {...props} rows={2} maxLength={1000} {...field('notes')} placeholder="Where exactly to meet" />
        )}
      </FormField>
      {formError && (
        <div className="sm:col-span-2">
          <FormMessage kind="error">{formError}</FormMessage>
        </div>
      )}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <button type="submit" disabled={submitting} className={buttonStyles.primary}>
          {submitting ? pendingLabel : submitLabel}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} className={buttonStyles.secondary}>
            Discard changes
          </button>
        )}
      </div>
    </form>
  );
}
