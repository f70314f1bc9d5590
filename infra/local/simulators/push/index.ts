import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The local push service: stands in for the browser vendors' (FCM, Mozilla autopush, Apple) as the Strava simulator
 * stands in for Strava. It hands out subscriptions as a browser would (a P-256 key pair and an auth secret per
 * subscription, the endpoint on this server), receives what the app pushes, checks it as a push service does and
 * decrypts it as the browser would, and records what arrived. What it checks, from the RFCs (read 2026-11-29):
 *
 * - RFC 8030 §5: a push is a POST to the subscription's endpoint, answered 201 Created with a Location; a TTL header
 *   is required (400 without it, §5.2); Urgency, when sent, is very-low, low, normal or high (§5.3); 404/410 tell the
 *   application server the subscription is gone (§7.3).
 * - RFC 8292 §2-3: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256-signed with the key in k, its
 *   `aud` is the push service's origin, its `exp` no more than 24 hours ahead, and `sub` a mailto: or https: contact;
 *   §4: when the subscription was made with an applicationServerKey, k must be that key (403 otherwise).
 * - RFC 8291 §4 and RFC 8188: `Content-Encoding: aes128gcm`; the body's header is salt (16), record size (4), key id
 *   length and the sender's ephemeral public key; the content key and nonce come from HKDF over the ECDH secret with
 *   the auth secret and "WebPush: info"; one record, padded with a 0x02 delimiter. Push services take at least 4096
 *   octets, so more is refused (413).
 */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  endpoint: string;
  receivedAt: string;
  ttl: number;
  urgency: string | null;
  /** The decrypted payload, as the service worker's `event.data.text()` would read it. */
  text: string;
  vapid: { sub: string; aud: string; publicKey: string };
}

export interface LocalPushService {
  url: string;
  /** A new subscription, as PushManager.subscribe() would give the page (optionally tied to the app's VAPID key). */
  subscribe(applicationServerKey?: string): BrowserSubscription;
  /** What arrived for a subscription (or for all), oldest first. */
  received(endpoint?: string): ReceivedPush[];
  /** From now on the subscription answers 410 Gone, as when a person revokes permission or the browser drops it. */
  expire(endpoint: string): void;
  /** Requests refused, with why (tests assert the app never sends a malformed one). */
  refused(): { endpoint: string; status: number; reason: string }[];
  stop(): Promise<void>;
}

interface Subscription {
  id: string;
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  applicationServerKey?: string;
  gone: boolean;
}

const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);
const MAX_BODY = 4096;
const b64u = (buf: Buffer) => buf.toString('base64url');

export class PushRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Checks the VAPID Authorization header (RFC 8292); returns the claims and the key. */
export function checkVapid(header: string | undefined, origin: string, nowMs: number) {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new PushRefusal(401, 'no vapid Authorization');
  const [, jwt, k] = match as unknown as [string, string, string];
  const [h, p, s] = jwt.split('.');
  if (!h || !p || !s) throw new PushRefusal(401, 'malformed JWT');
  const head = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
  if (head.alg !== 'ES256') throw new PushRefusal(401, 'JWT is not ES256');
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new PushRefusal(401, 'k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!signed) throw new PushRefusal(401, 'JWT signature does not verify');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) throw new PushRefusal(401, `aud ${claims.aud} is not ${origin}`);
  const nowS = nowMs / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= nowS || claims.exp > nowS + 86_400)
    throw new PushRefusal(401, 'exp is not within the next 24 hours');
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new PushRefusal(401, 'sub is not a mailto: or https: URL');
  return { sub: claims.sub!, aud: claims.aud, publicKey: k };
}

/** Decrypts an aes128gcm Web Push body (RFC 8291 §3-4) with the subscription's private key and auth secret. */
export function decryptPush(body: Buffer, ecdh: ECDH, uaPublic: Buffer, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20] ?? 0;
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65 || record.length < 17) throw new PushRefusal(400, 'not an aes128gcm Web Push body');
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  let plain: Buffer;
  try {
    plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  } catch {
    throw new PushRefusal(400, 'the body does not decrypt with this subscription’s keys');
  }
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new PushRefusal(400, 'no last-record padding delimiter');
  return plain.subarray(0, end).toString('utf8');
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startLocalPushService(
  options: { port?: number; host?: string; now?: () => number } = {},
): Promise<LocalPushService> {
  const subscriptions = new Map<string, Subscription>();
  const arrived: ReceivedPush[] = [];
  const refusals: { endpoint: string; status: number; reason: string }[] = [];
  const now = options.now ?? Date.now;
  let origin = '';

  function subscribe(applicationServerKey?: string): BrowserSubscription {
    const ecdh = createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const sub: Subscription = {
      id: randomUUID(),
      ecdh,
      publicKey,
      auth: randomBytes(16),
      ...(applicationServerKey ? { applicationServerKey } : {}),
      gone: false,
    };
    subscriptions.set(sub.id, sub);
    return { endpoint: `${origin}/push/${sub.id}`, keys: { p256dh: b64u(publicKey), auth: b64u(sub.auth) } };
  }

  const idOf = (endpoint: string) => endpoint.slice(endpoint.lastIndexOf('/') + 1);

  async function receive(sub: Subscription, req: IncomingMessage): Promise<ReceivedPush> {
    if (sub.gone) throw new PushRefusal(410, 'subscription expired');
    const ttlHeader = req.headers.ttl;
    if (typeof ttlHeader !== 'string' || !/^\d+$/.test(ttlHeader)) throw new PushRefusal(400, 'no TTL header');
    const urgency = typeof req.headers.urgency === 'string' ? req.headers.urgency : null;
    if (urgency !== null && !URGENCIES.has(urgency))
      throw new PushRefusal(400, `Urgency ${urgency} is not one of RFC 8030's`);
    if (req.headers['content-encoding'] !== 'aes128gcm')
      throw new PushRefusal(415, 'Content-Encoding is not aes128gcm');
    const vapid = checkVapid(req.headers.authorization, origin, now());
    if (sub.applicationServerKey && sub.applicationServerKey !== vapid.publicKey)
      throw new PushRefusal(403, 'VAPID key is not the one the subscription was made with');
    const body = await readBody(req, MAX_BODY);
    if (!body) throw new PushRefusal(413, 'more than 4096 octets');
    return {
      subscriptionId: sub.id,
      endpoint: `${origin}/push/${sub.id}`,
      receivedAt: new Date(now()).toISOString(),
      ttl: Number(ttlHeader),
      urgency,
      text: decryptPush(body, sub.ecdh, sub.publicKey, sub.auth),
      vapid,
    };
  }

  const json = (res: ServerResponse, status: number, payload: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    // The control plane: a test in another process (a browser journey) subscribes and reads through it.
    if (req.method === 'POST' && url.pathname === '/__simulator/subscriptions') {
      const body = JSON.parse((await readBody(req, 10_000))?.toString() || '{}') as { applicationServerKey?: string };
      return json(res, 201, subscribe(body.applicationServerKey));
    }
    if (req.method === 'GET' && url.pathname === '/__simulator/received') return json(res, 200, arrived);
    const push = /^\/push\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (!push || req.method !== 'POST') return json(res, 404, { error: 'no such subscription' });
    const sub = subscriptions.get(push[1]!);
    if (!sub) return json(res, 404, { error: 'no such subscription' });
    try {
      const message = await receive(sub, req);
      arrived.push(message);
      res.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
    } catch (error) {
      req.resume();
      const status = error instanceof PushRefusal ? error.status : 500;
      const reason = error instanceof Error ? error.message : String(error);
      refusals.push({ endpoint: `${origin}${url.pathname}`, status, reason });
      json(res, status, { error: reason });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    url: origin,
    subscribe,
    received: (endpoint) => arrived.filter((m) => endpoint === undefined || m.endpoint === endpoint),
    expire: (endpoint) => {
      const sub = subscriptions.get(idOf(endpoint));
      if (sub) sub.gone = true;
    },
    refused: () => [...refusals],
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
