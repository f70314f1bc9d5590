import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { useHydrated } from '@/lib/use-hydrated';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  // Prerendered once for every unknown path (web/src/prerender/pages.ts): the path itself appears once hydrated.
  const hydrated = useHydrated();
  return (
    <section
      aria-labelledby="not-found-heading"
      className="flex min-h-[60vh] items-center justify-center bg-slate-50 px-4 py-16 sm:px-6"
    >
      <div className="max-w-xl text-center">
        <p className="text-6xl font-bold tracking-tight text-emerald-700 sm:text-7xl">404</p>
        <h1 id="not-found-heading" className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          Page not found
        </h1>
        <p className="mt-4 text-lg text-slate-600">
          Looks like this trail doesn’t go anywhere. We couldn’t find{' '}
          {hydrated ? (
            <code className="rounded bg-slate-200 px-1.5 py-0.5 text-base break-all text-slate-800">{pathname}</code>
          ) : (
            'that page'
          )}
          .
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to={paths.home}
            className="rounded-lg bg-emerald-700 px-6 py-3 font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
          >
            Back to home
          </Link>
          <Link
            to={paths.dashboard}
            className="rounded-lg px-6 py-3 font-semibold text-slate-900 ring-1 ring-slate-300 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
          >
            Go to your dashboard
          </Link>
        </div>
      </div>
    </section>
  );
}
