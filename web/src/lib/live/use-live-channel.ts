import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { LiveEvent } from '@shared/schemas/live';
import type { MessagesResponse } from '@shared/schemas/messages';
import { useAuth } from '@/lib/auth';
import { useRuntimeConfigSource } from '@/lib/runtime-config-context';
import { queryKeys } from '@/lib/query-keys';
import { startLiveChannel } from './live-channel';
import { setLiveStatus } from './live-status';

/** The server data each kind of event changes. */
function keysOf(event: LiveEvent): readonly (readonly unknown[])[] {
  switch (event.type) {
    case 'message':
      return [queryKeys.conversations.all, queryKeys.notifications.all];
    case 'notification':
      return [queryKeys.notifications.all];
    case 'group-activity':
      return [
        ...event.keys.flatMap((id) => [queryKeys.groupActivities.one(id), queryKeys.rides.ofActivity(id)]),
        queryKeys.notifications.all,
      ];
    case 'import-job':
      return [queryKeys.importJobs, queryKeys.stravaUsage];
  }
}

/** After a drop nothing says what was missed: everything the channel speaks for is read again. */
const EVERY_LIVE_KEY = [
  queryKeys.conversations.all,
  queryKeys.notifications.all,
  queryKeys.groupActivities.all,
  queryKeys.rides.all,
  queryKeys.importJobs,
];

const invalidate = (client: QueryClient, keys: readonly (readonly unknown[])[]) => {
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
};

/**
 * A new message that came with its event joins its conversation where that is loaded, with no request: reading the
 * conversation again would cost a round trip per message while both people are typing. The list's previews and the
 * counts are read again.
 */
export function applyLiveEvent(client: QueryClient, event: LiveEvent): void {
  const [otherUserId] = event.keys;
  const { message } = event;
  if (event.type !== 'message' || !message || !otherUserId) return invalidate(client, keysOf(event));
  client.setQueryData<MessagesResponse>(queryKeys.conversations.thread(otherUserId), (page) =>
    page && !page.messages.some((known) => known.id === message.id)
      ? { ...page, messages: [...page.messages, message] }
      : page,
  );
  invalidate(client, [queryKeys.conversations.list(), queryKeys.notifications.all]);
}

/**
 * Opens this tab's one realtime channel while someone is signed in with a token (so never in demo mode) on a deployment
 * that has a channel, and turns its events into query invalidations. While it is down, the screens' polls stand in for
 * it.
 */
export function useLiveChannel(): void {
  const client = useQueryClient();
  const { user, idToken } = useAuth();
  const configSource = useRuntimeConfigSource();
  const userId = user?.id ?? null;
  // The token getter changes with every auth state; the channel stays open across those as long as there is a token.
  const latestIdToken = useRef(idToken);
  const hasToken = useHasToken(idToken);
  useEffect(() => {
    latestIdToken.current = idToken;
  }, [idToken]);
  useEffect(() => {
    if (!userId || !hasToken) return;
    const stop = startLiveChannel({
      url: async () => {
        // Each attempt asks for the token again: an ID token lasts an hour, a channel longer.
        const token = await latestIdToken.current();
        if (!token) return null;
        const { liveUrl } = await configSource.load();
        if (!liveUrl) return null;
        const url = new URL(liveUrl, window.location.href);
        if (url.protocol === 'http:') url.protocol = 'ws:';
        if (url.protocol === 'https:') url.protocol = 'wss:';
        url.searchParams.set('token', token);
        return url.toString();
      },
      onEvent: (event) => applyLiveEvent(client, event),
      onStatus: setLiveStatus,
      onReconnect: () => invalidate(client, EVERY_LIVE_KEY),
    });
    return () => {
      stop();
      setLiveStatus('down');
    };
  }, [client, userId, hasToken, configSource]);
}

/**
 * Whether the session has a token to open the channel with, asked again with each auth state. A read that fails
 * (the identity provider out of reach) counts as a token: the channel's attempts then retry it.
 */
function useHasToken(idToken: () => Promise<string | null>): boolean {
  const [hasToken, setHasToken] = useState(false);
  useEffect(() => {
    let current = true;
    idToken().then(
      (token) => current && setHasToken(token !== null),
      () => current && setHasToken(true),
    );
    return () => {
      current = false;
    };
  }, [idToken]);
  return hasToken;
}
