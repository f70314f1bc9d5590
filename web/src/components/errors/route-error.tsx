import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { buttonStyles } from '@/components/ui/button-styles';
import { userMessage } from '@/lib/error-messages';

/** The router's error element: one place that turns a thrown error into a calm page. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : userMessage(error);
  if (!isRouteErrorResponse(error)) console.error(error);

  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="text-slate-700">{message}</p>
      <div className="flex gap-3">
        <button type="button" className={buttonStyles.primary} onClick={() => window.location.reload()}>
          Reload page
        </button>
        <Link to={paths.home} reloadDocument className={buttonStyles.secondary}>
          Go to home
        </Link>
      </div>
    </main>
  );
}
