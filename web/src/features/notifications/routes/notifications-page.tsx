import { startTransition, useEffect, useState } from 'react';
import { useChanged } from '@/lib/use-changed';
import { Link } from 'react-router-dom';
import type { Notification } from '@shared/schemas/notifications';
import { announceUnreadCount } from '@/components/layout/notification-bell';
import { buttonStyles } from '@/components/ui/button-styles';
import { DemoBanner } from '@/components/ui/demo-banner';
import { FormMessage } from '@/components/ui/form-message';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/toast';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';

const PAGE_SIZE = 20;
const timeFormat = new Intl.DateTimeFormat('en-CA', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

type State =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; notifications: Notification[]; unread: number; nextCursor: string | null; loadingMore: boolean };

/** /notifications: partner requests and answers, messages, activity and ride news — newest first. */
export default function NotificationsPage() {
  const api = useApiClient();
  const toast = useToast();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  if (useChanged([api, attempt])) setState({ status: 'loading' });

  useEffect(() => {
    let current = true;
    api.notifications({ limit: PAGE_SIZE }).then(
      (page) =>
        current &&
        startTransition(() =>
          setState({
            status: 'ready',
            notifications: page.notifications,
            unread: page.unread,
            nextCursor: page.nextCursor,
            loadingMore: false,
          }),
        ),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [api, attempt]);

  if (state.status === 'loading') {
    return (
      <PageContainer>
        <PageHeader title="Notifications" />
        <Spinner label="Loading notifications" />
      </PageContainer>
    );
  }
  if (state.status === 'error') {
    return (
      <PageContainer>
        <PageHeader title="Notifications" />
        <FormMessage kind="error">{userMessage(state.error)}</FormMessage>
        <button type="button" className={buttonStyles.secondary} onClick={() => setAttempt((n) => n + 1)}>
          Try Again
        </button>
      </PageContainer>
    );
  }

  const markRead = async (notification: Notification) => {
    try {
      const { unread } = await api.markNotificationRead(notification.id);
      announceUnreadCount(unread);
      const readAt = new Date().toISOString();
      setState({
        ...state,
        unread,
        notifications: state.notifications.map((n) =>
          n.id === notification.id ? { ...n, readAt: n.readAt ?? readAt } : n,
        ),
      });
    } catch (error) {
      toast.error(userMessage(error));
    }
  };

  const markAllRead = async () => {
    try {
      const { unread } = await api.markAllNotificationsRead();
      announceUnreadCount(unread);
      const readAt = new Date().toISOString();
      setState({
        ...state,
        unread,
        notifications: state.notifications.map((n) => ({ ...n, readAt: n.readAt ?? readAt })),
      });
    } catch (error) {
      toast.error(userMessage(error));
    }
  };

  const loadMore = async () => {
    if (!state.nextCursor) return;
    setState({ ...state, loadingMore: true });
    try {
      const page = await api.notifications({ limit: PAGE_SIZE, cursor: state.nextCursor });
      setState({
        ...state,
        notifications: [...state.notifications, ...page.notifications],
        unread: page.unread,
        nextCursor: page.nextCursor,
        loadingMore: false,
      });
    } catch (error) {
      setState({ ...state, loadingMore: false });
      toast.error(userMessage(error));
    }
  };

  return (
    <PageContainer>
      <DemoBanner />
      <PageHeader
        title="Notifications"
        description={state.unread === 0 ? 'You are all caught up.' : `${state.unread} unread`}
        actions={
          state.unread > 0 ? (
            <button type="button" className={buttonStyles.secondary} onClick={markAllRead}>
              Mark all as read
            </button>
          ) : undefined
        }
      />
      {state.notifications.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          No notifications yet. Partner requests, messages and activity updates will show up here.
        </p>
      ) : (
        <ul
          aria-label="Notifications"
          className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {state.notifications.map((notification) => {
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
      {state.nextCursor && (
        <div className="flex justify-center">
          <button type="button" className={buttonStyles.secondary} onClick={loadMore} disabled={state.loadingMore}>
            {state.loadingMore ? 'Loading...' : 'Load more'}
          </button>
        </div>
      )}
    </PageContainer>
  );
}
