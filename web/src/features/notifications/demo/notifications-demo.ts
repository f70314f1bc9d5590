import type { Notification } from '@shared/schemas/notifications';
import { ApiError } from '@/lib/api/api-error';
import type { NotificationsApi } from '../api/notifications-api';
import type { DemoContext } from '@/lib/demo/demo-context';
import { demoUnreadMessages } from '@/lib/demo/demo-unread-messages';

const STORAGE_KEY = 'trailbuddy.demo.notifications';
const PAGE_SIZE = 20;

/** Sample notifications for demo mode, newest first; read marks last as long as the tab. */
export function demoNotifications(now: Date): Notification[] {
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
  return [
    {
      id: 'demo-notif-1',
      type: 'partner_request',
      message: 'Priya Nair would like to be your activity partner.',
      link: '/find-partners',
      createdAt: minutesAgo(30),
      readAt: null,
    },
    {
      id: 'demo-notif-2',
      type: 'message',
      message: 'Mike Chen sent you a message.',
      link: '/messages?with=demo-partner-mike',
      createdAt: minutesAgo(160),
      readAt: null,
    },
    {
      id: 'demo-notif-3',
      type: 'activity_joined',
      message: 'Sam Patel joined Sunrise Seawall Run.',
      link: '/plan-activity',
      createdAt: minutesAgo(60 * 20),
      readAt: minutesAgo(60 * 19),
    },
    {
      id: 'demo-notif-4',
      type: 'partner_accepted',
      message: 'Mike Chen accepted your partner request. Say hello!',
      link: '/messages?with=demo-partner-mike',
      createdAt: minutesAgo(60 * 26),
      readAt: minutesAgo(60 * 25),
    },
  ];
}

export function createNotificationsDemoApi({ now, storage }: DemoContext): NotificationsApi {
  function readMarks(): Record<string, string> {
    try {
      return JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as Record<string, string>;
    } catch {
      return {};
    }
  }

  function writeMarks(marks: Record<string, string>) {
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify(marks));
    } catch {
      // Storage can be disabled (private mode); the change then lasts until the page reloads.
    }
  }

  function all(): Notification[] {
    const marks = readMarks();
    return demoNotifications(now()).map((n) => ({ ...n, readAt: n.readAt ?? marks[n.id] ?? null }));
  }

  const unread = () => all().filter((n) => n.readAt === null).length;

  return {
    async notifications({ cursor, limit = PAGE_SIZE } = {}) {
      const list = all();
      const offset = cursor ? Number.parseInt(cursor, 10) || 0 : 0;
      const next = offset + limit;
      return {
        notifications: list.slice(offset, next),
        unread: unread(),
        unreadMessages: demoUnreadMessages(storage),
        nextCursor: next < list.length ? String(next) : null,
      };
    },
    async markNotificationRead(id) {
      if (!all().some((n) => n.id === id)) throw new ApiError(404, 'not_found', 'There is no such notification.');
      writeMarks({ ...readMarks(), [id]: readMarks()[id] ?? now().toISOString() });
      return { unread: unread() };
    },
    async markAllNotificationsRead() {
      const marks = readMarks();
      for (const n of all()) if (n.readAt === null) marks[n.id] = now().toISOString();
      writeMarks(marks);
      return { unread: 0 };
    },
  };
}
