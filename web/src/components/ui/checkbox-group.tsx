import { useId } from 'react';

interface CheckboxGroupProps<T extends string> {
  legend: string;
  /** How the legend shows: a field label (default), a section heading, or only to screen readers. */
  legendStyle?: 'label' | 'heading' | 'hidden';
  /** A line under the legend, read with the group. */
  hint?: string;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  selected: readonly T[];
  /** The new selection, in the order of `options`. */
  onChange: (selected: T[]) => void;
  error?: string;
  /** id for the first checkbox, so a failed save can move focus here. */
  firstInputId?: string;
  disabled?: boolean;
  /** Short choices wrap as chips (default); longer ones stand in a list, two columns from 640 px. */
  layout?: 'chips' | 'list';
}

const LEGEND_STYLES = {
  label: 'text-sm font-medium text-slate-800',
  heading: 'mb-2 text-base font-semibold text-slate-900',
  hidden: 'sr-only',
} as const;

/** `selected` with `option` turned on or off, in the order of `options`. */
export function toggled<T extends string>(options: readonly T[], selected: readonly T[], option: T, on: boolean): T[] {
  return options.filter((item) => (item === option ? on : selected.includes(item)));
}

/**
 * A set of native checkboxes in a fieldset: the legend names the group, the hint and error are read with it, each
 * box is labelled by its text and reached with Tab, toggled with Space.
 */
export function CheckboxGroup<T extends string>({
  legend,
  legendStyle = 'label',
  hint,
  options,
  labels,
  selected,
  onChange,
  error,
  firstInputId,
  disabled,
  layout = 'chips',
}: CheckboxGroupProps<T>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={error ? true : undefined} className="space-y-2">
      <legend className={LEGEND_STYLES[legendStyle]}>{legend}</legend>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className={layout === 'chips' ? 'flex flex-wrap gap-2' : 'grid gap-2 sm:grid-cols-2'}>
        {options.map((option, index) => {
          const checked = selected.includes(option);
          return (
            <label
              key={option}
              className={
                layout === 'chips'
                  ? `inline-flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm ${
                      checked
                        ? 'border-brand-600 bg-brand-50 text-brand-900'
                        : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                    }`
                  : 'flex cursor-pointer items-center gap-3 py-1 text-sm text-slate-800'
              }
            >
              <input
                id={index === 0 ? firstInputId : undefined}
                type="checkbox"
                checked={checked}
                disabled={disabled}
                onChange={(event) => onChange(toggled(options, selected, option, event.target.checked))}
                className="size-4 shrink-0 accent-brand-700"
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
