import { BadRequestError } from '../lib/errors';

/** Paging tokens are the key to continue from, as base64url JSON: opaque to the browser, checked on return. */
export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

export function invalidCursor(): BadRequestError {
  return new BadRequestError(
    'That page link is out of date. Search again from the start.',
    { cursor: 'The page token is not valid for this list.' },
    'invalid_cursor',
  );
}

/** Decodes a token and lets `accept` check its shape; anything else is a 400. */
export function decodeCursor<T>(cursor: string, accept: (value: unknown) => value is T): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!accept(value)) throw invalidCursor();
  return value;
}

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** A token for a position in a time-ordered list of `<prefix><ulid>` sort keys. */
export function decodeSortKeyCursor(cursor: string, prefix: string): string {
  return decodeCursor(
    cursor,
    (value): value is string =>
      typeof value === 'string' && value.startsWith(prefix) && ULID.test(value.slice(prefix.length)),
  );
}
