import { decryptText, deriveKey, encryptText } from './crypto';
import { appSecret } from './secrets';

/** Seals provider tokens for storage; `context` (user + provider) is authenticated with them. */
export interface TokenCipher {
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
}

export function tokenCipherFromSecret(secret: string): TokenCipher {
  const key = deriveKey(secret, 'token-encryption');
  return {
    seal: (plaintext, context) => encryptText(key, plaintext, context),
    open: (sealed, context) => decryptText(key, sealed, context),
  };
}

export async function tokenCipher(): Promise<TokenCipher> {
  return tokenCipherFromSecret(await appSecret());
}
