import { LineIcon } from '@/components/ui/line-icon';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';

export const UNREAD_EVENT = 'trailbuddy:unread-notifications';
export const UNREAD_MESSAGES_EVENT = 'trailbuddy:unread-messages';

/** Tells the bell the unread count a screen just learned (after marking read), so the badge follows at once. */
export function announceUnreadCount(unread: number): void {
  window.dispatchEvent(new CustomEvent<number>(UNREAD_EVENT, { detail: unread }));
}

/** Tells the Messages link how many conversations still wait (after opening one), so its badge follows at once. */
export function announceUnreadMessages(unreadMessages: number): void {
  window.dispatchEvent(new CustomEvent<number>(UNREAD_MESSAGES_EVENT, { detail: unreadMessages }));
}

/** Null while unknown: the counts are a hint, and a failed read shows none rather than an error. */
export interface UnreadCounts {
  notifications: number | null;
  messages: number | null;
}

export const NO_UNREAD_COUNTS: UnreadCounts = { notifications: null, messages: null };

/** A count badge on an icon link; `cap` is the largest number shown before 'cap+'. */
export function CountBadge({ count, cap, className = '' }: { count: number | null; cap: number; className?: string }) {
  if (!count) return null;
  return (
    <span
      aria-hidden="true"
      className={`min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white ${className}`}
    >
      {count > cap ? `${cap}+` : count}
    </span>
  );
}

/** An icon link of the bar with its unread count: the label names the count, the badge shows it. */
function CountedIconLink({
  to,
  name,
  unread,
  cap,
  children,
}: {
  to: string;
  name: string;
  unread: number | null;
  cap: number;
  children: ReactNode;
}) {
  const label = unread ? `${name}, ${unread} unread` : name;
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      className="relative inline-flex items-center justify-center rounded-md p-2 text-slate-700 hover:bg-slate-100"
    >
      <LineIcon strokeLinecap="round" strokeLinejoin="round">
        {children}
      </LineIcon>
      <CountBadge count={unread} cap={cap} className="absolute right-0 top-0" />
    </Link>
  );
}

/** The header bell: unread count, linking to /notifications. */
export function NotificationBell({ unread }: { unread: number | null }) {
  return (
    <CountedIconLink to={paths.notifications} name="Notifications" unread={unread} cap={99}>
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </CountedIconLink>
  );
}

/** The Messages link: conversations waiting for the member; an icon in the bar, a row in the phone menu. */
export function MessagesLink({ unread, layout }: { unread: number | null; layout: 'bar' | 'menu' }) {
  const label = unread ? `Messages, ${unread} unread` : 'Messages';
  if (layout === 'menu') {
    return (
      <Link
        to={paths.messages}
        aria-label={label}
        className="flex items-center justify-between gap-2 rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100"
      >
        <span>Messages</span>
        <CountBadge count={unread} cap={9} />
      </Link>
    );
  }
  return (
    <CountedIconLink to={paths.messages} name="Messages" unread={unread} cap={9}>
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </CountedIconLink>
  );
}
