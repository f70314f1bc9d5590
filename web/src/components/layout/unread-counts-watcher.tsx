import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useApiClient } from '@/lib/api-client-context';
import { useFallbackPoll } from '@/lib/live/live-status';
import { useLiveChannel } from '@/lib/live/use-live-channel';
import { queryKeys } from '@/lib/query-keys';
import { NO_UNREAD_COUNTS, UNREAD_EVENT, UNREAD_MESSAGES_EVENT, type UnreadCounts } from './notification-bell';

/** How often the header asks for new counts while the realtime channel is down (and the tab visible). */
const REFRESH_MS = 60_000;

/**
 * Reads both header counts with one request (the bell's), on every navigation and every minute while the tab is
 * visible, and follows the counts screens announce. Renders nothing; loaded lazily (with TanStack Query) once someone
 * is signed in, and a component of its own so demo mode's client can suspend it alone.
 */
export default function UnreadCountsWatcher({
  onChange,
}: {
  onChange: (update: (counts: UnreadCounts) => UnreadCounts) => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  // This tab's one realtime channel lives here: mounted once, only for someone signed in, never on public pages.
  useLiveChannel();
  const counts = useQuery({
    queryKey: queryKeys.unreadCounts,
    queryFn: async (): Promise<UnreadCounts> => {
      const page = await api.notifications({ limit: 1 });
      return { notifications: page.unread, messages: page.unreadMessages ?? null };
    },
    refetchInterval: useFallbackPoll(REFRESH_MS),
  });
  const { refetch } = counts;

  const visited = useRef(pathname);
  useEffect(() => {
    if (visited.current === pathname) return;
    visited.current = pathname;
    void refetch();
  }, [pathname, refetch]);

  // A failed read shows no counts rather than an error (they are a hint).
  const shown = counts.isError ? NO_UNREAD_COUNTS : (counts.data ?? null);
  useEffect(() => {
    if (shown) onChange(() => shown);
  }, [shown, onChange]);

  useEffect(() => {
    const follow = (key: keyof UnreadCounts) => (event: Event) => {
      const count = (event as CustomEvent<unknown>).detail;
      if (typeof count !== 'number') return;
      queryClient.setQueryData<UnreadCounts>(queryKeys.unreadCounts, (known) => ({
        ...(known ?? NO_UNREAD_COUNTS),
        [key]: count,
      }));
      onChange((current) => ({ ...current, [key]: count }));
    };
    const onUnread = follow('notifications');
    const onUnreadMessages = follow('messages');
    window.addEventListener(UNREAD_EVENT, onUnread);
    window.addEventListener(UNREAD_MESSAGES_EVENT, onUnreadMessages);
    return () => {
      window.removeEventListener(UNREAD_EVENT, onUnread);
      window.removeEventListener(UNREAD_MESSAGES_EVENT, onUnreadMessages);
    };
  }, [queryClient, onChange]);

  return null;
}
