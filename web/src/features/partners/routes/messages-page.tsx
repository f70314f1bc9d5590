import { useEffect, useRef, useState } from 'react';
import { useChanged } from '@/lib/use-changed';
import { ReportButton } from '@/components/reports/report-button';
import { Link, useSearchParams } from 'react-router-dom';
import type { Message, MessageQuota } from '@shared/schemas/messages';
import { paths } from '@/lib/paths';
import { announceUnreadMessages } from '@/components/layout/notification-bell';
import { buttonStyles } from '@/components/ui/button-styles';
import { DemoBanner } from '@/components/ui/demo-banner';
import { FormMessage } from '@/components/ui/form-message';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import { useLiveOpen } from '@/lib/live/live-status';
import { userMessage } from '@/lib/error-messages';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';
import { MessageComposer } from '../components/message-composer';
import { MessageText } from '../components/message-text';
import { QuotaLine } from '../components/quota-line';
import { actionMessage, memberPath } from '../utils/partner-format';

/**
 * How often an open conversation asks for replies while the realtime channel is down (replies appear without a
 * reload); while it is open, replies arrive on it and nothing polls.
 */
export const THREAD_POLL_MS = 5_000;

/** Messages from both lists, each once, oldest first (ULIDs sort by time). */
function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) =>
    a.sentAt === b.sentAt ? (a.id < b.id ? -1 : 1) : a.sentAt < b.sentAt ? -1 : 1,
  );
}

const timeFormat = new Intl.DateTimeFormat('en-CA', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function Thread({ userId, onSent }: { userId: string; onSent: (message: Message) => void }) {
  const api = useApiClient();
  // Replies arrive on the realtime channel (which reads the conversation again after a reconnect). While it is down
  // they are polled instead, and read again as the tab shows again; a failed poll keeps what is shown and is retried
  // on the next tick.
  const liveOpen = useLiveOpen();
  const thread = useServerQuery(queryKeys.conversations.thread(userId), () => api.conversationMessages(userId), {
    refetchInterval: (data) => (data && !liveOpen ? THREAD_POLL_MS : false),
    refetchOnWindowFocus: !liveOpen,
  });
  const loaded = thread.status === 'success' ? thread.data : null;
  const [messages, setMessages] = useState<Message[]>(loaded?.messages ?? []);
  const [quota, setQuota] = useState<MessageQuota | null>(loaded?.quota ?? null);
  // Each reading joins what is shown: a message sent here stays while a poll begun before it answers.
  if (useChanged([loaded]) && loaded) {
    setMessages((current) => mergeMessages(current, loaded.messages));
    setQuota(loaded.quota);
  }
  const endRef = useRef<HTMLLIElement>(null);

  // Opening the conversation, and each reply seen while it is open, reads it: the header's Messages badge follows.
  const latestFromPartner = messages.findLast((m) => !m.fromMe)?.id ?? null;
  const opened = loaded !== null;
  useEffect(() => {
    if (!opened) return;
    api.markConversationRead(userId).then(
      (answer) => announceUnreadMessages(answer.unreadMessages),
      // The badge is a hint; the next header refresh corrects it.
      () => undefined,
    );
  }, [api, userId, opened, latestFromPartner]);

  // A block body on purpose: Chromium's scrollIntoView returns a promise, which React would take for a cleanup.
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);

  if (thread.status === 'loading') return <Spinner label="Loading messages" />;
  if (thread.status === 'error') return <FormMessage kind="error">{actionMessage(thread.error)}</FormMessage>;

  const { partner } = thread.data;
  return (
    <section aria-labelledby="thread-heading" className="flex min-h-96 flex-col gap-4">
      <h2 id="thread-heading" className="text-lg font-semibold text-slate-900">
        <Link to={memberPath(partner.userId)} className="underline-offset-2 hover:underline">
          {partner.displayName}
        </Link>
      </h2>
      {messages.length === 0 ? (
        <p className="text-sm text-slate-600">No messages yet. Say hello and suggest a first outing!</p>
      ) : (
        <ol
          aria-label={`Messages with ${partner.displayName}`}
          className="flex max-h-[28rem] flex-col gap-2 overflow-y-auto"
        >
          {messages.map((message) => (
            <li
              key={message.id}
              className={`max-w-[85%] rounded-2xl px-4 py-2 ${message.fromMe ? 'self-end bg-brand-700 text-white' : 'self-start bg-slate-100 text-slate-900'}`}
            >
              <span className="sr-only">{message.fromMe ? 'You: ' : `${partner.displayName}: `}</span>
              <MessageText text={message.text} linkClassName={message.fromMe ? 'text-white' : 'text-brand-800'} />
              <time
                dateTime={message.sentAt}
                className={`block text-xs ${message.fromMe ? 'text-brand-100' : 'text-slate-600'}`}
              >
                {timeFormat.format(new Date(message.sentAt))}
              </time>
              {!message.fromMe && (
                <ReportButton
                  target={{ kind: 'message', userId: partner.userId, messageId: message.id }}
                  ariaLabel={`Report this message from ${partner.displayName}`}
                  className="mt-1 text-xs text-slate-600 underline underline-offset-2 hover:text-slate-900"
                />
              )}
            </li>
          ))}
          <li ref={endRef} aria-hidden="true" />
        </ol>
      )}
      <MessageComposer
        userId={userId}
        quota={quota}
        onSent={(sent) => {
          setMessages((current) => mergeMessages(current, [sent.message]));
          setQuota(sent.quota);
          onSent(sent.message);
        }}
        onQuotaExceeded={() => setQuota((current) => current && { ...current, used: current.limit, remaining: 0 })}
      />
    </section>
  );
}

/** /messages: conversations with accepted partners, one thread at a time (?with=<userId>). */
export default function MessagesPage() {
  const api = useApiClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = searchParams.get('with');
  const conversations = useServerQuery(queryKeys.conversations.list(), () => api.conversations());
  // What was sent from this page, so the list's previews stay current without reloading it.
  const [sentHere, setSentHere] = useState<Record<string, Message>>({});

  return (
    <PageContainer>
      <DemoBanner />
      <PageHeader
        title="Messages"
        description="Plan outings with your accepted partners. The free plan includes 5 messages a month."
        actions={
          <Link to={paths.findPartners} className={buttonStyles.secondary}>
            Find Partners
          </Link>
        }
      />
      {conversations.status === 'loading' && <Spinner label="Loading conversations" />}
      {conversations.status === 'error' && <FormMessage kind="error">{userMessage(conversations.error)}</FormMessage>}
      {conversations.status === 'success' && (
        <div className="grid gap-6 md:grid-cols-[18rem_1fr]">
          <nav
            aria-label="Conversations"
            className="min-w-0 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm"
          >
            {conversations.data.conversations.length === 0 ? (
              <p className="p-3 text-sm text-slate-600">
                No conversations yet. Connect with someone on{' '}
                <Link to={paths.findPartners} className="font-medium text-brand-800 underline">
                  Find Partners
                </Link>
                ; once they accept, you can message them here.
              </p>
            ) : (
              <ul className="space-y-1">
                {conversations.data.conversations.map((conversation) => {
                  const sent = sentHere[conversation.userId];
                  const last = sent ? { text: sent.text, fromMe: true } : conversation.lastMessage;
                  return (
                    <li key={conversation.userId}>
                      <button
                        type="button"
                        aria-current={conversation.userId === selected ? 'true' : undefined}
                        onClick={() => setSearchParams({ with: conversation.userId })}
                        className={`w-full rounded-lg px-3 py-2 text-left ${conversation.userId === selected ? 'bg-brand-50 text-brand-900' : 'hover:bg-slate-50'}`}
                      >
                        <span className="block font-semibold">{conversation.displayName}</span>
                        <span className="block truncate text-sm text-slate-600">
                          {last ? `${last.fromMe ? 'You: ' : ''}${last.text}` : 'No messages yet'}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </nav>
          <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            {selected ? (
              <Thread
                key={selected}
                userId={selected}
                onSent={(message) => setSentHere((current) => ({ ...current, [selected]: message }))}
              />
            ) : (
              <div className="space-y-3">
                <p className="text-slate-600">Choose a conversation to read and reply.</p>
                <QuotaLine quota={conversations.data.quota} />
              </div>
            )}
          </div>
        </div>
      )}
    </PageContainer>
  );
}
