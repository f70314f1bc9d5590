import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProviderType } from '@shared/schemas/activity';
import type { ConnectionSummary } from '@shared/schemas/connections';
import { useApiClient } from '@/lib/api-client-context';
import { invalidateActivityData, queryKeys } from '@/lib/query-keys';
import { readyState, useServerQuery, type ReadyState } from '@/lib/server-query';
import { PROVIDERS } from '../utils/providers';
import { syncErrorMessage } from '../utils/sync-errors';
import { notifyImportStarted } from './use-import-jobs';

/** `connections`: the active ones only. */
export type HealthConnectionsState = ReadyState<{ connections: ConnectionSummary[] }>;

/** Which provider Sync All is on: 'Syncing Strava… 1 of 2'. */
export interface SyncProgress {
  provider: ProviderType;
  position: number;
  total: number;
}

export interface SyncAllOutcome {
  /** Activities new to TrailBuddy across the providers that synced. */
  imported: number;
  /** Providers whose sync was filed for approval (manual sync only) rather than run. */
  requested: number;
  /** Providers whose sync became a background import job: its progress shows on the screen. */
  started: number;
  /** One spec §8 message per provider that failed. */
  errors: string[];
}

export interface HealthConnectionsModel {
  state: HealthConnectionsState;
  connectionOf(provider: ProviderType): ConnectionSummary | null;
  reload(): void;
  /** Rejects with the API's error; on success the provider reads as not connected. */
  disconnect(provider: ProviderType): Promise<void>;
  /** Syncs each connected provider in turn; never rejects (failures are in the outcome). */
  syncAll(): Promise<SyncAllOutcome>;
  syncProgress: SyncProgress | null;
  /** Records a connection made on this screen (Apple Health's ingest token) without a reload. */
  addConnection(connection: ConnectionSummary): void;
}

/** One empty list for every render before the connections load: a fresh [] would change every callback below. */
const NO_CONNECTIONS: ConnectionSummary[] = [];

/** The user's health connections (all providers), read once per screen and shared by the cards and lists. */
export function useHealthConnections(): HealthConnectionsModel {
  const client = useApiClient();
  const query = useServerQuery<{ connections: ConnectionSummary[] }>(queryKeys.connectionsAs('health'), () =>
    client
      .connections()
      .then(({ connections }) => ({ connections: connections.filter((connection) => connection.isActive) })),
  );
  const { update } = query;
  const [syncProgress, setSyncProgress] = useState<SyncProgress | null>(null);
  const queryClient = useQueryClient();
  const activitiesChanged = useCallback(() => invalidateActivityData(queryClient), [queryClient]);
  const state: HealthConnectionsState = readyState(query);

  const connections = query.status === 'success' ? query.data.connections : NO_CONNECTIONS;
  const connectionOf = useCallback(
    (provider: ProviderType) => connections.find((connection) => connection.provider === provider) ?? null,
    [connections],
  );

  const updateConnections = useCallback(
    (change: (connections: ConnectionSummary[]) => ConnectionSummary[]) =>
      update((previous) => ({ connections: change(previous.connections) })),
    [update],
  );

  const disconnect = useCallback(
    async (provider: ProviderType) => {
      await client.disconnect(provider);
      updateConnections((list) => list.filter((connection) => connection.provider !== provider));
      activitiesChanged();
    },
    [client, updateConnections, activitiesChanged],
  );

  const addConnection = useCallback(
    (connection: ConnectionSummary) => {
      updateConnections((list) => [
        ...list.filter((existing) => existing.provider !== connection.provider),
        connection,
      ]);
      activitiesChanged();
    },
    [updateConnections, activitiesChanged],
  );

  const syncAll = useCallback(async (): Promise<SyncAllOutcome> => {
    const providers = PROVIDERS.map((provider) => provider.id).filter((id) =>
      connections.some((connection) => connection.provider === id),
    );
    const outcome: SyncAllOutcome = { imported: 0, requested: 0, started: 0, errors: [] };
    for (const [index, provider] of providers.entries()) {
      setSyncProgress({ provider, position: index + 1, total: providers.length });
      try {
        const response = await client.sync(provider);
        if (response.kind === 'requested') {
          outcome.requested += 1;
        } else if (response.kind === 'queued') {
          outcome.started += 1;
          notifyImportStarted();
        } else {
          outcome.imported += response.result.imported;
          const { lastSyncAt } = response.result;
          updateConnections((list) =>
            list.map((connection) => (connection.provider === provider ? { ...connection, lastSyncAt } : connection)),
          );
        }
      } catch (error) {
        outcome.errors.push(syncErrorMessage(provider, error));
      }
    }
    setSyncProgress(null);
    activitiesChanged();
    return outcome;
  }, [client, connections, updateConnections, activitiesChanged]);

  return {
    state,
    connectionOf,
    reload: query.reload,
    disconnect,
    syncAll,
    syncProgress,
    addConnection,
  };
}

/** The newest sync time across the connections: the screen's 'Last synchronized'. */
export function lastSynchronizedAt(connections: readonly ConnectionSummary[]): string | null {
  let latest: string | null = null;
  for (const { lastSyncAt } of connections) {
    if (lastSyncAt && (!latest || Date.parse(lastSyncAt) > Date.parse(latest))) latest = lastSyncAt;
  }
  return latest;
}
