import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { useApiClient } from '@/lib/api-client-context';
import { downloadFile } from '@/lib/download-file';
import { userMessage } from '@/lib/error-messages';

/**
 * 'Download my data': everything TrailBuddy keeps about the user as one JSON file, beside deletion. Canadian
 * privacy law gives a person the right to see what an organisation holds about them, as it gives them deletion.
 */
export function DownloadDataSection() {
  const client = useApiClient();
  const [state, setState] = useState<{ status: 'idle' | 'preparing' | 'saved' } | { status: 'error'; message: string }>(
    { status: 'idle' },
  );

  const download = async () => {
    setState({ status: 'preparing' });
    try {
      const data = await client.exportMyData();
      downloadFile(
        `trailbuddy-data-${data.exportedAt.slice(0, 10)}.json`,
        JSON.stringify(data, null, 2),
        'application/json',
      );
      setState({ status: 'saved' });
    } catch (failure) {
      setState({ status: 'error', message: `Your data could not be prepared: ${userMessage(failure)}` });
    }
  };

  return (
    <section aria-labelledby="your-data-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="your-data-heading" className="text-lg font-semibold text-slate-900">
        Your data
      </h2>
      <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-2xl text-sm text-slate-700">
          Download a copy of everything TrailBuddy keeps about you: profile, connections, activities, metrics,
          notifications, trip plans, group activities and messages. It is one JSON file; sign-in tokens and other
          secrets are left out.
        </p>
        <button
          type="button"
          onClick={() => void download()}
          disabled={state.status === 'preparing'}
          className={`${buttonStyles.secondary} shrink-0`}
        >
          {state.status === 'preparing' ? 'Preparing your data...' : 'Download my data'}
        </button>
      </div>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {state.status === 'saved' && <FormMessage kind="success">Your data was saved to your downloads.</FormMessage>}
        {state.status === 'error' && (
          <FormMessage kind="error">{`${state.message} Try again in a moment.`}</FormMessage>
        )}
      </div>
    </section>
  );
}
