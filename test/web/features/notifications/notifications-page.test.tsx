import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '@shared/schemas/notifications';
import NotificationsPage from '@/features/notifications/routes/notifications-page';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../test-utils';

const notification = (id: string, message: string, readAt: string | null = null): Notification => ({
  id,
  type: 'partner_request',
  message,
  link: '/find-partners',
  createdAt: '2026-03-01T10:00:00.000Z',
  readAt,
});

function renderPage(overrides: Parameters<typeof createFakeApiClient>[0] = {}) {
  const apiClient = createFakeApiClient({
    notifications: vi.fn(async () => ({
      notifications: [
        notification('n2', 'Priya wants to connect.'),
        notification('n1', 'Mike accepted.', '2026-03-01T11:00:00.000Z'),
      ],
      unread: 1,
      unreadMessages: 0,
      nextCursor: null,
    })),
    ...overrides,
  });
  renderRoutes(
    [
      { path: '/notifications', element: <NotificationsPage /> },
      { path: '/find-partners', element: <h1>Find stand-in</h1> },
    ],
    {
      path: '/notifications',
      service: createFakeAuthService(SIGNED_IN_USER),
      apiClient,
    },
  );
  return apiClient;
}

describe('NotificationsPage', () => {
  it('lists notifications newest first, marking the unread ones', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Unread: Priya wants to connect.');
    expect(items[1]).not.toHaveTextContent('Unread');
    expect(screen.getByText('1 unread')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'Priya wants to connect.' })).toHaveAttribute(
      'href',
      '/find-partners',
    );
  });

  it('marks one read, and all read', async () => {
    const markNotificationRead = vi.fn(async () => ({ unread: 0 }));
    const api = renderPage({ markNotificationRead });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as read: Priya wants to connect.' }));
    expect(markNotificationRead).toHaveBeenCalledWith('n2');
    expect(await screen.findByText('You are all caught up.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(api.markAllNotificationsRead).not.toHaveBeenCalled();
  });

  it('marks all read at once', async () => {
    const markAllNotificationsRead = vi.fn(async () => ({ unread: 0 }));
    renderPage({ markAllNotificationsRead });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(markAllNotificationsRead).toHaveBeenCalled();
    expect(await screen.findByText('You are all caught up.')).toBeInTheDocument();
    expect(screen.queryByText('Unread:', { exact: false })).not.toBeInTheDocument();
  });

  it('has an empty state', async () => {
    renderPage({
      notifications: vi.fn(async () => ({ notifications: [], unread: 0, unreadMessages: 0, nextCursor: null })),
    });
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
  });

  it('loads more with the cursor', async () => {
    const notifications = vi
      .fn()
      .mockResolvedValueOnce({
        notifications: [notification('n2', 'Newer')],
        unread: 2,
        unreadMessages: 0,
        nextCursor: 'c1',
      })
      .mockResolvedValueOnce({
        notifications: [notification('n1', 'Older')],
        unread: 2,
        unreadMessages: 0,
        nextCursor: null,
      });
    renderPage({ notifications });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older')).toBeInTheDocument();
    expect(notifications).toHaveBeenLastCalledWith({ limit: 20, cursor: 'c1' });
  });

  it('keeps a notification marked read while the next page loads, and says when that page fails', async () => {
    let failPage!: (error: unknown) => void;
    const notifications = vi
      .fn()
      .mockResolvedValueOnce({
        notifications: [notification('n2', 'Newer')],
        unread: 1,
        unreadMessages: 0,
        nextCursor: 'c1',
      })
      .mockImplementationOnce(() => new Promise((_, reject) => (failPage = reject)))
      .mockResolvedValueOnce({
        notifications: [notification('n1', 'Older')],
        unread: 0,
        unreadMessages: 0,
        nextCursor: null,
      });
    renderPage({ notifications, markNotificationRead: vi.fn(async () => ({ unread: 0 })) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Mark as read: Newer' }));
    expect(await screen.findByText('You are all caught up.')).toBeInTheDocument();

    failPage(new Error('The network went away'));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByText('Newer')).toBeInTheDocument();
    expect(screen.queryByText('Unread:', { exact: false })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Newer')).toBeInTheDocument();
  });

  it('keeps a notification marked read when the page that was loading meanwhile arrives', async () => {
    let sendPage!: () => void;
    const notifications = vi
      .fn()
      .mockResolvedValueOnce({
        notifications: [notification('n3', 'Newest'), notification('n2', 'Newer')],
        unread: 3,
        unreadMessages: 0,
        nextCursor: 'c1',
      })
      .mockImplementationOnce(
        // The page was read on the server before the mark-read landed: its own count is the old one.
        () =>
          new Promise((resolve) => {
            sendPage = () =>
              resolve({ notifications: [notification('n1', 'Older')], unread: 3, unreadMessages: 0, nextCursor: null });
          }),
      );
    renderPage({ notifications, markNotificationRead: vi.fn(async () => ({ unread: 2 })) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await user.click(screen.getByRole('button', { name: 'Mark as read: Newer' }));
    expect(await screen.findByText('2 unread')).toBeInTheDocument();

    sendPage();
    expect(await screen.findByText('Older')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.includes('Unread:'))).toEqual([true, false, true]);
    expect(screen.queryByRole('button', { name: 'Mark as read: Newer' })).not.toBeInTheDocument();
    expect(screen.getByText('2 unread')).toBeInTheDocument();
  });
});
