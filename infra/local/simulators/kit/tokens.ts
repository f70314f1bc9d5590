/**
 * OAuth token bookkeeping every simulator shares: access tokens with an expiry, refresh tokens (optionally tied to
 * the access token they were issued with), revocation of a grant, expiring access tokens on demand. `T` is what a
 * provider's tokens carry besides (the account they belong to: a Strava athlete id, a Google sub). Token strings are
 * the provider's own shape, so each simulator mints them and hands them in.
 */
export type TokenEntry<T> = T & { clientId: string; scopes: string[]; revoked: boolean };
export type AccessTokenEntry<T> = TokenEntry<T> & { expiresAtMs: number };
/** `accessToken`: the access token issued with it (a rotating provider retires both together), or null. */
export type RefreshTokenEntry<T> = TokenEntry<T> & { accessToken: string | null };

type Grant<T> = T & { clientId: string; scopes: string[] };

export class TokenBook<T extends object> {
  private readonly accessTokens = new Map<string, AccessTokenEntry<T>>();
  private readonly refreshTokens = new Map<string, RefreshTokenEntry<T>>();

  constructor(private readonly clock: () => Date) {}

  issueAccess(token: string, grant: Grant<T>, expiresAtMs: number): AccessTokenEntry<T> {
    const entry = { ...grant, expiresAtMs, revoked: false } as AccessTokenEntry<T>;
    this.accessTokens.set(token, entry);
    return entry;
  }

  issueRefresh(token: string, grant: Grant<T>, accessToken: string | null = null): RefreshTokenEntry<T> {
    const entry = { ...grant, accessToken, revoked: false } as RefreshTokenEntry<T>;
    this.refreshTokens.set(token, entry);
    return entry;
  }

  /** The access token's entry if it exists at all (even expired or revoked). */
  accessEntry(token: string): AccessTokenEntry<T> | undefined {
    return this.accessTokens.get(token);
  }

  /** The access token's entry if it is neither revoked nor expired. */
  liveAccess(token: string): AccessTokenEntry<T> | undefined {
    const entry = this.accessTokens.get(token);
    if (!entry || entry.revoked || this.clock().getTime() >= entry.expiresAtMs) return undefined;
    return entry;
  }

  /** The refresh token's entry if it is not revoked and was issued to `clientId`. */
  liveRefresh(token: string, clientId: string): RefreshTokenEntry<T> | undefined {
    const entry = this.refreshTokens.get(token);
    if (!entry || entry.revoked || entry.clientId !== clientId) return undefined;
    return entry;
  }

  /** A token of either kind, live (for a revoke endpoint that takes both). */
  liveAny(token: string): TokenEntry<T> | undefined {
    const refresh = this.refreshTokens.get(token);
    if (refresh) return refresh.revoked ? undefined : refresh;
    return this.liveAccess(token);
  }

  /** Rotation: a used refresh token and the access token issued with it stop working. */
  retire(refresh: RefreshTokenEntry<T>): void {
    refresh.revoked = true;
    if (refresh.accessToken === null) return;
    const access = this.accessTokens.get(refresh.accessToken);
    if (access) access.revoked = true;
  }

  /** Every token (access and refresh) that `match` picks stops working. */
  revokeWhere(match: (entry: TokenEntry<T>) => boolean): void {
    for (const entry of [...this.accessTokens.values(), ...this.refreshTokens.values()])
      if (match(entry)) entry.revoked = true;
  }

  /** Access tokens that `match` picks expire now (refresh tokens keep working); how many were still unexpired. */
  expireAccessWhere(match: (entry: AccessTokenEntry<T>) => boolean): number {
    const nowMs = this.clock().getTime();
    let count = 0;
    for (const entry of this.accessTokens.values()) {
      if (!match(entry) || entry.expiresAtMs <= nowMs) continue;
      entry.expiresAtMs = nowMs;
      count += 1;
    }
    return count;
  }

  hasLiveRefresh(match: (entry: RefreshTokenEntry<T>) => boolean): boolean {
    return [...this.refreshTokens.values()].some((entry) => !entry.revoked && match(entry));
  }
}
