import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ACTIVITY_LEVEL_LABELS } from '@shared/schemas/metrics';
import { LEVEL_FILTER_VALUES, type PartnerSearchQuery } from '@shared/schemas/partners';
import {
  AVAILABILITY_SLOTS,
  OUTDOOR_ACTIVITIES,
  PACE_BAND_LABELS,
  PACE_BANDS,
  PACED_ACTIVITIES,
  type PaceBand,
} from '@shared/schemas/profile';
import { PlaceOptions } from '@/components/ui/place-options';
import { paths } from '@/lib/paths';
import { activityLabel, availabilityLabel } from '../utils/partner-format';

export type PartnerFilterValues = Pick<PartnerSearchQuery, 'activity' | 'location' | 'level' | 'availability'> &
  Partial<Pick<PartnerSearchQuery, 'pace' | 'weekend'>>;

const isPaced = (activity: PartnerFilterValues['activity']) =>
  (PACED_ACTIVITIES as readonly string[]).includes(activity);

export const DEFAULT_FILTERS: PartnerFilterValues = {
  activity: 'all',
  location: 'all',
  level: 'all',
  availability: 'all',
};

interface FilterSelectProps {
  label: React.ReactNode;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  /** Options after `options` (e.g. grouped ones). */
  children?: React.ReactNode;
  disabled?: boolean;
  /** Shown under the select and read with it (e.g. why it is disabled). */
  hint?: string;
}

function FilterSelect({ label, value, options, onChange, children, disabled, hint }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

const premiumBadge = (
  <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">Premium</span>
);

/**
 * Premium's advanced filters (the server answers 403 premium_required to anyone else). A free member sees them marked
 * Premium, as links to the billing page, so choosing one never sends a search that would be refused.
 */
function PremiumFilters({ value, onChange, premium }: PartnerFiltersProps) {
  const weekendId = useId();
  if (!premium) {
    return (
      <div className="space-y-1.5 sm:col-span-2 lg:col-span-4">
        <p className="text-sm font-medium text-slate-800">Advanced filters {premiumBadge}</p>
        <ul className="flex flex-wrap gap-3 text-sm">
          <li>
            <Link to={paths.billing} className="font-medium text-brand-700 underline">
              Pace <span className="sr-only">(Premium)</span>
            </Link>
          </li>
          <li>
            <Link to={paths.billing} className="font-medium text-brand-700 underline">
              Free this weekend <span className="sr-only">(Premium)</span>
            </Link>
          </li>
        </ul>
      </div>
    );
  }
  const paced = isPaced(value.activity);
  return (
    <>
      <FilterSelect
        label={<>Pace {premiumBadge}</>}
        value={paced ? (value.pace ?? 'any') : 'any'}
        disabled={!paced}
        hint={paced ? undefined : 'Choose running, hiking, cycling or swimming first.'}
        options={[
          { value: 'any', label: 'Any pace' },
          ...PACE_BANDS.map((band) => ({ value: band, label: PACE_BAND_LABELS[band] })),
        ]}
        onChange={(next) => onChange({ ...value, pace: next === 'any' ? undefined : (next as PaceBand) })}
      />
      <div className="flex items-end pb-2.5">
        <input
          id={weekendId}
          type="checkbox"
          checked={value.weekend === 'true'}
          onChange={(event) => onChange({ ...value, weekend: event.target.checked ? 'true' : undefined })}
          className="h-4 w-4 rounded border-slate-300 text-brand-600"
        />
        <label htmlFor={weekendId} className="ml-2 text-sm font-medium text-slate-800">
          Free this weekend {premiumBadge}
        </label>
      </div>
    </>
  );
}

interface PartnerFiltersProps {
  value: PartnerFilterValues;
  onChange: (next: PartnerFilterValues) => void;
  /** Whether the caller is on Premium (the Premium filters apply) or not (they lead to the billing page). */
  premium: boolean;
}

/** Spec core-app §2 filters: activity, location, level, availability; and Premium's pace and "free this weekend". */
export function PartnerFilters({ value, onChange, premium }: PartnerFiltersProps) {
  const set = (key: 'activity' | 'location' | 'level' | 'availability') => (next: string) => {
    const changed = { ...value, [key]: next } as PartnerFilterValues;
    // A pace is a band for one activity: it goes when the activity has none.
    onChange(isPaced(changed.activity) ? changed : { ...changed, pace: undefined });
  };
  return (
    <form
      aria-label="Partner filters"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(event) => event.preventDefault()}
    >
      <FilterSelect
        label="Activity"
        value={value.activity}
        onChange={set('activity')}
        options={[
          { value: 'all', label: 'All activities' },
          ...OUTDOOR_ACTIVITIES.map((a) => ({ value: a, label: activityLabel(a) })),
        ]}
      />
      <FilterSelect
        label="Location"
        value={value.location}
        onChange={set('location')}
        options={[{ value: 'all', label: 'All of BC' }]}
      >
        <PlaceOptions />
      </FilterSelect>
      <FilterSelect
        label="Level"
        value={value.level}
        onChange={set('level')}
        options={[
          { value: 'all', label: 'All levels' },
          ...LEVEL_FILTER_VALUES.map((v, i) => ({ value: v, label: ACTIVITY_LEVEL_LABELS[i]! })),
        ]}
      />
      <FilterSelect
        label="Availability"
        value={value.availability}
        onChange={set('availability')}
        options={[
          { value: 'all', label: 'All' },
          ...AVAILABILITY_SLOTS.map((s) => ({ value: s, label: availabilityLabel(s) })),
        ]}
      />
      <PremiumFilters value={value} onChange={onChange} premium={premium} />
    </form>
  );
}
