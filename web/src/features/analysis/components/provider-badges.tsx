import type { ConnectionSummary } from '@shared/schemas/connections';
import { PROVIDER_NAMES } from '../utils/analysis-format';

/** One badge per connected provider, with its last sync date. */
export function ProviderBadges({ connections }: { connections: readonly ConnectionSummary[] }) {
  return (
    <ul aria-label="Connected providers" className="flex flex-wrap gap-2">
      {connections.map((connection) => (
        <li
          key={connection.provider}
          className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm text-brand-800"
        >
          <span aria-hidden="true" className="size-2 rounded-full bg-brand-600" />
          <span className="font-semibold">{PROVIDER_NAMES[connection.provider]}</span>
          {connection.lastSyncAt && (
            <span className="text-brand-800">
              · synced {new Date(connection.lastSyncAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
