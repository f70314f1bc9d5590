import { PlaceOptions } from '@/components/ui/place-options';
import { useState, type FormEvent } from 'react';
import {
  ACTIVITY_TYPES,
  DEFAULT_GROUP_ACTIVITY_FORM,
  DIFFICULTIES,
  DURATION_OPTIONS,
  groupActivityFormErrors,
  MAX_PARTICIPANT_OPTIONS,
  type GroupActivityInput,
} from '@shared/schemas/group-activities';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { ApiError } from '@/lib/api/api-error';
import { userMessage } from '@/lib/error-messages';
import { areaName, capitalize, formatDuration } from '../utils/format';
import { FormField } from './form-field';

type Errors = Partial<Record<keyof GroupActivityInput | 'form', string>>;

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
  const [form, setForm] = useState<GroupActivityInput>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  const set = <K extends keyof GroupActivityInput>(key: K, value: GroupActivityInput[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined, form: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = groupActivityFormErrors(form, new Date());
    if (Object.keys(found).length > 0) {
      setErrors(found as Errors);
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setPending(true);
    try {
      await onSubmit(form);
      if (resetOnSuccess) setForm(initial);
      setErrors({});
    } catch (error) {
      setErrors(
        error instanceof ApiError && error.fields
          ? { ...(error.fields as Errors), form: 'Please check the highlighted fields.' }
          : { form: userMessage(error) },
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <FormField label="Activity type" error={errors.activityType}>
        {(props) => (
          <select
            {...props}
            value={form.activityType}
            onChange={(e) => set('activityType', e.target.value as GroupActivityInput['activityType'])}
          >
            {ACTIVITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {capitalize(type)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Title" error={errors.title}>
        {(props) => (
          <input
            {...props}
            required
            maxLength={80}
            value={form.title}
            onChange={(e) => set('title', e.target.value)}
            placeholder="Sunday Grouse Grind"
          />
        )}
      </FormField>
      <FormField label="Description" error={errors.description} className="sm:col-span-2">
        {(props) => (
          <textarea
            {...props}
            rows={3}
            maxLength={1000}
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
            placeholder="Pace, route, what to expect"
          />
        )}
      </FormField>
      <FormField label="Date" error={errors.date}>
        {(props) => (
          <input {...props} type="date" required value={form.date} onChange={(e) => set('date', e.target.value)} />
        )}
      </FormField>
      <FormField label="Start time" error={errors.time} hint="British Columbia time">
        {(props) => (
          <input {...props} type="time" required value={form.time} onChange={(e) => set('time', e.target.value)} />
        )}
      </FormField>
      <FormField label="Location" error={errors.location}>
        {(props) => (
          <input
            {...props}
            required
            maxLength={120}
            value={form.location}
            onChange={(e) => set('location', e.target.value)}
            placeholder="Grouse Mountain base"
          />
        )}
      </FormField>
      <FormField
        label="Area"
        error={errors.area}
        hint={`Listed under ${areaName(form.area ?? 'elsewhere')} in Upcoming activities nearby`}
      >
        {(props) => (
          <select
            {...props}
            value={form.area ?? ''}
            onChange={(e) => set('area', (e.target.value || null) as GroupActivityInput['area'])}
          >
            <option value="">Elsewhere in BC</option>
            <PlaceOptions />
          </select>
        )}
      </FormField>
      <FormField label="Duration" error={errors.duration}>
        {(props) => (
          <select
            {...props}
            value={form.duration}
            onChange={(e) => set('duration', Number(e.target.value) as GroupActivityInput['duration'])}
          >
            {DURATION_OPTIONS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {formatDuration(minutes)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Difficulty" error={errors.difficulty}>
        {(props) => (
          <select
            {...props}
            value={form.difficulty}
            onChange={(e) => set('difficulty', e.target.value as GroupActivityInput['difficulty'])}
          >
            {DIFFICULTIES.map((level) => (
              <option key={level} value={level}>
                {capitalize(level)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Max participants" error={errors.maxParticipants} hint="You count as one of them">
        {(props) => (
          <select
            {...props}
            value={form.maxParticipants}
            onChange={(e) => set('maxParticipants', Number(e.target.value) as GroupActivityInput['maxParticipants'])}
          >
            {MAX_PARTICIPANT_OPTIONS.map((max) => (
              <option key={max} value={max}>
                {max}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Equipment" error={errors.equipment}>
        {(props) => (
          <input
            {...props}
            maxLength={300}
            value={form.equipment}
            onChange={(e) => set('equipment', e.target.value)}
            placeholder="Poles, headlamp"
          />
        )}
      </FormField>
      <FormField label="Notes" error={errors.notes} className="sm:col-span-2">
        {(props) => (
          <textarea
            {...props}
            rows={2}
            maxLength={1000}
            value={form.notes}
            onChange={(e) => set('notes', e.target.value)}
            placeholder="Where exactly to meet"
          />
        )}
      </FormField>
      {errors.form && (
        <div className="sm:col-span-2">
          <FormMessage kind="error">{errors.form}</FormMessage>
        </div>
      )}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <button type="submit" disabled={pending} className={buttonStyles.primary}>
          {pending ? pendingLabel : submitLabel}
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

function focusFirstInvalid(form: HTMLFormElement) {
  // After React renders the messages: the first field marked invalid gets the focus.
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
