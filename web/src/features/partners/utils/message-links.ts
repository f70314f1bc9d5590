/** A piece of a message: plain text, or an http(s) link to render as an anchor. */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** http:// or https:// up to white space; the scheme must be spelled out, so 'javascript:' and bare words never link. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Punctuation that usually ends the sentence rather than the address ('see https://x.org.'). */
const TRAILING_PUNCTUATION = /[.,;:!?'")\]}]+$/;

/**
 * Splits message text into text and link parts (links in messages are clickable). Only http(s)
 * URLs that parse become links; everything else stays text, to be rendered as text nodes, never as HTML.
 */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    const href = safeHref(raw);
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
