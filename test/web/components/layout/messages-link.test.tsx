import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Header } from '@/components/layout/header';
import { announceUnreadMessages } from '@/components/layout/notification-bell';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../test-utils';

const routes = [{ path: '/', element: <Header /> }];

function renderHeader(unreadMessages: number) {
  const apiClient = createFakeApiClient({
    notifications: vi.fn(async () => ({ notifications: [], unread: 0, unreadMessages, nextCursor: null })),
  });
  renderRoutes(routes, { service: createFakeAuthService(SIGNED_IN_USER), apiClient });
  return apiClient;
}

describe('the header Messages link', () => {
  it('shows the conversations waiting, from the request the bell already makes', async () => {
    const api = renderHeader(3);
    const link = await screen.findByRole('link', { name: 'Messages, 3 unread' }, { timeout: 15000 });
    expect(link).toHaveAttribute('href', '/messages');
    expect(link).toHaveTextContent('3');
    expect(api.notifications).toHaveBeenCalledTimes(1);
  });

  it('caps the badge at 9+ and keeps the full count in its name', async () => {
    renderHeader(12);
    expect(await screen.findByRole('link', { name: 'Messages, 12 unread' }, { timeout: 5000 })).toHaveTextContent('9+');
  });

  it('is in the phone menu with the same count, reachable from the keyboard', async () => {
    renderHeader(2);
    await screen.findByRole('link', { name: 'Messages, 2 unread' }, { timeout: 5000 });
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Open menu' }).focus();
    await user.keyboard('{Enter}');
    const item = within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', {
      name: 'Messages, 2 unread',
    });
    expect(item).toHaveAttribute('href', '/messages');
    expect(item).toHaveTextContent('Messages2');
  });

  it('clears when a screen announces the conversation was read, without a reload', async () => {
    renderHeader(1);
    await screen.findByRole('link', { name: 'Messages, 1 unread' }, { timeout: 5000 });
    act(() => announceUnreadMessages(0));
    expect(screen.getByRole('link', { name: 'Messages' })).toHaveTextContent('');
  });
});
