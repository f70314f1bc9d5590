import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/** An RSA issuer with a JWKS endpoint on loopback, for testing token verification. */
export async function startTestIssuer(): Promise<{
  issuer: string;
  jwksUri: string;
  sign(claims: Record<string, unknown>, key?: KeyObject): string;
  otherKey: KeyObject;
  close(): Promise<void>;
}> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  const issuer = `http://127.0.0.1:${port}/local_pool`;
  return {
    issuer,
    jwksUri: `http://127.0.0.1:${port}/local_pool/.well-known/jwks.json`,
    otherKey,
    sign(claims, key = privateKey) {
      const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'test-key' })).toString('base64url');
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(key).toString('base64url');
      return `${header}.${payload}.${signature}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
