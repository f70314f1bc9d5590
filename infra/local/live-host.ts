import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WebSocketServer, type WebSocket } from 'ws';
import { LIVE_ROUTES, LIVE_TOKEN_PARAMETER, type LiveRouteKey } from '../../functions/shared/live-routes';
import { lambdaContext } from './api-gateway-event';
import type { AuthorizerResult } from './jwt-authorizer';

/** Where tabs open the channel on the local host (same origin as the SPA and /api). */
export const LOCAL_LIVE_PATH = '/live';
/** The management API's path, as on an API Gateway stage: `POST /@connections/{connectionId}`. */
const CONNECTIONS_PATH = /^\/@connections\/([^/]+)$/;
/** API Gateway's largest WebSocket message (128 KB, in frames of 32 KB; checked 2026-11-29, API Gateway quotas for WebSocket APIs). */
const MAX_FRAME_BYTES = 128 * 1024;

type LiveHandler = (event: unknown, context: unknown) => Promise<{ statusCode?: number; body?: string } | undefined>;

export interface LocalLiveHost {
  /** Serves `POST /@connections/{id}` (the endpoint functions push through); false when the request is not one. */
  handleManagement(req: IncomingMessage, res: ServerResponse, body: Buffer): boolean;
  stop(): void;
}

/**
 * The WebSocket API, locally, on the API host's own server: the upgrade at /live runs the same JWT check as the HTTP
 * routes (the token in `?token=`, as the $connect authorizer reads it on AWS), then the same $connect / $disconnect /
 * ping handlers with WebSocket-shaped events, and `POST /@connections/{id}` answers like the management API (410
 * GoneException for a closed connection).
 */
export function attachLiveHost(options: {
  server: Server;
  rootDir: string;
  authorize: (authorization: string | undefined) => Promise<AuthorizerResult>;
  log?: (line: string) => void;
}): LocalLiveHost {
  const log = options.log ?? (() => undefined);
  const sockets = new Map<string, WebSocket>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const loaded = new Map<LiveRouteKey, Promise<LiveHandler>>();
  const handlerOf = (route: LiveRouteKey) => {
    let handler = loaded.get(route);
    if (!handler) {
      handler = import(pathToFileURL(resolve(options.rootDir, LIVE_ROUTES[route])).href).then(
        (module: { handler: LiveHandler }) => module.handler,
      );
      loaded.set(route, handler);
    }
    return handler;
  };
  const invoke = async (route: LiveRouteKey, connectionId: string, extra: Record<string, unknown> = {}) => {
    const handler = await handlerOf(route);
    const eventType = route === '$connect' ? 'CONNECT' : route === '$disconnect' ? 'DISCONNECT' : 'MESSAGE';
    return handler(
      {
        requestContext: { routeKey: route, eventType, connectionId, stage: 'local', ...extra },
        isBase64Encoded: false,
      },
      lambdaContext(`live-${route}`),
    );
  };

  const refuse = (socket: Duplex, status: number, text: string) => {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== LOCAL_LIVE_PATH) return refuse(socket, 404, 'Not Found');
    void (async () => {
      const token = url.searchParams.get(LIVE_TOKEN_PARAMETER);
      const verdict = await options.authorize(token ? `Bearer ${token}` : undefined);
      if (!verdict.ok) return refuse(socket, 401, 'Unauthorized');
      const connectionId = randomBytes(12).toString('base64url');
      const answer = await invoke('$connect', connectionId, { authorizer: { userId: verdict.claims.sub } });
      if ((answer?.statusCode ?? 200) !== 200) return refuse(socket, 403, 'Forbidden');
      wss.handleUpgrade(req, socket, head, (ws) => {
        sockets.set(connectionId, ws);
        ws.on('message', (data) => void onMessage(connectionId, ws, String(data)));
        ws.on('close', () => {
          sockets.delete(connectionId);
          void invoke('$disconnect', connectionId).catch((error: unknown) =>
            log(`[live] $disconnect: ${String(error)}`),
          );
        });
      });
    })().catch((error: unknown) => {
      log(`[live] $connect failed: ${error instanceof Error ? error.message : String(error)}`);
      refuse(socket, 500, 'Internal Server Error');
    });
  };

  const onMessage = async (connectionId: string, ws: WebSocket, text: string) => {
    let action: unknown;
    try {
      action = (JSON.parse(text) as { action?: unknown }).action;
    } catch {
      action = undefined;
    }
    // Like the API without a $default route: a frame no route selects gets no answer.
    if (action !== 'ping') return;
    const answer = await invoke('ping', connectionId, { body: text });
    if (answer?.body && ws.readyState === ws.OPEN) ws.send(answer.body);
  };

  options.server.on('upgrade', onUpgrade);

  return {
    handleManagement(req, res, body) {
      const id = CONNECTIONS_PATH.exec(new URL(req.url ?? '/', 'http://localhost').pathname)?.[1];
      if (!id || req.method !== 'POST') return false;
      const ws = sockets.get(decodeURIComponent(id));
      if (!ws || ws.readyState !== ws.OPEN) {
        res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
        res.end(JSON.stringify({ message: 'Gone' }));
        return true;
      }
      ws.send(body.toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
      return true;
    },
    stop() {
      options.server.off('upgrade', onUpgrade);
      for (const ws of sockets.values()) ws.terminate();
      wss.close();
    },
  };
}
