/** The login page's query parameter naming where a signed-out visitor was going. */
export const RETURN_TO_PARAM = 'next';

const PLACEHOLDER_ORIGIN = 'https://trailbuddy.invalid';

/**
 * `raw` as a path on this site to return to after sign-in, or null: only a same-origin absolute path
 * ('/plan?x=1#y'), never '//evil.example', '/\evil.example', 'https://…', 'javascript:…' or the login page itself.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN || url.pathname === '/login') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login URL that brings the visitor back to `returnTo` after signing in. */
export function loginPathReturningTo(loginPath: string, returnTo: string): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `${loginPath}?${new URLSearchParams({ [RETURN_TO_PARAM]: safe }).toString()}` : loginPath;
}
