import { Link } from 'react-router-dom';
import type { Notification } from '@shared/schemas/notifications';
import { announceUnreadCount } from '@/components/layout/notification-bell';
import { buttonStyles } from '@/components/ui/button-styles';
import { DemoBanner } from '@/components/ui/demo-banner';
import { FormMessage } from '@/components/ui/form-message';
import { LoadMore } from '@/components/ui/load-more';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/toast';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { queryKeys } from '@/lib/query-keys';
import { useServerListPages } from '@/lib/server-query';

const PAGE_SIZE = 20;
const timeFormat = new Intl.DateTimeFormat('en-CA', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** /notifications: partner requests and answers, messages, activity and ride news — newest first. */
export default function NotificationsPage() {
  const api = useApiClient();
  const toast = useToast();
  const list = useServerListPages(
    queryKeys.notifications.list(),
    (cursor) => api.notifications({ limit: PAGE_SIZE, cursor }),
    (shown, next) => ({
      notifications: [...shown.notifications, ...next.notifications],
      unread: next.unread,
      unreadMessages: next.unreadMessages,
      nextCursor: next.nextCursor,
    }),
  );
  const { update } = list;

  if (list.status === 'loading') {
    return (
      <PageContainer>
        <PageHeader title="Notifications" />
        <Spinner label="Loading notifications" />
      </PageContainer>
    );
  }
  if (list.status === 'error') {
    return (
      <PageContainer>
        <PageHeader title="Notifications" />
        <FormMessage kind="error">{userMessage(list.error)}</FormMessage>
        <button type="button" className={buttonStyles.secondary} onClick={list.reload}>
          Try Again
        </button>
      </PageContainer>
    );
  }

  const loaded = list.data;
  const markRead = async (notification: Notification) => {
    try {
      const { unread } = await api.markNotificationRead(notification.id);
      announceUnreadCount(unread);
      const readAt = new Date().toISOString();
      update((shown) => ({
        ...shown,
        unread,
        notifications: shown.notifications.map((n) =>
          n.id === notification.id ? { ...n, readAt: n.readAt ?? readAt } : n,
        ),
      }));
    } catch (error) {
      toast.error(userMessage(error));
    }
  };

  const markAllRead = async () => {
    try {
      const { unread } = await api.markAllNotificationsRead();
      announceUnreadCount(unread);
      const readAt = new Date().toISOString();
      update((shown) => ({
        ...shown,
        unread,
        notifications: shown.notifications.map((n) => ({ ...n, readAt: n.readAt ?? readAt })),
      }));
    } catch (error) {
      toast.error(userMessage(error));
    }
  };

  return (
    <PageContainer>
      <DemoBanner />
      <PageHeader
        title="Notifications"
        description={loaded.unread === 0 ? 'You are all caught up.' : `${loaded.unread} unread`}
        actions={
          loaded.unread > 0 ? (
            <button type="button" className={buttonStyles.secondary} onClick={markAllRead}>
              Mark all as read
            </button>
          ) : undefined
        }
      />
      {loaded.notifications.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          No notifications yet. Partner requests, messages and activity updates will show up here.
        </p>
      ) : (
        <ul
          aria-label="Notifications"
          className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {loaded.notifications.map((notification) => {
            const unread = notification.readAt === null;
            return (
              <li
                key={notification.id}
                className={`flex flex-wrap items-start gap-3 p-4 ${unread ? 'bg-brand-50/60' : ''}`}
              >
                <span
                  aria-hidden="true"
                  className={`mt-2 size-2.5 shrink-0 rounded-full ${unread ? 'bg-brand-600' : 'bg-transparent'}`}
                />
                <div className="min-w-0 flex-1">
                  <p className={unread ? 'font-semibold text-slate-900' : 'text-slate-700'}>
                    {unread && <span className="sr-only">Unread: </span>}
                    {notification.link ? (
                      <Link
                        to={notification.link}
                        onClick={() => unread && void markRead(notification)}
                        className="underline-offset-2 hover:underline"
                      >
                        {notification.message}
                      </Link>
                    ) : (
                      notification.message
                    )}
                  </p>
                  <time dateTime={notification.createdAt} className="text-sm text-slate-600">
                    {timeFormat.format(new Date(notification.createdAt))}
                  </time>
                </div>
                {unread && (
                  <button
                    type="button"
                    className={buttonStyles.ghost}
                    onClick={() => markRead(notification)}
                    aria-label={`Mark as read: ${notification.message}`}
                  >
                    Mark as read
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <LoadMore more={list.more} nextCursor={loaded.nextCursor} onLoadMore={list.loadMore} />
    </PageContainer>
  );
}
