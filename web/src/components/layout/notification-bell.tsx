import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/app/paths';
import { useApiClient } from '@/lib/api-client-context';

/** How often the bell asks for new notifications while the page stays open. */
const REFRESH_MS = 60_000;

const UNREAD_EVENT = 'trailbuddy:unread-notifications';

/** Tells the bell the unread count a screen just learned (after marking read), so the badge follows at once. */
export function announceUnreadCount(unread: number): void {
  window.dispatchEvent(new CustomEvent<number>(UNREAD_EVENT, { detail: unread }));
}

/** The header bell: unread count, linking to /notifications. Refreshes on every navigation and every minute. */
export function NotificationBell() {
  const api = useApiClient();
  const { pathname } = useLocation();
  const [unread, setUnread] = useState<number | null>(null);

  useEffect(() => {
    let current = true;
    const refresh = () =>
      api.notifications({ limit: 1 }).then(
        (page) => current && setUnread(page.unread),
        // The bell is a hint: when the count cannot be read it shows none rather than an error.
        () => current && setUnread(null),
      );
    void refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [api, pathname]);

  useEffect(() => {
    const onUnread = (event: Event) => {
      const count = (event as CustomEvent<unknown>).detail;
      if (typeof count === 'number') setUnread(count);
    };
    window.addEventListener(UNREAD_EVENT, onUnread);
    return () => window.removeEventListener(UNREAD_EVENT, onUnread);
  }, []);

  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Link
      to={paths.notifications}
      aria-label={label}
      title={label}
      className="relative inline-flex items-center justify-center rounded-md p-2 text-slate-700 hover:bg-slate-100"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
        <path d="M13.73 21a2 2 0 0 1-3.46 0" />
      </svg>
      {unread ? (
        <span
          aria-hidden="true"
          className="absolute right-0 top-0 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
