import { useId } from 'react';
import type { ActivitiesQuery } from '@shared/schemas/connections';
import { buttonStyles } from '@/components/ui/button-styles';

export type ActivityFilters = Pick<ActivitiesQuery, 'type' | 'sort' | 'order'>;

export const DEFAULT_FILTERS: ActivityFilters = { type: 'all', sort: 'date', order: 'desc' };

const typeOptions: ReadonlyArray<[ActivityFilters['type'], string]> = [
  ['all', 'All Types'],
  ['run', 'Running'],
  ['ride', 'Cycling'],
  ['hike', 'Hiking'],
  ['walk', 'Walking'],
  ['swim', 'Swimming'],
];
const sortOptions: ReadonlyArray<[ActivityFilters['sort'], string]> = [
  ['date', 'Date'],
  ['distance', 'Distance'],
  ['duration', 'Duration'],
  ['elevation', 'Elevation'],
];
const orderOptions: ReadonlyArray<[ActivityFilters['order'], string]> = [
  ['desc', 'Highest First'],
  ['asc', 'Lowest First'],
];

interface ActivityFiltersBarProps {
  value: ActivityFilters;
  onChange(next: ActivityFilters): void;
}

/** Spec health-connections §2: Type, Sort by, Order and Reset Filters. */
export function ActivityFiltersBar({ value, onChange }: ActivityFiltersBarProps) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Select label="Type" value={value.type} options={typeOptions} onChange={(type) => onChange({ ...value, type })} />
      <Select
        label="Sort by"
        value={value.sort}
        options={sortOptions}
        onChange={(sort) => onChange({ ...value, sort })}
      />
      <Select
        label="Order"
        value={value.order}
        options={orderOptions}
        onChange={(order) => onChange({ ...value, order })}
      />
      <button type="button" onClick={() => onChange(DEFAULT_FILTERS)} className={buttonStyles.ghost}>
        Reset Filters
      </button>
    </div>
  );
}

function Select<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<[T, string]>;
  onChange(next: T): void;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        // The options are exactly the T values, so the DOM can only hand back one of them.
        onChange={(event) => onChange(event.target.value as T)}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
      >
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
