import type { MouseEvent } from 'react';
import { useRuntimeConfig } from '@/lib/runtime-config-context';
import { useConnectionTest } from '../api/test-connection';

/** A link to the health report; with scripts on, it shows the report in an alert instead. */
export function ConnectionTestLink() {
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
