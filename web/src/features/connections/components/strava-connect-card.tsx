import { useState } from 'react';
import type { SyncResponse } from '@shared/schemas/connections';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/toast';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import type { StravaConnectionApi } from '@/features/connections/hooks/use-strava-connection';
import { userMessage } from '@/lib/error-messages';
import { leaveAppFor } from '@/lib/navigation';

export const DISCONNECT_STRAVA_CONFIRMATION = 'Are you sure you want to disconnect your Strava account?';

const lastSyncFormat = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short' });

/** The toast after a manual sync: how many activities were new. */
export function syncResultMessage(response: SyncResponse): string {
  if (response.kind === 'requested') return 'Sync requested. It will run once it is approved.';
  if (response.kind === 'queued') return 'Sync started. Its progress shows under Imports.';
  const count = response.result.imported;
  return `${count} new ${count === 1 ? 'activity' : 'activities'}`;
}

type Action = 'idle' | 'connecting' | 'syncing' | 'disconnecting';

interface StravaConnectCardProps {
  strava: StravaConnectionApi;
  /** Show when the connection last synced (the profile's integration section). */
  showLastSync?: boolean;
}

/** Spec health-connections §2, "Strava connect card": loading, error, connected and not-connected states. */
export function StravaConnectCard({ strava, showLastSync = false }: StravaConnectCardProps) {
  const client = useApiClient();
  const toast = useToast();
  const [action, setAction] = useState<Action>('idle');
  const [connectError, setConnectError] = useState<string | null>(null);
  const [confirmingDisconnect, setConfirmingDisconnect] = useState(false);

  const connect = async () => {
    setConnectError(null);
    setAction('connecting');
    try {
      const { url } = await client.stravaAuthorizeUrl();
      leaveAppFor(url);
    } catch (error) {
      setConnectError(userMessage(error));
      setAction('idle');
    }
  };

  const sync = async () => {
    setAction('syncing');
    try {
      toast.success(syncResultMessage(await strava.sync()));
    } catch (error) {
      toast.error(userMessage(error));
    } finally {
      setAction('idle');
    }
  };

  const disconnect = async () => {
    setConfirmingDisconnect(false);
    setAction('disconnecting');
    try {
      await strava.disconnect();
      toast.success('Your Strava account is disconnected.');
    } catch {
      toast.error('Failed to disconnect Strava');
    } finally {
      setAction('idle');
    }
  };

  const { state } = strava;
  let body;
  if (state.status === 'loading' || action === 'connecting') {
    body = <Spinner label="Connecting to Strava..." showLabel />;
  } else if (state.status === 'error' || connectError) {
    const retry = connectError ? connect : strava.reload;
    body = (
      <div className="space-y-4">
        <h2 className="text-lg font-semibold text-slate-900">Strava connection unavailable</h2>
        <FormMessage kind="error">
          {connectError ?? userMessage(state.status === 'error' ? state.error : null)}
        </FormMessage>
        <button type="button" onClick={retry} className={buttonStyles.secondary}>
          Try Again
        </button>
      </div>
    );
  } else if (state.connection) {
    const { connection } = state;
    const athleteName = [connection.athleteFirstName, connection.athleteLastName].filter(Boolean).join(' ');
    body = (
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <span aria-hidden="true" className="size-2.5 rounded-full bg-brand-600" />
            Connected to Strava
          </h2>
          <p className="mt-1 font-medium text-slate-800">{athleteName || 'Connected'}</p>
          {showLastSync && (
            <p className="mt-1 text-sm text-slate-600">
              {connection.lastSyncAt ? (
                <>
                  Last synced:{' '}
                  <time dateTime={connection.lastSyncAt}>{lastSyncFormat.format(new Date(connection.lastSyncAt))}</time>
                </>
              ) : (
                'Not synced yet'
              )}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={sync}
            disabled={action !== 'idle'}
            aria-busy={action === 'syncing'}
            className={buttonStyles.primary}
          >
            {action === 'syncing' && (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
              />
            )}
            {action === 'syncing' ? 'Syncing...' : 'Sync now'}
          </button>
          <button
            type="button"
            onClick={() => setConfirmingDisconnect(true)}
            disabled={action !== 'idle'}
            className={buttonStyles.secondary}
          >
            {action === 'disconnecting' ? 'Disconnecting...' : 'Disconnect'}
          </button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Connect Your Strava Account</h2>
          <p className="mt-1 text-sm text-slate-600">Link your Strava account to view and analyze your activities.</p>
        </div>
        <button type="button" onClick={connect} className={buttonStyles.primary}>
          Connect with Strava
        </button>
      </div>
    );
  }

  return (
    <section aria-label="Strava connection" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      {body}
      {confirmingDisconnect && (
        <ConfirmDialog
          title="Disconnect Strava"
          message={DISCONNECT_STRAVA_CONFIRMATION}
          confirmLabel="Disconnect"
          onConfirm={() => void disconnect()}
          onCancel={() => setConfirmingDisconnect(false)}
        />
      )}
    </section>
  );
}
