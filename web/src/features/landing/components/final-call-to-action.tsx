import { Link } from 'react-router-dom';
import { DEMO_QUERY_PARAM, paths } from '@/lib/paths';

const DEMO_DASHBOARD = `${paths.dashboard}?${DEMO_QUERY_PARAM}=true`;

export function FinalCallToAction() {
  return (
    <section
      aria-labelledby="final-cta-heading"
      className="bg-gradient-to-r from-emerald-800 to-teal-800 py-20 text-white sm:py-24"
    >
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 text-center sm:px-6 lg:px-8">
        <h2 id="final-cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Ready for Your Next Adventure?
        </h2>
        <p className="mt-4 text-lg text-emerald-50">
          Join outdoor enthusiasts across British Columbia, or look around first with sample data and no account.
        </p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Link
            to={paths.login}
            className="rounded-lg bg-white px-6 py-3 text-center font-semibold text-emerald-900 shadow hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Start Your Adventure Today
          </Link>
          <Link
            to={DEMO_DASHBOARD}
            className="rounded-lg px-6 py-3 text-center font-semibold text-white ring-1 ring-white/70 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Try Demo
          </Link>
        </div>
      </div>
    </section>
  );
}
