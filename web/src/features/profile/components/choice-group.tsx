import { useId } from 'react';
import { toggle } from '../utils/profile-form';

interface ChoiceGroupProps<T extends string> {
  legend: string;
  /** A line under the legend, read with the group. */
  hint?: string;
  options: readonly T[];
  labels: Record<T, string>;
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  error?: string;
  /** id for the first checkbox, so a failed save can move focus here. */
  firstInputId?: string;
  disabled?: boolean;
}

/** A set of checkboxes in a fieldset: the legend names the group, the error is read with it. */
export function ChoiceGroup<T extends string>({
  legend,
  hint,
  options,
  labels,
  selected,
  onChange,
  error,
  firstInputId,
  disabled,
}: ChoiceGroupProps<T>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={error ? true : undefined} className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {options.map((option, index) => {
          const checked = selected.includes(option);
          return (
            <label
              key={option}
              className={`inline-flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm ${
                checked
                  ? 'border-brand-600 bg-brand-50 text-brand-900'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
              }`}
            >
              <input
                id={index === 0 ? firstInputId : undefined}
                type="checkbox"
                checked={checked}
                disabled={disabled}
                onChange={(event) => onChange(toggle(options, selected, option, event.target.checked))}
                className="size-4 accent-brand-700"
              />
              {labels[option]}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
