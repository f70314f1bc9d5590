// own module registry: it sets LIVE_ENDPOINT for its own host; in the shared registry of a full run its events never arrived (CI, 29 Nov), alone they do.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { liveConnectionsOf } from '../../functions/repositories/live-connections';
import { publishLiveEvent, configuredLiveSender } from '../../functions/usecases/live-events';
import { attachLiveHost, type LocalLiveHost } from '../../infra/local/live-host';

const ROOT = join(import.meta.dirname, '../..');
/** Stands in for the JWT check: `good-<sub>` is a valid token of <sub>, anything else is refused. */
const authorize = async (authorization: string | undefined) => {
  const sub = /^Bearer good-(.+)$/.exec(authorization ?? '')?.[1];
  return sub ? ({ ok: true, claims: { sub } } as const) : ({ ok: false } as const);
};

let server: Server;
let live: LocalLiveHost;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (!live.handleManagement(req, res, Buffer.concat(chunks))) res.writeHead(404).end();
    });
  });
  live = attachLiveHost({ server, rootDir: ROOT, authorize });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  process.env.LIVE_ENDPOINT = `http://${base}`;
});
afterAll(async () => {
  delete process.env.LIVE_ENDPOINT;
  live.stop();
  await new Promise((resolve) => server.close(resolve));
});

/** Opens a channel; resolves with the socket and the frames it receives, or rejects with the handshake's status. */
function open(token: string): Promise<{ ws: WebSocket; frames: string[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${base}/live?token=${encodeURIComponent(token)}`);
    const frames: string[] = [];
    ws.on('message', (data) => frames.push(String(data)));
    ws.once('open', () => resolve({ ws, frames }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Waits for a frame; generous, since a busy CI machine delays the host's answer by seconds. */
const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 15_000, interval: 20 });

describe('the local realtime channel', () => {
  it('refuses a handshake without a valid token (401) and records no channel', async () => {
    await expect(open('forged')).rejects.toThrow('refused 401');
    await expect(open('')).rejects.toThrow('refused 401');
  });

  it('records the channel on $connect and delivers an event published through the management API', async () => {
    const ana = randomUUID();
    const { ws, frames } = await open(`good-${ana}`);
    expect(await liveConnectionsOf(ana, new Date())).toHaveLength(1);

    await publishLiveEvent([ana], { type: 'message', keys: ['ben'] }, new Date(), configuredLiveSender());

    await until(() => frames.length === 1);
    expect(JSON.parse(frames[0]!)).toEqual({ type: 'message', keys: ['ben'] });
    ws.close();
  });

  it('answers the heartbeat', async () => {
    const { ws, frames } = await open(`good-${randomUUID()}`);
    ws.send(JSON.stringify({ action: 'ping' }));
    await until(() => frames.includes('pong'));
    ws.close();
  });

  it('answers 410 GoneException for a closed channel, which the SDK sender reports as gone', async () => {
    const ana = randomUUID();
    const { ws } = await open(`good-${ana}`);
    const [connectionId] = await liveConnectionsOf(ana, new Date());
    ws.close();
    await until(() => ws.readyState === ws.CLOSED);

    const answer = await fetch(`http://${base}/@connections/${connectionId}`, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(410);
    expect(await configuredLiveSender()!(connectionId!, '{}')).toBe('gone');
  });
});
