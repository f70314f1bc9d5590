/** Shown instead of the app when it cannot start (no or bad `/config.json`). Needs no router or auth. */
export function BootError({ message }: { message: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div
        role="alert"
        className="w-full max-w-lg rounded-2xl border border-red-200 bg-white p-8 text-center shadow-sm"
      >
        <h1 className="text-2xl font-bold text-slate-900">TrailBuddy could not start</h1>
        <p className="mt-3 text-slate-700">{message}</p>
        <p className="mt-2 text-sm text-slate-500">
          If this keeps happening, contact{' '}
          <a className="font-medium text-brand-700 underline" href="mailto:support@trailbuddy.app">
            support@trailbuddy.app
          </a>
          .
        </p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Try again
        </button>
      </div>
    </main>
  );
}
