/** A message under a form: errors are announced at once (alert), successes politely (status). */
export function FormMessage({ kind, children }: { kind: 'error' | 'success' | 'info'; children: string }) {
  if (kind === 'error') {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
        {children}
      </p>
    );
  }
  const tone =
    kind === 'success'
      ? 'border-brand-200 bg-brand-50 text-brand-800'
      : 'border-accent-100 bg-accent-50 text-accent-800';
  return (
    <p role="status" className={`rounded-lg border px-3 py-2 text-sm ${tone}`}>
      {children}
    </p>
  );
}
