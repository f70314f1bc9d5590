import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { MessagesResponse } from '@shared/schemas/messages';
import { applyLiveEvent } from '@/lib/live/use-live-channel';
import { queryKeys } from '@/lib/query-keys';

const quota = { limit: 5, used: 1, remaining: 4, resetsAt: '2026-12-01T08:00:00.000Z' };
const first = { id: '01A', fromMe: true, text: 'Lynn Canyon Saturday?', sentAt: '2026-11-29T08:00:00.000Z' };
const reply = { id: '01B', fromMe: false, text: 'Yes, 9:00 at the bridge', sentAt: '2026-11-29T08:01:00.000Z' };
const page = (messages: MessagesResponse['messages']): MessagesResponse => ({
  partner: { userId: 'ben', displayName: 'Ben' },
  messages,
  nextCursor: null,
  quota,
});

function clientWith(thread: MessagesResponse | undefined) {
  const client = new QueryClient();
  if (thread) client.setQueryData(queryKeys.conversations.thread('ben'), thread);
  client.setQueryData(queryKeys.conversations.list(), { conversations: [], quota });
  client.setQueryData(queryKeys.unreadCounts, { notifications: 0, messages: 0 });
  return client;
}
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('applyLiveEvent', () => {
  it('adds a message that came with its event to the loaded conversation, without reading it again', () => {
    const client = clientWith(page([first]));
    applyLiveEvent(client, { type: 'message', keys: ['ben'], message: reply });
    expect(client.getQueryData<MessagesResponse>(queryKeys.conversations.thread('ben'))?.messages).toEqual([
      first,
      reply,
    ]);
    expect(stale(client, queryKeys.conversations.thread('ben'))).toBe(false);
    // The list's previews and the header's counts are read again.
    expect(stale(client, queryKeys.conversations.list())).toBe(true);
    expect(stale(client, queryKeys.unreadCounts)).toBe(true);
  });

  it('adds a message once when its event comes twice', () => {
    const client = clientWith(page([first]));
    applyLiveEvent(client, { type: 'message', keys: ['ben'], message: reply });
    applyLiveEvent(client, { type: 'message', keys: ['ben'], message: reply });
    expect(client.getQueryData<MessagesResponse>(queryKeys.conversations.thread('ben'))?.messages).toHaveLength(2);
  });

  it('loads no conversation that was not loaded', () => {
    const client = clientWith(undefined);
    applyLiveEvent(client, { type: 'message', keys: ['ben'], message: reply });
    expect(client.getQueryData(queryKeys.conversations.thread('ben'))).toBeUndefined();
  });

  it('reads the conversation again when the event names it without the message', () => {
    const client = clientWith(page([first]));
    applyLiveEvent(client, { type: 'message', keys: ['ben'] });
    expect(stale(client, queryKeys.conversations.thread('ben'))).toBe(true);
  });
});
