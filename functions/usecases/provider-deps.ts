import { deriveKey, hmacSha256 } from '../lib/crypto';
import { appSecret } from '../lib/secrets';
import { tokenCipherFromSecret, type TokenCipher } from '../lib/token-cipher';
import type { ProviderType } from '../shared/schemas/activity';

/** What every OAuth provider's deps share: the token cipher, the OAuth-state key, the clock and sleep (tests swap them). */
export interface ProviderBaseDeps {
  cipher: TokenCipher;
  /** HMAC key for this provider's OAuth state (one provider's state never verifies under another's key). */
  stateKey: Buffer;
  clock: () => Date;
  sleep: (ms: number) => Promise<void>;
}

export interface ProviderBaseOptions {
  clock?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The OAuth-state key of a provider. Strava, the first provider, signs with the base key (states already issued keep
 * verifying); every later provider with a per-provider subkey (HMAC as the key-derivation function).
 */
export function providerStateKey(secret: string, provider: ProviderType): Buffer {
  const base = deriveKey(secret, 'oauth-state');
  return provider === 'strava' ? base : hmacSha256(base, `provider:${provider}`);
}

/** The one deps builder under strava-deps / google-deps: secret → cipher and state key, plus the clock and sleep. */
export async function providerBaseDeps(
  provider: ProviderType,
  options: ProviderBaseOptions = {},
): Promise<ProviderBaseDeps> {
  const secret = await appSecret();
  return {
    cipher: tokenCipherFromSecret(secret),
    stateKey: providerStateKey(secret, provider),
    clock: options.clock ?? (() => new Date()),
    sleep: options.sleep ?? realSleep,
  };
}
