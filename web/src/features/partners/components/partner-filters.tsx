import { useId } from 'react';
import { ACTIVITY_LEVEL_LABELS } from '@shared/schemas/metrics';
import { LEVEL_FILTER_VALUES, type PartnerSearchQuery } from '@shared/schemas/partners';
import { AVAILABILITY_SLOTS, OUTDOOR_ACTIVITIES } from '@shared/schemas/profile';
import { PlaceOptions } from '@/components/ui/place-options';
import { activityLabel, availabilityLabel } from '../utils/partner-format';

export type PartnerFilterValues = Pick<PartnerSearchQuery, 'activity' | 'location' | 'level' | 'availability'>;

export const DEFAULT_FILTERS: PartnerFilterValues = {
  activity: 'all',
  location: 'all',
  level: 'all',
  availability: 'all',
};

interface FilterSelectProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  /** Options after `options` (e.g. grouped ones). */
  children?: React.ReactNode;
}

function FilterSelect({ label, value, options, onChange, children }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
    </div>
  );
}

/** Spec core-app §2 filters: activity, location, level, availability. */
export function PartnerFilters({
  value,
  onChange,
}: {
  value: PartnerFilterValues;
  onChange: (next: PartnerFilterValues) => void;
}) {
  const set = (key: keyof PartnerFilterValues) => (next: string) =>
    onChange({ ...value, [key]: next } as PartnerFilterValues);
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
    </form>
  );
}
