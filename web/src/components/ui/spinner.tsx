interface SpinnerProps {
  /** The accessible name (role="status"); "Loading" unless told. */
  label?: string;
  /** Also print the label under the spinner, for waits long enough to explain. */
  showLabel?: boolean;
  className?: string;
}

export function Spinner({ label = 'Loading', showLabel = false, className = '' }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-label={label}
      className={`flex flex-col items-center justify-center gap-4 p-8 ${className}`}
    >
      <span
        aria-hidden="true"
        className="size-8 animate-spin-when-slow rounded-full border-4 border-brand-100 border-t-brand-700"
      />
      {showLabel && <span className="text-lg font-medium text-slate-800">{label}</span>}
    </div>
  );
}

/** A spinner that fills the page area, for route loading and auth checks. */
export function PageSpinner({ label = 'Loading', showLabel = false }: Omit<SpinnerProps, 'className'>) {
  return <Spinner label={label} showLabel={showLabel} className="min-h-[50vh]" />;
}
