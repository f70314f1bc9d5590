import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a simulator route answers with: a status, a JSON body (null: none) and extra headers. */
export interface Outcome {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** Sends `outcome` as JSON (204 or a null body: no body). `charset` as the imitated service spells it. */
export function sendJson(res: ServerResponse, outcome: Outcome, charset = 'utf-8'): void {
  if (outcome.status === 204 || outcome.body === null) {
    res.writeHead(outcome.status, outcome.headers ?? {});
    res.end();
    return;
  }
  res.writeHead(outcome.status, {
    'Content-Type': `application/json; charset=${charset}`,
    'Cache-Control': 'no-store',
    ...outcome.headers,
  });
  res.end(JSON.stringify(outcome.body));
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('Request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function drain(req: IncomingMessage): Promise<void> {
  if (!req.readableEnded) await readBody(req).catch(() => undefined);
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  return text ? JSON.parse(text) : {};
}

/**
 * OAuth parameters from the query string and a form body (the body wins). `acceptJson`: a JSON body counts too
 * (Strava takes one; Google does not).
 */
export async function readParams(
  req: IncomingMessage,
  query: URLSearchParams,
  { acceptJson = false }: { acceptJson?: boolean } = {},
): Promise<URLSearchParams> {
  const params = new URLSearchParams(query);
  const text = await readBody(req);
  if (!text) return params;
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  const fromBody = acceptJson && type.includes('application/json') ? paramsFromJson(text) : new URLSearchParams(text);
  for (const key of new Set(fromBody.keys())) {
    params.delete(key);
    for (const value of fromBody.getAll(key)) params.append(key, value);
  }
  return params;
}

function paramsFromJson(text: string): URLSearchParams {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = {};
  }
  const params = new URLSearchParams();
  if (parsed && typeof parsed === 'object') {
    for (const [key, value] of Object.entries(parsed)) {
      for (const item of Array.isArray(value) ? value : [value])
        if (item !== null && item !== undefined) params.append(key, String(item));
    }
  }
  return params;
}

export function bearer(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1] ?? null;
}

export function basicAuth(req: IncomingMessage): { id: string; secret: string } | null {
  const match = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
}

export function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
