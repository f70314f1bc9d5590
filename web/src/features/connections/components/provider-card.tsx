import type { ReactNode } from 'react';
import type { ConnectionSummary } from '@shared/schemas/connections';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { identityLine, type ProviderInfo } from '@/features/connections/utils/providers';

const lastSyncFormat = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium' });

interface ProviderCardProps {
  provider: ProviderInfo;
  connection: ConnectionSummary | null;
  /** Why it cannot be connected here ('Available on iOS devices only'), or null. */
  unavailable: string | null;
  connectLabel: string;
  connecting: boolean;
  error: string | null;
  busy: boolean;
  onConnect(): void;
  onDisconnect(): void;
  /** Provider-specific notes and panels under the description. */
  children?: ReactNode;
}

/** One provider on the Health Connections screen (spec §2). */
export function ProviderCard({
  provider,
  connection,
  unavailable,
  connectLabel,
  connecting,
  error,
  busy,
  onConnect,
  onDisconnect,
  children,
}: ProviderCardProps) {
  const headingId = `provider-${provider.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {provider.name}
        </h3>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {provider.availability}
        </span>
        {connection && (
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">Connected</span>
        )}
      </div>
      <p className="mt-2 text-sm text-slate-600">{provider.description}</p>
      {children}
      <div className="mt-auto pt-4">
        {connection ? (
          <div className="space-y-3">
            <div className="text-sm">
              <p className="font-medium text-slate-900">{identityLine(connection)}</p>
              <p className="text-slate-600">
                {connection.lastSyncAt ? (
                  <>
                    Last sync:{' '}
                    <time dateTime={connection.lastSyncAt}>
                      {lastSyncFormat.format(new Date(connection.lastSyncAt))}
                    </time>
                  </>
                ) : (
                  'Not synced yet'
                )}
              </p>
            </div>
            <button
              type="button"
              onClick={onDisconnect}
              disabled={busy}
              aria-label={`Disconnect ${provider.name}`}
              className={buttonStyles.secondary}
            >
              Disconnect
            </button>
          </div>
        ) : unavailable ? (
          <div className="space-y-2">
            <button type="button" disabled className={buttonStyles.secondary}>
              Not Available
            </button>
            <p className="text-sm text-slate-600">{unavailable}</p>
          </div>
        ) : (
          <button
            type="button"
            onClick={onConnect}
            disabled={busy || connecting}
            aria-busy={connecting}
            className={buttonStyles.primary}
          >
            {connecting ? 'Connecting...' : connectLabel}
          </button>
        )}
        {error && (
          <div className="mt-3">
            <FormMessage kind="error">{error}</FormMessage>
          </div>
        )}
      </div>
    </article>
  );
}
