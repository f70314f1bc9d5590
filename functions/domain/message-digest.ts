/**
 * The daily message digest's text. Pure: it gets the news, never reads it.
 */
export interface DigestNews {
  /** The sender's display name. */
  name: string;
  /** Their messages received since the last digest and not yet answered. */
  count: number;
}

const messages = (n: number) => `${n} new message${n === 1 ? '' : 's'}`;

/** Subject and lines of one digest, senders with the most news first; null when there is no news. */
export function composeDigest(news: readonly DigestNews[]): { subject: string; paragraphs: string[] } | null {
  const senders = news.filter((n) => n.count > 0).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  if (senders.length === 0) return null;
  const total = senders.reduce((sum, n) => sum + n.count, 0);
  return {
    subject: `TrailBuddy: ${messages(total)} from ${senders.length === 1 ? senders[0]!.name : `${senders.length} partners`}`,
    paragraphs: [
      `Since your last digest, your partners sent you ${messages(total)}:`,
      senders.map((n) => `${n.name}: ${messages(n.count)}`).join('\n'),
      'Open your messages to read and answer them.',
    ],
  };
}
