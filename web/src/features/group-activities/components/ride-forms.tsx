import {
  isWithinCostGuidance,
  OfferRideRequest,
  RequestRideRequest,
  RIDE_COST_GUIDANCE,
  RIDE_COST_MAX,
  RIDE_SEAT_OPTIONS,
} from '@shared/schemas/rides';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { useSchemaForm, type SchemaForm } from '@/lib/forms/use-schema-form';
import { FormField } from './form-field';

const CHECK_FIELDS = 'Please check the highlighted fields.';

/** Registers a control whose edit takes its message, and the form's, away until the next submit. */
function editable<TValues extends FieldValues, TOutput>(
  { form, setFormError }: SchemaForm<TValues, TOutput>,
  name: FieldPath<TValues>,
) {
  return form.register(name, {
    onChange: () => {
      form.clearErrors(name);
      setFormError(null);
    },
  });
}

/** The offer form's inputs, named by the paths of the request body they fill. */
interface OfferFields {
  vehicle: { make: string; model: string; year: string; color: string };
  seats: string;
  departureTime: string;
  pickupLocations: string;
  costPerPerson: string;
  notes: string;
}

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Offer a ride: vehicle, seats 1–4, departure, pickups, a cost within the spec's $8–15 guidance (never above $15), notes. */
export function OfferRideForm({
  onSubmit,
  onDone,
}: {
  onSubmit: (input: OfferRideRequest) => Promise<unknown>;
  onDone: () => void;
}) {
  const offer = useSchemaForm<OfferFields, OfferRideRequest>({
    schema: OfferRideRequest,
    defaultValues: {
      vehicle: { make: '', model: '', year: '', color: '' },
      seats: '3',
      departureTime: '',
      pickupLocations: '',
      costPerPerson: '10',
      notes: '',
    },
    toInput: (fields) => ({
      vehicle: { ...fields.vehicle, year: toNumber(fields.vehicle.year) },
      seats: Number(fields.seats),
      departureTime: fields.departureTime,
      pickupLocations: fields.pickupLocations
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      costPerPerson: toNumber(fields.costPerPerson),
      notes: fields.notes,
    }),
    onSubmit: async (input) => {
      await onSubmit(input);
      onDone();
    },
    messages: { serverFields: CHECK_FIELDS },
  });
  const { formProps, fieldError, formError, submitting } = offer;
  const field = (name: FieldPath<OfferFields>) => editable(offer, name);
  const cost = toNumber(offer.form.watch('costPerPerson'));
  const costHint =
    Number.isFinite(cost) && cost <= RIDE_COST_MAX && !isWithinCostGuidance(cost) && cost > 0
      ? 'Below the usual range: that is fine, it is your call.'
      : undefined;

  return (
    <form {...formProps} aria-label="Offer a ride" className="grid gap-4 sm:grid-cols-2">
      <FormField label="Vehicle make" error={fieldError('vehicle.make')}>
        {(props) => <input {...props} {...field('vehicle.make')} placeholder="Subaru" />}
      </FormField>
      <FormField label="Vehicle model" error={fieldError('vehicle.model')}>
        {(props) => <input {...props} {...field('vehicle.model')} placeholder="Outback" />}
      </FormField>
      <FormField label="Vehicle year" error={fieldError('vehicle.year')}>
        {(props) => <input {...props} inputMode="numeric" {...field('vehicle.year')} placeholder="2021" />}
      </FormField>
      <FormField label="Vehicle colour" error={fieldError('vehicle.color')}>
        {(props) => <input {...props} {...field('vehicle.color')} placeholder="Green" />}
      </FormField>
      <FormField label="Seats offered" error={fieldError('seats')}>
        {(props) => (
          <select {...props} {...field('seats')}>
            {RIDE_SEAT_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Departure time" error={fieldError('departureTime')} hint="On the day of the activity">
        {(props) => <input {...props} type="time" {...field('departureTime')} />}
      </FormField>
      <FormField
        label="Pickup locations"
        error={fieldError('pickupLocations', { nested: true })}
        hint="One per line"
        className="sm:col-span-2"
      >
        {(props) => (
          <textarea
            {...props}
            rows={2}
            {...field('pickupLocations')}
            placeholder={'Kitsilano Beach parking\nBurrard SkyTrain Station'}
          />
        )}
      </FormField>
      <FormField
        label="Cost per person ($)"
        error={fieldError('costPerPerson')}
        hint={
          costHint ??
          `Share costs: $${RIDE_COST_GUIDANCE.min}–${RIDE_COST_GUIDANCE.max} a person is usual, never more than $${RIDE_COST_MAX}.`
        }
      >
        {(props) => (
          <input {...props} type="number" min={0} max={RIDE_COST_MAX} step={0.5} {...field('costPerPerson')} />
        )}
      </FormField>
      <FormField label="Notes" error={fieldError('notes')}>
        {(props) => <input {...props} {...field('notes')} placeholder="Room for poles" />}
      </FormField>
      {formError && (
        <div className="sm:col-span-2">
          <FormMessage kind="error">{formError}</FormMessage>
        </div>
      )}
      <div className="sm:col-span-2">
        <button type="submit" disabled={submitting} className={buttonStyles.primary}>
          {submitting ? 'Offering...' : 'Offer Ride'}
        </button>
      </div>
    </form>
  );
}

/** Ask for a ride: preferred pickup, willing to share costs, notes. */
export function RequestRideForm({
  onSubmit,
  onDone,
}: {
  onSubmit: (input: RequestRideRequest) => Promise<unknown>;
  onDone: () => void;
}) {
  const request = useSchemaForm({
    schema: RequestRideRequest,
    defaultValues: { preferredPickup: '', willingToShare: true, notes: '' },
    onSubmit: async (input) => {
      await onSubmit(input);
      onDone();
    },
    messages: { serverFields: CHECK_FIELDS },
  });
  const { form, formProps, fieldError, formError, submitting } = request;
  return (
    <form {...formProps} aria-label="Request a ride" className="grid gap-4 sm:grid-cols-2">
      <FormField label="Preferred pickup" error={fieldError('preferredPickup')}>
        {(props) => (
          <input {...props} {...editable(request, 'preferredPickup')} placeholder="Main Street SkyTrain Station" />
        )}
      </FormField>
      <FormField label="Notes" error={fieldError('notes')}>
        {(props) => <input {...props} {...form.register('notes')} placeholder="Happy to chip in for gas" />}
      </FormField>
      <label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2">
        <input type="checkbox" {...form.register('willingToShare')} className="size-4 rounded border-slate-300" />
        Willing to share costs
      </label>
      {formError && (
        <div className="sm:col-span-2">
          <FormMessage kind="error">{formError}</FormMessage>
        </div>
      )}
      <div className="sm:col-span-2">
        <button type="submit" disabled={submitting} className={buttonStyles.primary}>
          {submitting ? 'Sending...' : 'Request Ride'}
        </button>
      </div>
    </form>
  );
}
