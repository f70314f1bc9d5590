/** The login page's query parameter naming where a signed-out visitor was going. */
export const RETURN_TO_PARAM = 'next';

const PLACEHOLDER_ORIGIN = 'https://trailbuddy.invalid';

/**
 * `raw` as a path on this site to return to after sign-in, or null: only a same-origin absolute path
 * ('/plan?x=1#y'), never '//evil.example', '/\evil.example', 'https://…', 'javascript:…' or the login page itself.
 * The URL parser resolves dot segments and encoded dots first ('/.//evil.example' becomes '//evil.example'), so what
 * is checked is the normalised path, the one the router will navigate to.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !isSingleSlashPath(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== PLACEHOLDER_ORIGIN || !isSingleSlashPath(normalised) || url.pathname === '/login') return null;
  return normalised;
}

/** Starts with one '/', and holds no backslash or control character a browser would read as a slash or drop. */
function isSingleSlashPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f\\]/.test(path);
}

/** The login URL that brings the visitor back to `returnTo` after signing in. */
export function loginPathReturningTo(loginPath: string, returnTo: string): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `${loginPath}?${new URLSearchParams({ [RETURN_TO_PARAM]: safe }).toString()}` : loginPath;
}

const AFTER_REDIRECT_KEY = 'trailbuddy.auth.return-after-redirect';
/** How long a remembered return path waits for the Google round trip; an abandoned one does not steer a later sign-in. */
const AFTER_REDIRECT_TTL_MS = 15 * 60 * 1000;

/**
 * Google sign-in leaves the site and always comes back to the dashboard (Cognito allows only registered callback
 * URLs), so the page a signed-out visitor was going to (`?next=`) waits in tab storage for the return.
 */
export function rememberReturnAfterRedirect(
  returnTo: string | null,
  now = Date.now(),
  storage: Storage = window.sessionStorage,
): void {
  const safe = safeReturnPath(returnTo);
  try {
    if (safe) storage.setItem(AFTER_REDIRECT_KEY, JSON.stringify({ path: safe, at: now }));
    else storage.removeItem(AFTER_REDIRECT_KEY);
  } catch {
    // Storage can be disabled (private mode); the visitor then lands on the dashboard.
  }
}

/** The path remembered before the Google redirect, if it is recent and still safe; reading does not clear it. */
export function returnAfterRedirect(now = Date.now(), storage?: Storage): string | null {
  try {
    // Read inside the try: the build's prerender renders the route guards where there is no window.
    const raw = (storage ?? window.sessionStorage).getItem(AFTER_REDIRECT_KEY);
    if (!raw) return null;
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || typeof at !== 'number' || now - at > AFTER_REDIRECT_TTL_MS || now < at) return null;
    return safeReturnPath(path);
  } catch {
    return null;
  }
}

export function forgetReturnAfterRedirect(storage: Storage = window.sessionStorage): void {
  try {
    storage.removeItem(AFTER_REDIRECT_KEY);
  } catch {
    // nothing remembered when storage is disabled
  }
}
