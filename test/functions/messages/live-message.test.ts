// own module registry: it points LIVE_ENDPOINT at a management endpoint of its own, and the publisher keeps one client per process.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as postMessage } from '../../../functions/handlers/messages/post-message';
import { saveLiveConnection } from '../../../functions/repositories/live-connections';
import { LiveEvent } from '../../../functions/shared/schemas/live';
import { SendMessageResponse } from '../../../functions/shared/schemas/messages';
import { call, partnerPair } from '../partners/helpers';

/** What the management API was asked to post, by connection id. */
const posted = new Map<string, unknown[]>();
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = decodeURIComponent(/\/@connections\/([^/]+)$/.exec(req.url ?? '')?.[1] ?? '');
      posted.set(id, [...(posted.get(id) ?? []), JSON.parse(Buffer.concat(chunks).toString('utf8'))]);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.LIVE_ENDPOINT = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  delete process.env.LIVE_ENDPOINT;
  await new Promise((resolve) => server.close(resolve));
});

describe('a sent message on the realtime channel', () => {
  it("reaches both people's open tabs, each as that person's own reading of the conversation shows it", async () => {
    const [ana, ben] = await partnerPair();
    await saveLiveConnection(ana, `${ana}-tab`, new Date());
    await saveLiveConnection(ben, `${ben}-tab`, new Date());

    const answer = await call(postMessage, 'post-conversation-message', ana, {
      pathParameters: { userId: ben },
      body: { text: 'Lynn Canyon on Saturday?' },
    });
    expect(answer.status).toBe(201);
    const { message } = SendMessageResponse.parse(answer.json);

    const [toBen] = (posted.get(`${ben}-tab`) ?? []).map((frame) => LiveEvent.parse(frame));
    expect(toBen).toEqual({ type: 'message', keys: [ana], message: { ...message, fromMe: false } });
    const [toAna] = (posted.get(`${ana}-tab`) ?? []).map((frame) => LiveEvent.parse(frame));
    expect(toAna).toEqual({ type: 'message', keys: [ben], message });
  });
});
