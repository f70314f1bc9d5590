import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Header } from '@/components/layout/header';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../test-utils';

const routes = [{ path: '/', element: <Header /> }];

describe('the header bell', () => {
  it('shows the unread count and links to /notifications for a signed-in user', async () => {
    const apiClient = createFakeApiClient({
      notifications: vi.fn(async () => ({ notifications: [], unread: 3, unreadMessages: 0, nextCursor: null })),
    });
    renderRoutes(routes, { service: createFakeAuthService(SIGNED_IN_USER), apiClient });
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' }, { timeout: 15000 });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent('3');
  });

  it('shows no count when the count cannot be read', async () => {
    const apiClient = createFakeApiClient({ notifications: vi.fn(async () => Promise.reject(new Error('down'))) });
    renderRoutes(routes, { service: createFakeAuthService(SIGNED_IN_USER), apiClient });
    expect(await screen.findByRole('link', { name: 'Notifications' })).toHaveTextContent('');
  });

  it('is not there for signed-out visitors', async () => {
    renderRoutes(routes, { service: createFakeAuthService(null) });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('link', { name: /^Notifications/ })).not.toBeInTheDocument();
  });
});

describe('the header bell after marking read', () => {
  it('follows the count a screen announces, without waiting for the next refresh', async () => {
    const { announceUnreadCount } = await import('@/components/layout/notification-bell');
    const { act } = await import('@testing-library/react');
    const apiClient = createFakeApiClient({
      notifications: vi.fn(async () => ({ notifications: [], unread: 3, unreadMessages: 0, nextCursor: null })),
    });
    renderRoutes(routes, { service: createFakeAuthService(SIGNED_IN_USER), apiClient });
    await screen.findByRole('link', { name: 'Notifications, 3 unread' }, { timeout: 5000 });
    act(() => announceUnreadCount(1));
    expect(screen.getByRole('link', { name: 'Notifications, 1 unread' })).toHaveTextContent('1');
    act(() => announceUnreadCount(0));
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveTextContent('');
  });
});
