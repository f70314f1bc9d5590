import { useState } from 'react';
import type { ProviderType } from '@shared/schemas/activity';
import { ActivitiesList } from '@/components/activities/activities-list';
import { useToast } from '@/components/toast';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import { currentPlatform, type Platform } from '@/features/connections/utils/platform';
import {
  APPLE_HEALTH_IOS_ONLY,
  PROVIDER_NAMES,
  PROVIDERS,
  unavailableReason,
} from '@/features/connections/utils/providers';
import {
  lastSynchronizedAt,
  useHealthConnections,
  type HealthConnectionsModel,
  type SyncAllOutcome,
} from '@/features/connections/hooks/use-health-connections';
import { ImportProgress } from './import-progress';
import { userMessage } from '@/lib/error-messages';
import { leaveAppFor } from '@/lib/navigation';
import { AppleHealthSetupDialog } from './apple-health-setup-dialog';
import { AppleLastIngest } from './apple-last-ingest';
import { AppleIngestCredentialsPanel, type AppleIngestCredentials } from './apple-ingest-credentials';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PlatformBanner } from './platform-banner';
import { ProviderCard } from './provider-card';

/** What the Google Health connection covers, on its card. */
export const GOOGLE_HEALTH_COVERS_NOTE =
  'Covers Fitbit and Pixel Watch: the workouts and daily steps they record in your Google account.';

const CONNECT_LABELS: Record<ProviderType, string> = {
  strava: 'Connect with Strava',
  google_health: 'Connect Google Health',
  apple_health: 'Connect Apple Health',
};

const lastSynchronizedFormat = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short' });

/** What the toast says after Sync All when nothing failed. */
export function syncAllSummary({ imported, requested, started }: SyncAllOutcome): string {
  const parts =
    started > 0 && imported === 0
      ? [`Sync started: ${started} ${started === 1 ? 'import runs' : 'imports run'} in the background`]
      : [`Sync complete: ${imported} new ${imported === 1 ? 'activity' : 'activities'}`];
  if (started > 0 && imported > 0)
    parts.push(`${started} ${started === 1 ? 'import runs' : 'imports run'} in the background`);
  if (requested > 0) parts.push(`${requested} sync ${requested === 1 ? 'request' : 'requests'} waiting for approval`);
  return parts.join('; ');
}

/** The Health Connections screen (spec health-connections §2): the provider cards with Sync All. */
export function HealthConnections({ platform }: { platform?: Platform }) {
  const model = useHealthConnections();
  return <HealthConnectionsPanel model={model} platform={platform} />;
}

/** The profile's provider integration section: the Health Connections screen and the user's activities list. */
export function ProviderIntegrations({ platform }: { platform?: Platform }) {
  const model = useHealthConnections();
  return (
    <>
      <HealthConnectionsPanel model={model} platform={platform} />
      {model.state.status === 'ready' && (
        <ActivitiesList
          connected={model.state.connections.length > 0}
          showApiUsage={model.connectionOf('strava') !== null}
        />
      )}
    </>
  );
}

type ConfirmRequest = { kind: 'disconnect'; provider: ProviderType } | { kind: 'newAppleToken' };

export function HealthConnectionsPanel({
  model,
  platform = currentPlatform(),
}: {
  model: HealthConnectionsModel;
  platform?: Platform;
}) {
  const client = useApiClient();
  const toast = useToast();
  const [connecting, setConnecting] = useState<ProviderType | null>(null);
  const [cardErrors, setCardErrors] = useState<Partial<Record<ProviderType, string>>>({});
  const [disconnecting, setDisconnecting] = useState<ProviderType | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [appleSetupOpen, setAppleSetupOpen] = useState(false);
  const [appleCredentials, setAppleCredentials] = useState<AppleIngestCredentials | null>(null);
  const [syncErrors, setSyncErrors] = useState<string[]>([]);
  const { state, syncProgress } = model;

  const setCardError = (provider: ProviderType, message: string | null) =>
    setCardErrors((current) => {
      const next = { ...current };
      if (message) next[provider] = message;
      else delete next[provider];
      return next;
    });

  const connect = async (provider: ProviderType) => {
    setCardError(provider, null);
    if (provider === 'apple_health') {
      setAppleSetupOpen(true);
      return;
    }
    setConnecting(provider);
    try {
      const { url } = provider === 'strava' ? await client.stravaAuthorizeUrl() : await client.googleAuthorizeUrl();
      leaveAppFor(url);
    } catch (error) {
      setCardError(provider, userMessage(error));
      setConnecting(null);
    }
  };

  const issueAppleToken = async (): Promise<AppleIngestCredentials> => {
    const { connection, token, ingestUrl, shortcutUrl } = await client.issueAppleIngestToken();
    const credentials = { token, ingestUrl, shortcutUrl };
    setAppleCredentials(credentials);
    model.addConnection(connection);
    return credentials;
  };

  const confirmed = async (request: ConfirmRequest) => {
    setConfirm(null);
    if (request.kind === 'newAppleToken') {
      try {
        await issueAppleToken();
      } catch (error) {
        toast.error(userMessage(error));
      }
      return;
    }
    const { provider } = request;
    const name = PROVIDER_NAMES[provider];
    setDisconnecting(provider);
    try {
      await model.disconnect(provider);
      if (provider === 'apple_health') setAppleCredentials(null);
      toast.success(`${name} is disconnected.`);
    } catch {
      toast.error(`Failed to disconnect ${name}`);
    } finally {
      setDisconnecting(null);
    }
  };

  const syncAll = async () => {
    setSyncErrors([]);
    const outcome = await model.syncAll();
    setSyncErrors(outcome.errors);
    if (outcome.errors.length === 0) toast.success(syncAllSummary(outcome));
  };

  let body;
  if (state.status === 'loading') {
    body = <Spinner label="Loading your health connections" />;
  } else if (state.status === 'error') {
    body = (
      <div className="space-y-3">
        <FormMessage kind="error">{userMessage(state.error)}</FormMessage>
        <button type="button" onClick={model.reload} className={buttonStyles.secondary}>
          Try Again
        </button>
      </div>
    );
  } else {
    const lastSynchronized = lastSynchronizedAt(state.connections);
    body = (
      <>
        {state.connections.length > 0 && (
          <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">
              {lastSynchronized ? (
                <>
                  Last synchronized:{' '}
                  <time dateTime={lastSynchronized}>{lastSynchronizedFormat.format(new Date(lastSynchronized))}</time>
                </>
              ) : (
                'Not synchronized yet'
              )}
            </p>
            <button
              type="button"
              onClick={() => void syncAll()}
              disabled={syncProgress !== null}
              aria-busy={syncProgress !== null}
              className={buttonStyles.primary}
            >
              {syncProgress && (
                <span
                  aria-hidden="true"
                  className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
                />
              )}
              {syncProgress
                ? `Syncing ${PROVIDER_NAMES[syncProgress.provider]}… ${syncProgress.position} of ${syncProgress.total}`
                : 'Sync All'}
            </button>
          </div>
        )}
        {state.connections.length > 0 && <ImportProgress />}
        {syncErrors.length > 0 && (
          <div className="space-y-2">
            {syncErrors.map((message) => (
              <FormMessage key={message} kind="error">
                {message}
              </FormMessage>
            ))}
          </div>
        )}
        <div className="grid gap-4 md:grid-cols-3">
          {PROVIDERS.map((provider) => {
            const connection = model.connectionOf(provider.id);
            return (
              <ProviderCard
                key={provider.id}
                provider={provider}
                connection={connection}
                unavailable={unavailableReason(provider.platforms, platform)}
                connectLabel={CONNECT_LABELS[provider.id]}
                connecting={connecting === provider.id}
                error={cardErrors[provider.id] ?? null}
                busy={syncProgress !== null || disconnecting === provider.id}
                onConnect={() => void connect(provider.id)}
                onDisconnect={() => setConfirm({ kind: 'disconnect', provider: provider.id })}
              >
                {provider.id === 'google_health' && (
                  <p className="mt-2 text-xs text-slate-600">{GOOGLE_HEALTH_COVERS_NOTE}</p>
                )}
                {provider.id === 'apple_health' && !connection && platform !== 'ios' && (
                  <p className="mt-2 text-xs text-slate-600">{APPLE_HEALTH_IOS_ONLY}</p>
                )}
                {provider.id === 'apple_health' && connection && <AppleLastIngest lastIngest={connection.lastIngest} />}
                {provider.id === 'apple_health' &&
                  connection &&
                  !appleSetupOpen &&
                  (appleCredentials ? (
                    <AppleIngestCredentialsPanel
                      credentials={appleCredentials}
                      onDismiss={() => setAppleCredentials(null)}
                    />
                  ) : (
                    <button
                      type="button"
                      onClick={() => setConfirm({ kind: 'newAppleToken' })}
                      className="mt-3 self-start text-sm font-medium text-brand-800 underline"
                    >
                      Issue a new ingest token
                    </button>
                  ))}
              </ProviderCard>
            );
          })}
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby="health-connections-heading" className="space-y-4">
      <div>
        <h2 id="health-connections-heading" className="text-2xl font-bold text-slate-900">
          Health Connections
        </h2>
        <p className="mt-1 text-slate-600">
          Connect your fitness apps so we can understand how you train and find compatible workout partners.
        </p>
      </div>
      <PlatformBanner platform={platform} />
      {body}
      <TipsBox />
      {confirm?.kind === 'disconnect' && (
        <ConfirmDialog
          title={`Disconnect ${PROVIDER_NAMES[confirm.provider]}`}
          message={`Are you sure you want to disconnect ${PROVIDER_NAMES[confirm.provider]}?`}
          confirmLabel="Disconnect"
          onConfirm={() => void confirmed(confirm)}
          onCancel={() => setConfirm(null)}
        />
      )}
      {confirm?.kind === 'newAppleToken' && (
        <ConfirmDialog
          title="Issue a new ingest token"
          message="Your current token stops working at once: the Shortcut sends nothing until you paste the new token into it."
          confirmLabel="Issue new token"
          onConfirm={() => void confirmed(confirm)}
          onCancel={() => setConfirm(null)}
        />
      )}
      {appleSetupOpen && (
        <AppleHealthSetupDialog
          credentials={appleCredentials}
          onIssueToken={issueAppleToken}
          onClose={() => setAppleSetupOpen(false)}
          onFinished={() => setAppleSetupOpen(false)}
        />
      )}
    </section>
  );
}

function TipsBox() {
  return (
    <aside
      aria-labelledby="matching-tips-heading"
      className="rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900"
    >
      <h3 id="matching-tips-heading" className="font-semibold">
        Tips for better matching
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>Connect every app you record workouts with, so your activity level reflects all of your training.</li>
        <li>Sync after new workouts so your pace and preferred times stay current.</li>
        <li>Record heart rate when you can: it makes your activity level more accurate.</li>
        <li>Give each activity its real type (run, ride, hike) so we match you with people who do the same.</li>
      </ul>
    </aside>
  );
}
