import { randomBytes } from 'node:crypto';
import { checkState, OAUTH_STATE_LIFETIME_MS, signState, type StateCheck } from '../domain/oauth-state';
import { BadRequestError } from '../lib/errors';
import type { TokenCipher } from '../lib/token-cipher';
import { deleteActivitiesOfUser } from '../repositories/activities';
import { getConnection, saveConnection, type Connection, type NewConnection } from '../repositories/connections';
import { consumePendingOAuthState, savePendingOAuthState } from '../repositories/oauth-states';
import type { SyncResult } from '../shared/schemas/connections';

/** What each provider says when its OAuth state fails a check (its own name in the text). */
export type StateErrorMessages = Readonly<Record<Extract<StateCheck, { ok: false }>['reason'] | 'state_used', string>>;

/** A signed, single-use OAuth state for `userId` (its nonce is stored as pending until the callback consumes it). */
export async function issueOAuthState(userId: string, deps: { stateKey: Buffer; clock: () => Date }): Promise<string> {
  const now = deps.clock();
  const nonce = randomBytes(16).toString('base64url');
  const expiresAtMs = now.getTime() + OAUTH_STATE_LIFETIME_MS;
  await savePendingOAuthState(nonce, userId, expiresAtMs, now);
  return signState(deps.stateKey, { userId, nonce, expiresAtMs });
}

/** The callback's state: signed under this provider's key, this user's, live, and not used before (consumed now). */
export async function consumeOAuthState(
  userId: string,
  state: string,
  deps: { stateKey: Buffer; clock: () => Date },
  messages: StateErrorMessages,
): Promise<void> {
  const now = deps.clock();
  const check = checkState(deps.stateKey, state, userId, now);
  if (!check.ok) throw new BadRequestError(messages[check.reason], undefined, check.reason);
  if (!(await consumePendingOAuthState(check.claims.nonce, userId, now)))
    throw new BadRequestError(messages.state_used, undefined, 'state_used');
}

/**
 * Stores the connection with encrypted tokens. Reconnecting as a different account at the provider: the previous
 * account's activities are not this user's data any more, so they go first.
 */
export async function storeConnection(connection: NewConnection, cipher: TokenCipher): Promise<Connection> {
  const previous = await getConnection(connection.userId, connection.provider, null);
  if (previous && previous.providerUserId !== connection.providerUserId)
    await deleteActivitiesOfUser(connection.userId, connection.provider);
  return saveConnection(connection, cipher);
}

/** The first sync after connecting: a failure still connects (null); the sync use case has logged it. */
export async function initialSyncQuietly(sync: () => Promise<SyncResult>): Promise<SyncResult | null> {
  try {
    return await sync();
  } catch {
    return null;
  }
}
