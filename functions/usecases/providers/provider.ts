import type { ActivityToStore } from '../../repositories/activities';
import type { TokenCipher } from '../../lib/token-cipher';
import type { ProviderType } from '../../shared/schemas/activity';
import type { AuthorizeUrlResponse, SyncResponse } from '../../shared/schemas/connections';

/**
 * One provider as the registry (registry.ts) lists it: everything a provider-neutral path needs from it, light
 * enough for every Lambda. Sync now, disconnect, the account erasure and the daily refresh call these sides; an
 * import, backfill, webhook import or refresh job runs in the import worker, which finds a pulling provider's import
 * jobs in importers.ts (the registry's heavy half, checked against it by the compiler).
 *
 * Adding a provider: its folder functions/usecases/providers/<id>/ (index.ts with this entry; importer.ts when it pulls; the
 * whole Provider below when it uses OAuth), its adapter, use cases and routes named after it, one line in
 * registry.ts (and, when it pulls, one in importers.ts: the compiler asks for it), and one simulator on the kit
 * (infra/local/simulators/kit/).
 */
export interface ProviderEntry<Deps, Pulls extends boolean = boolean> extends SyncNowSide<Deps>, WithdrawalSide<Deps> {
  readonly pulls: Pulls;
  /** Builds what the sides need (the OAuth client, the token cipher, the clock); called only when one needs it. */
  deps(): Promise<Deps>;
}

/**
 * The whole of an OAuth provider: its OAuth endpoints, its window listing and its mapping (what its import jobs and
 * connect use), its sync now and its withdrawal, behind one shape. Each provider has its own deps (settings, client,
 * state key); `Deps` is that type.
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

/** POST /api/connections/{id}/sync. */
export interface SyncNowSide<Deps> {
  readonly id: ProviderType;
  /** Spec §8 text when the user has no active connection. */
  readonly notConnectedMessage: string;
  /**
   * True when TrailBuddy reads from the provider: it has import jobs (importers.ts) and the daily refresh imports
   * it. False for a push-only source.
   */
  readonly pulls: boolean;
  /** Sync now (or file a request, or report the last push). `deps` is built only when needed. */
  syncNow(userId: string, deps: () => Promise<Deps>): Promise<SyncResponse>;
}

/** Disconnect and account erasure, first step. */
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
  /**
   * One page of the window (with a valid access token), and the cursor of the next page (null: the window is done).
   * `pageSize` asks for a page size other than the provider's setting (a backfill reads larger pages).
   */
  listWindowPage(
    userId: string,
    deps: Deps,
    window: ImportWindow,
    cursor: string | null,
    pageSize?: number,
  ): Promise<WindowPage>;
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
