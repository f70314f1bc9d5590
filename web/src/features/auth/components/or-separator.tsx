export function OrSeparator() {
  return (
    <div className="flex items-center gap-3 text-sm text-slate-500">
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      <span>or</span>
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
