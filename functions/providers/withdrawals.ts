import type { ProviderType } from '../shared/schemas/activity';
import type { GoogleOAuthDeps } from '../usecases/google-oauth-deps';
import type { StravaOAuthDeps } from '../usecases/strava-oauth-deps';
import { appleWithdrawal } from './apple-withdrawal';
import { googleWithdrawal } from './google-withdrawal';
import type { WithdrawalSide } from './provider';
import { stravaWithdrawal } from './strava-withdrawal';

/**
 * Each provider id's deps for the light sides (withdrawal, sync now): a part of its whole deps (ProviderDeps in
 * registry.ts), the OAuth client, the token cipher and the clock. Apple's sides need none.
 */
export interface ConnectionDeps {
  strava: StravaOAuthDeps;
  google_health: GoogleOAuthDeps;
  apple_health: unknown;
}

/** Lazily built light deps for each provider (a route builds only the deps of the provider it serves). */
export type ConnectionDepsSource = { readonly [P in ProviderType]: () => Promise<ConnectionDeps[P]> };

export type WithdrawalSides = { readonly [P in ProviderType]: WithdrawalSide<ConnectionDeps[P]> };

/**
 * Every provider's withdrawal side, keyed by its id: one line per provider. Disconnecting and the account erasure
 * dispatch through this, so they load no provider's connect, import or mapping code (each whole provider in
 * registry.ts spreads in the same side).
 */
export function withdrawalSides(): WithdrawalSides {
  return {
    strava: stravaWithdrawal,
    google_health: googleWithdrawal,
    apple_health: appleWithdrawal,
  };
}

/** Calls `use` with the withdrawal side of provider `id` and its deps, keeping the two paired for the type checker. */
export function withWithdrawalSide<R>(
  id: ProviderType,
  deps: ConnectionDepsSource,
  use: <D>(side: WithdrawalSide<D>, deps: () => Promise<D>) => Promise<R>,
): Promise<R> {
  return use(withdrawalSides()[id] as WithdrawalSide<unknown>, deps[id] as () => Promise<unknown>);
}
