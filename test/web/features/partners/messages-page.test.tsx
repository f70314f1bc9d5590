import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_QUOTA_EXCEEDED_MESSAGE, type MessageQuota } from '@shared/schemas/messages';
import MessagesPage, { THREAD_POLL_MS } from '@/features/partners/routes/messages-page';
import { ApiError } from '@/lib/api-client';
import { setLiveStatus } from '@/lib/live/live-status';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../test-utils';

const routes = [{ path: '/messages', element: <MessagesPage /> }];
const quota = (used: number): MessageQuota => ({
  limit: 5,
  used,
  remaining: 5 - used,
  resetsAt: '2026-04-01T07:00:00.000Z',
});
const mike = { userId: 'mike', displayName: 'Mike Chen' };

function renderPage(path: string, overrides: Parameters<typeof createFakeApiClient>[0] = {}) {
  const apiClient = createFakeApiClient({
    conversations: vi.fn(async () => ({
      conversations: [
        { ...mike, lastMessage: { text: 'See you there!', fromMe: false, sentAt: '2026-03-01T10:00:00.000Z' } },
      ],
      quota: quota(1),
    })),
    conversationMessages: vi.fn(async () => ({
      partner: mike,
      messages: [
        { id: '1', fromMe: false, text: 'Stanley Park loop Thursday?', sentAt: '2026-03-01T09:00:00.000Z' },
        { id: '2', fromMe: true, text: '6:30 at Lost Lagoon?', sentAt: '2026-03-01T09:05:00.000Z' },
      ],
      nextCursor: null,
      quota: quota(1),
    })),
    ...overrides,
  });
  renderRoutes(routes, { path, service: createFakeAuthService(SIGNED_IN_USER), apiClient });
  return apiClient;
}

describe('MessagesPage', () => {
  it('lists conversations and opens the thread named in ?with=', async () => {
    const api = renderPage('/messages?with=mike');
    const thread = await screen.findByRole('list', { name: 'Messages with Mike Chen' }, { timeout: 5000 });
    expect(
      within(thread)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Mike Chen: Stanley Park loop Thursday?'),
      expect.stringContaining('You: 6:30 at Lost Lagoon?'),
    ]);
    expect(api.conversationMessages).toHaveBeenCalledWith('mike');
    expect(screen.getByText('4 of 5 free messages left this month.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Conversations' })).getByText('See you there!'),
    ).toBeInTheDocument();
  });

  it('sends a message and updates what is left', async () => {
    const sendMessage = vi.fn(async () => ({
      message: { id: '3', fromMe: true, text: 'Done, see you!', sentAt: '2026-03-01T09:10:00.000Z' },
      quota: quota(2),
    }));
    renderPage('/messages?with=mike', { sendMessage });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Message'), 'Done, see you!');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sendMessage).toHaveBeenCalledWith('mike', 'Done, see you!', expect.any(String));
    expect(await screen.findByText('3 of 5 free messages left this month.')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(
      within(screen.getByRole('navigation', { name: 'Conversations' })).getByText('You: Done, see you!'),
    ).toBeInTheDocument();
  });

  it('shows the quota message and disables sending when the free messages are used up', async () => {
    const sendMessage = vi.fn(async () =>
      Promise.reject(new ApiError(429, 'message_quota_exceeded', MESSAGE_QUOTA_EXCEEDED_MESSAGE)),
    );
    renderPage('/messages?with=mike', { sendMessage });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Message'), 'One more');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(MESSAGE_QUOTA_EXCEEDED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('does not send an empty message', async () => {
    const sendMessage = vi.fn();
    renderPage('/messages?with=mike', { sendMessage });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message.')).toBeInTheDocument();
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it("checks a message by the server's own rule before sending it", async () => {
    const sendMessage = vi.fn();
    renderPage('/messages?with=mike', { sendMessage });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Message'), 'Hi\u0007 there');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Use letters, numbers and punctuation only.')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it("shows the server's message for the text when it refuses the body", async () => {
    const sendMessage = vi.fn(async () =>
      Promise.reject(
        new ApiError(400, 'validation_failed', 'The request body is invalid.', { text: 'Keep it shorter.' }),
      ),
    );
    renderPage('/messages?with=mike', { sendMessage });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Message'), '  Hello  ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Keep it shorter.')).toBeInTheDocument();
    expect(screen.queryByText('The request body is invalid.')).not.toBeInTheDocument();
    expect(sendMessage).toHaveBeenCalledWith('mike', 'Hello', expect.any(String));
  });

  it('explains how to start when there are no conversations', async () => {
    renderPage('/messages', { conversations: vi.fn(async () => ({ conversations: [], quota: quota(0) })) });
    expect(await screen.findByText(/No conversations yet/)).toBeInTheDocument();
    expect(screen.getByText('5 of 5 free messages left this month.')).toBeInTheDocument();
  });

  it('shows replies while the conversation is open, and stops asking once it closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const first = { id: '1', fromMe: false, text: 'Stanley Park loop Thursday?', sentAt: '2026-03-01T09:00:00.000Z' };
      const reply = {
        id: '3',
        fromMe: false,
        text: 'Route: https://trailforks.com/r/1',
        sentAt: '2026-03-01T09:10:00.000Z',
      };
      let messages = [first];
      const conversationMessages = vi.fn(async () => ({ partner: mike, messages, nextCursor: null, quota: quota(1) }));
      renderPage('/messages?with=mike', { conversationMessages });
      const thread = await screen.findByRole('list', { name: 'Messages with Mike Chen' }, { timeout: 5000 });
      messages = [first, reply];
      await vi.advanceTimersByTimeAsync(THREAD_POLL_MS + 100);
      expect(await within(thread).findByRole('link', { name: 'https://trailforks.com/r/1' })).toHaveAttribute(
        'rel',
        'noopener noreferrer nofollow ugc',
      );
      expect(within(thread).getAllByRole('listitem')).toHaveLength(2);

      // Hidden tab: no polling; shown again: one poll at once. Browsers fire visibilitychange at the document,
      // bubbling (HTML Living Standard, "update the visibility state"), so listeners on window hear it too.
      const calls = conversationMessages.mock.calls.length;
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      await vi.advanceTimersByTimeAsync(THREAD_POLL_MS * 3);
      expect(conversationMessages.mock.calls.length).toBe(calls);
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      await vi.advanceTimersByTimeAsync(0);
      expect(conversationMessages.mock.calls.length).toBe(calls + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for no replies while the realtime channel is open, and polls again while it is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setLiveStatus('open');
    try {
      const conversationMessages = vi.fn(async () => ({
        partner: mike,
        messages: [{ id: '1', fromMe: false, text: 'Stanley Park loop Thursday?', sentAt: '2026-03-01T09:00:00.000Z' }],
        nextCursor: null,
        quota: quota(1),
      }));
      renderPage('/messages?with=mike', { conversationMessages });
      await screen.findByRole('list', { name: 'Messages with Mike Chen' }, { timeout: 5000 });
      const calls = conversationMessages.mock.calls.length;
      await vi.advanceTimersByTimeAsync(THREAD_POLL_MS * 3);
      expect(conversationMessages.mock.calls.length).toBe(calls);

      act(() => setLiveStatus('down'));
      await vi.advanceTimersByTimeAsync(THREAD_POLL_MS + 100);
      expect(conversationMessages.mock.calls.length).toBe(calls + 1);
    } finally {
      setLiveStatus('down');
      vi.useRealTimers();
    }
  });

  it('links the quota message to the upgrade', async () => {
    renderPage('/messages?with=mike', {
      conversationMessages: vi.fn(async () => ({ partner: mike, messages: [], nextCursor: null, quota: quota(5) })),
    });
    expect(
      await screen.findByText(MESSAGE_QUOTA_EXCEEDED_MESSAGE, { exact: false }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/profile/billing');
  });

  it('says messaging is unlimited for a Premium member instead of counting down', async () => {
    renderPage('/messages?with=mike', {
      conversationMessages: vi.fn(async () => ({
        partner: mike,
        messages: [],
        nextCursor: null,
        quota: { ...quota(5), unlimited: true as const },
      })),
    });
    expect(await screen.findByText('Premium: unlimited messages.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGE_QUOTA_EXCEEDED_MESSAGE, { exact: false })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});

describe('MessagesPage read marker', () => {
  it('marks the opened conversation read and tells the header what is left', async () => {
    const heard: number[] = [];
    const listen = (event: Event) => heard.push((event as CustomEvent<number>).detail);
    window.addEventListener('trailbuddy:unread-messages', listen);
    const markConversationRead = vi.fn(async () => ({ unreadMessages: 0 }));
    renderPage('/messages?with=mike', { markConversationRead });
    await screen.findByRole('list', { name: 'Messages with Mike Chen' }, { timeout: 5000 });
    await vi.waitFor(() => expect(heard).toEqual([0]));
    expect(markConversationRead).toHaveBeenCalledWith('mike');
    window.removeEventListener('trailbuddy:unread-messages', listen);
  });
});
