import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Fault } from './faults';
import { drain, sendJson, type Outcome } from './http';

/** One request as the kit hands it to a simulator. */
export interface SimRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  req: IncomingMessage;
  res: ServerResponse;
}

/** What a simulator plugs into the kit. */
export interface SimulatorSpec<Routed extends Outcome> {
  port?: number;
  host?: string;
  /** JSON charset as the imitated service spells it. */
  charset?: string;
  /** The fault scripted for the next request to `path`, if any (consumes one); `req` tells whom it is for. */
  takeFault(path: string, req: IncomingMessage): Fault | undefined;
  /** The body of a scripted status fault that brings none (the service's own 429 / 5xx shape). */
  faultBody(status: number): unknown;
  /** Logs a request; `routed` is what the route answered (it may name the account it was for). */
  record(method: string, path: string, status: number, routed?: Routed): void;
  /** The service's routes: the JSON outcome to send, or null when the route answered itself (HTML, redirects). */
  route(request: SimRequest): Promise<Routed | null>;
  /** The control plane under /__simulator/ (tests in another process steer a running simulator through it). */
  control(request: SimRequest, reply: (status: number, payload: unknown) => void): Promise<void>;
}

export interface RunningSimulator {
  /** Base URL, e.g. http://127.0.0.1:4100. */
  url: string;
  stop(): Promise<void>;
}

export const CONTROL_PREFIX = '/__simulator/';

/**
 * The HTTP server every provider simulator runs on: the control plane, scripted faults (a status, no answer, a late
 * answer), the service's routes, and the request log, in that order.
 */
export async function startSimulatorServer<Routed extends Outcome>(
  spec: SimulatorSpec<Routed>,
): Promise<RunningSimulator> {
  const timers = new Set<NodeJS.Timeout>();
  const send = (res: ServerResponse, outcome: Outcome) => sendJson(res, outcome, spec.charset);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://simulator.invalid');
    const request: SimRequest = { method, path: url.pathname, query: url.searchParams, req, res };
    const path = request.path;

    if (path.startsWith(CONTROL_PREFIX)) {
      await spec.control(request, (status, payload) => send(res, { status, body: payload }));
      return;
    }

    const fault = spec.takeFault(path, req);
    if (fault && 'timeout' in fault) {
      if (fault.delayMs === undefined) {
        spec.record(method, path, 0);
        return; // Hold the connection open without answering: the caller's timeout must fire.
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, fault.delayMs);
        timers.add(timer);
      });
    } else if (fault) {
      await drain(req);
      const headers: Record<string, string> = {};
      if (fault.retryAfterSeconds !== undefined) headers['Retry-After'] = String(fault.retryAfterSeconds);
      spec.record(method, path, fault.status);
      send(res, { status: fault.status, body: fault.body ?? spec.faultBody(fault.status), headers });
      return;
    }

    const outcome = await spec.route(request);
    if (outcome) {
      spec.record(method, path, outcome.status, outcome);
      send(res, outcome);
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        send(res, { status: 500, body: { message: String(error instanceof Error ? error.message : error) } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(spec.port ?? 0, spec.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A redirect answered by the route itself (logged as 302). */
export function redirect(res: ServerResponse, location: string, log: () => void): null {
  log();
  res.writeHead(302, { Location: location, 'Cache-Control': 'no-store' });
  res.end();
  return null;
}
