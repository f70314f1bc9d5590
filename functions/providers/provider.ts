import type { ActivityToStore } from '../repositories/activities';
import type { TokenCipher } from '../lib/token-cipher';
import type { ProviderType } from '../shared/schemas/activity';
import type { AuthorizeUrlResponse, SyncResponse } from '../shared/schemas/connections';

/**
 * One provider under TrailBuddy's imports: its OAuth endpoints, its window listing and its mapping, its sync now and
 * its withdrawal, behind one shape. Each provider has its own deps (settings, client, state key); `Deps` is that type.
 * Adding a provider means one adapter folder (functions/adapters/<id>/), three files here (<id>-withdrawal.ts and
 * <id>-sync-now.ts with its light sides, <id>.ts with the whole provider spreading them in) plus a line in each of
 * withdrawals.ts, sync-now.ts and registry.ts, and one simulator on the kit (infra/local/simulators/kit/).
 */
export interface Provider<Deps> extends SyncNowSide<Deps>, WithdrawalSide<Deps> {
  /** OAuth providers; null for a push-only source (Apple Health's Shortcut posts to us). */
  readonly oauth: OAuthSide<Deps> | null;
  /** Providers we read from; null for a push-only source. */
  readonly pull: PullSide<Deps> | null;
}

/*
 * The light sides: each provider keeps them in their own modules on light deps (the OAuth client, the token cipher,
 * the clock: a part of `Deps`), so the routes that only sync now, disconnect or erase an account load none of the
 * provider's connect, import or mapping code.
 */

/** POST /api/connections/{id}/sync (registry: sync-now.ts). */
export interface SyncNowSide<Deps> {
  readonly id: ProviderType;
  /** Spec §8 text when the user has no active connection. */
  readonly notConnectedMessage: string;
  /** True when TrailBuddy reads from the provider (its whole `pull` is not null): the daily refresh imports it. */
  readonly pulls: boolean;
  /** Sync now (or file a request, or report the last push). `deps` is built only when needed. */
  syncNow(userId: string, deps: () => Promise<Deps>): Promise<SyncResponse>;
}

/** Disconnect and account erasure, first step (registry: withdrawals.ts). */
export interface WithdrawalSide<Deps> {
  readonly id: ProviderType;
  /**
   * Withdraw TrailBuddy's access (deauthorize/revoke at the provider, or our own ingest token). At a remote provider
   * this is best effort (leaving must not depend on the provider answering): it logs, never throws.
   */
  withdrawAccess(userId: string, deps: () => Promise<Deps>): Promise<void>;
}

/** Reading a fixed window page by page, and mapping what was read. */
export interface PullSide<Deps> {
  /** One page of the window (with a valid access token), and the cursor of the next page (null: the window is done). */
  listWindowPage(userId: string, deps: Deps, window: ImportWindow, cursor: string | null): Promise<WindowPage>;
  /** Raw items of pages → activities to store (unreadable items are skipped and counted, never fatal). */
  map(
    items: readonly unknown[],
    context: { userId: string; fetchedAt: Date; timeZone: string },
  ): { activities: ActivityToStore[]; skipped: number };
}

/** The OAuth side of a provider. */
export interface OAuthSide<Deps> {
  authorizeUrl(userId: string, deps: Deps): Promise<AuthorizeUrlResponse>;
  exchange(code: string, deps: Deps): Promise<ProviderTokens>;
  refresh(refreshToken: string, deps: Deps): Promise<ProviderTokens>;
  revoke(tokens: { accessToken: string; refreshToken: string }, deps: Deps): Promise<void>;
  /** What the token lease needs: how this provider refreshes, how it says "reconnect", how it says "401". */
  tokenSource(deps: Deps): TokenSource;
}

export interface ProviderTokens {
  accessToken: string;
  /** Absent when the provider keeps the refresh token it issued (Google). */
  refreshToken: string | undefined;
  /** Epoch seconds. */
  expiresAt: number;
}

/** What withProviderAccess (usecases/provider-access.ts) needs to hand out and renew one provider's access tokens. */
export interface TokenSource {
  provider: ProviderType;
  cipher: TokenCipher;
  clock: () => Date;
  refresh(refreshToken: string): Promise<ProviderTokens>;
  /** The provider's "the user must reconnect" error (no tokens, disconnected meanwhile, lease wait timed out). */
  authError(message: string): Error;
  /** The message of authError when no usable token is stored. */
  noTokenMessage: string;
  /** True for the provider's "this access token was refused" (401) error, which earns one refresh and one retry. */
  isUnauthorized(error: unknown): boolean;
}

/** A fixed import window: its bounds never move while an import pages through it. Epoch milliseconds. */
export interface ImportWindow {
  startMs: number;
  endMs: number;
}

export interface WindowPage {
  items: unknown[];
  /** Where the next page starts; null when this page was the last. */
  next: string | null;
}
