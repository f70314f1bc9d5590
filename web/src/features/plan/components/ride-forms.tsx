import { useState, type FormEvent } from 'react';
import {
  isWithinCostGuidance,
  OfferRideRequest,
  RequestRideRequest,
  RIDE_COST_GUIDANCE,
  RIDE_COST_MAX,
  RIDE_SEAT_OPTIONS,
  rideFormErrors,
} from '@shared/schemas/rides';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { ApiError } from '@/lib/api/api-error';
import { userMessage } from '@/lib/error-messages';
import { FormField } from './form-field';

type Errors = Record<string, string | undefined>;

function useSubmit<T>(validate: () => Errors, send: () => Promise<T>, onDone: () => void) {
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate();
    if (Object.keys(found).length > 0) {
      setErrors(found);
      const form = event.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setPending(true);
    try {
      await send();
      setErrors({});
      onDone();
    } catch (error) {
      setErrors(
        error instanceof ApiError && error.fields
          ? { ...error.fields, form: 'Please check the highlighted fields.' }
          : { form: userMessage(error) },
      );
    } finally {
      setPending(false);
    }
  };
  const clear = (key: string) => setErrors((current) => ({ ...current, [key]: undefined, form: undefined }));
  return { errors, pending, submit, clear };
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
  const [fields, setFields] = useState({
    make: '',
    model: '',
    year: '',
    color: '',
    seats: '3',
    departureTime: '',
    pickups: '',
    cost: '10',
    notes: '',
  });
  const input = (): unknown => ({
    vehicle: { make: fields.make, model: fields.model, year: toNumber(fields.year), color: fields.color },
    seats: Number(fields.seats),
    departureTime: fields.departureTime,
    pickupLocations: fields.pickups
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    costPerPerson: toNumber(fields.cost),
    notes: fields.notes,
  });
  const { errors, pending, submit, clear } = useSubmit(
    () => rideFormErrors(OfferRideRequest, input()),
    () => onSubmit(OfferRideRequest.parse(input())),
    onDone,
  );
  const set = (key: keyof typeof fields, errorKey: string) => (value: string) => {
    setFields((current) => ({ ...current, [key]: value }));
    clear(errorKey);
  };
  const cost = toNumber(fields.cost);
  const costHint =
    Number.isFinite(cost) && cost <= RIDE_COST_MAX && !isWithinCostGuidance(cost) && cost > 0
      ? 'Below the usual range: that is fine, it is your call.'
      : undefined;

  return (
    <form noValidate onSubmit={submit} aria-label="Offer a ride" className="grid gap-4 sm:grid-cols-2">
      <FormField label="Vehicle make" error={errors['vehicle.make']}>
        {(props) => (
          <input
            {...props}
            value={fields.make}
            onChange={(e) => set('make', 'vehicle.make')(e.target.value)}
            placeholder="Subaru"
          />
        )}
      </FormField>
      <FormField label="Vehicle model" error={errors['vehicle.model']}>
        {(props) => (
          <input
            {...props}
            value={fields.model}
            onChange={(e) => set('model', 'vehicle.model')(e.target.value)}
            placeholder="Outback"
          />
        )}
      </FormField>
      <FormField label="Vehicle year" error={errors['vehicle.year']}>
        {(props) => (
          <input
            {...props}
            inputMode="numeric"
            value={fields.year}
            onChange={(e) => set('year', 'vehicle.year')(e.target.value)}
            placeholder="2021"
          />
        )}
      </FormField>
      <FormField label="Vehicle colour" error={errors['vehicle.color']}>
        {(props) => (
          <input
            {...props}
            value={fields.color}
            onChange={(e) => set('color', 'vehicle.color')(e.target.value)}
            placeholder="Green"
          />
        )}
      </FormField>
      <FormField label="Seats offered" error={errors.seats}>
        {(props) => (
          <select {...props} value={fields.seats} onChange={(e) => set('seats', 'seats')(e.target.value)}>
            {RIDE_SEAT_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Departure time" error={errors.departureTime} hint="On the day of the activity">
        {(props) => (
          <input
            {...props}
            type="time"
            value={fields.departureTime}
            onChange={(e) => set('departureTime', 'departureTime')(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Pickup locations" error={errors.pickupLocations} hint="One per line" className="sm:col-span-2">
        {(props) => (
          <textarea
            {...props}
            rows={2}
            value={fields.pickups}
            onChange={(e) => set('pickups', 'pickupLocations')(e.target.value)}
            placeholder={'Kitsilano Beach parking\nBurrard SkyTrain Station'}
          />
        )}
      </FormField>
      <FormField
        label="Cost per person ($)"
        error={errors.costPerPerson}
        hint={
          costHint ??
          `Share costs: $${RIDE_COST_GUIDANCE.min}–${RIDE_COST_GUIDANCE.max} a person is usual, never more than $${RIDE_COST_MAX}.`
        }
      >
        {(props) => (
          <input
            {...props}
            type="number"
            min={0}
            max={RIDE_COST_MAX}
            step={0.5}
            value={fields.cost}
            onChange={(e) => set('cost', 'costPerPerson')(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Notes" error={errors.notes}>
        {(props) => (
          <input
            {...props}
            value={fields.notes}
            onChange={(e) => set('notes', 'notes')(e.target.value)}
            placeholder="Room for poles"
          />
        )}
      </FormField>
      {errors.form && (
        <div className="sm:col-span-2">
          <FormMessage kind="error">{errors.form}</FormMessage>
        </div>
      )}
      <div className="sm:col-span-2">
        <button type="submit" disabled={pending} className={buttonStyles.primary}>
          {pending ? 'Offering...' : 'Offer Ride'}
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
  const [fields, setFields] = useState({ preferredPickup: '', willingToShare: true, notes: '' });
  const { errors, pending, submit, clear } = useSubmit(
    () => rideFormErrors(RequestRideRequest, fields),
    () => onSubmit(RequestRideRequest.parse(fields)),
    onDone,
  );
  return (
    <form noValidate onSubmit={submit} aria-label="Request a ride" className="grid gap-4 sm:grid-cols-2">
      <FormField label="Preferred pickup" error={errors.preferredPickup}>
        {(props) => (
          <input
            {...props}
            value={fields.preferredPickup}
            onChange={(e) => {
              setFields((current) => ({ ...current, preferredPickup: e.target.value }));
              clear('preferredPickup');
            }}
            placeholder="Main Street SkyTrain Station"
          />
        )}
      </FormField>
      <FormField label="Notes" error={errors.notes}>
        {(props) => (
          <input
            {...props}
            value={fields.notes}
            onChange={(e) => setFields((current) => ({ ...current, notes: e.target.value }))}
            placeholder="Happy to chip in for gas"
          />
        )}
      </FormField>
      <label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2">
        <input
          type="checkbox"
          checked={fields.willingToShare}
          onChange={(e) => setFields((current) => ({ ...current, willingToShare: e.target.checked }))}
          className="size-4 rounded border-slate-300"
        />
        Willing to share costs
      </label>
      {errors.form && (
        <div className="sm:col-span-2">
          <FormMessage kind="error">{errors.form}</FormMessage>
        </div>
      )}
      <div className="sm:col-span-2">
        <button type="submit" disabled={pending} className={buttonStyles.primary}>
          {pending ? 'Sending...' : 'Request Ride'}
        </button>
      </div>
    </form>
  );
}
