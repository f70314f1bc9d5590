import { memo, Suspense, type MouseEvent } from 'react';
import { useRuntimeConfig } from '@/lib/runtime-config-context';
import { useConnectionTest } from '../api/test-connection';

/**
 * The link to the health report, once `/config.json` has arrived (nothing before). Memoized, with no props, for the
 * prerendered sign-in page: a signed-out visitor's page loads the config only as it hydrates, and the page renders
 * again once hydrated (its form is enabled). Without the memo, that render reached this boundary while it still
 * waited for the config, and React threw the prerendered link away and showed nothing until the config arrived.
 */
export const ConnectionTestLink = memo(function ConnectionTestLink() {
  return (
    <Suspense fallback={null}>
      <HealthReportLink />
    </Suspense>
  );
});

/** A link to the health report; with scripts on, it shows the report in an alert instead. */
function HealthReportLink() {
  const { apiBaseUrl } = useRuntimeConfig();
  const { run, pending } = useConnectionTest();

  const handleClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (pending) return;
    const result = await run();
    window.alert(JSON.stringify(result, null, 2));
  };

  return (
    <a
      href={`${apiBaseUrl.replace(/\/+$/, '')}/health`}
      onClick={handleClick}
      aria-busy={pending}
      className="text-sm text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline"
    >
      Test Database Connection
    </a>
  );
}
