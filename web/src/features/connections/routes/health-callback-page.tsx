import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/app/paths';
import { buttonStyles } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import { healthProviderFrom, UNKNOWN_HEALTH_PROVIDER } from '../utils/callback-params';

/** One screen for /auth/health/callback, /health-connect-callback and /apple-health-callback. */
export default function HealthCallbackPage() {
  const { pathname, search } = useLocation();
  const provider = healthProviderFrom(pathname, search);

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        {provider ? (
          <>
            <h1 className="sr-only">Health app connection</h1>
            <Spinner label="Connecting Your Health App..." showLabel />
          </>
        ) : (
          <>
            <h1 className="text-xl font-semibold text-red-700">Connection Failed</h1>
            <p role="alert" className="mt-2 text-slate-700">
              {UNKNOWN_HEALTH_PROVIDER}
            </p>
            <div className="mt-6 flex justify-center gap-3">
              <Link to={paths.dashboard} className={buttonStyles.primary}>
                Go to Dashboard
              </Link>
              <Link to={paths.profile} className={buttonStyles.secondary}>
                Try Again
              </Link>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
