import type { DemoContext } from './demo-context';

const STORAGE_KEY = 'trailbuddy.demo.conversation-reads';

/** Sample conversations whose latest message is the partner's and that the demo member has not opened yet. */
const DEMO_UNREAD_CONVERSATIONS = ['demo-partner-mike'] as const;

type Storage = DemoContext['storage'];

function readConversations(storage: Storage): string[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Demo mode's count for the header's Messages link (shared by the notifications and partners demo clients). */
export function demoUnreadMessages(storage: Storage): number {
  const read = readConversations(storage);
  return DEMO_UNREAD_CONVERSATIONS.filter((id) => !read.includes(id)).length;
}

/** Opening a sample conversation clears it for as long as the tab lasts. */
export function markDemoConversationRead(storage: Storage, userId: string): number {
  const read = readConversations(storage);
  if (!read.includes(userId)) {
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify([...read, userId]));
    } catch {
      // Storage can be disabled (private mode); the count then comes back on the next read.
    }
  }
  return demoUnreadMessages(storage);
}
