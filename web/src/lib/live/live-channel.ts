import type { LiveEvent } from '@shared/schemas/live';

/** The realtime client's constants (docs/spec/core-app.md: timeout 10 s, heartbeat 25 s, reconnect back-off 1, 2, 5, 10 s). */
export const LIVE_TIMEOUT_MS = 10_000;
export const LIVE_HEARTBEAT_MS = 25_000;
export const LIVE_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

export type LiveStatus = 'connecting' | 'open' | 'down';

export interface LiveChannelOptions {
  /**
   * The channel's URL with the token, or null when there is nothing to open (no token, or no channel on this
   * deployment): then the channel stops for good, with no retry. A rejection is a failed attempt, tried again later.
   */
  url: () => Promise<string | null>;
  onEvent: (event: LiveEvent) => void;
  onStatus: (status: LiveStatus) => void;
  /** Open again after a drop: whatever was missed meanwhile must be read again. */
  onReconnect: () => void;
  createSocket?: (url: string) => WebSocket;
}

/**
 * The events' schema brings zod and the message schemas with it: it loads once there is a channel to open (signed in,
 * with a token), so the demo's first paint never waits for it.
 */
async function loadEventReader(): Promise<(text: string) => LiveEvent | null> {
  const { LiveEvent } = await import('@shared/schemas/live');
  return (text) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return null;
    }
    const event = LiveEvent.safeParse(value);
    return event.success ? event.data : null;
  };
}

/**
 * Keeps one WebSocket open: a handshake that takes over 10 s, or a heartbeat unanswered for 10 s, counts as a drop;
 * after a drop it waits 1, 2, 5, then every 10 s before trying again, and starts the sequence over once open.
 * Returns how to stop.
 */
export function startLiveChannel(options: LiveChannelOptions): () => void {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  let stopped = false;
  let failures = 0;
  let everOpen = false;
  let socket: WebSocket | null = null;
  let timers: ReturnType<typeof setTimeout>[] = [];
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  const clearTimers = () => {
    for (const timer of timers) clearTimeout(timer);
    timers = [];
    clearInterval(heartbeat);
  };
  const later = (run: () => void, ms: number) => timers.push(setTimeout(run, ms));

  const drop = () => {
    if (stopped) return;
    clearTimers();
    const closing = socket;
    socket = null;
    if (closing) {
      closing.onopen = closing.onmessage = closing.onclose = closing.onerror = null;
      closing.close();
    }
    options.onStatus('down');
    const delay = LIVE_RECONNECT_DELAYS_MS[Math.min(failures, LIVE_RECONNECT_DELAYS_MS.length - 1)]!;
    failures++;
    later(() => void connect(), delay);
  };

  const connect = async () => {
    if (stopped) return;
    options.onStatus('connecting');
    let url: string | null;
    try {
      url = await options.url();
    } catch {
      return drop();
    }
    if (stopped) return;
    // Nothing to open: waiting would not change that (whoever started the channel starts it again once there is).
    if (url === null) return options.onStatus('down');
    const readEvent = await loadEventReader().catch(() => null);
    if (stopped) return;
    if (!readEvent) return drop();
    const ws = createSocket(url);
    socket = ws;
    later(drop, LIVE_TIMEOUT_MS);
    ws.onopen = () => {
      clearTimers();
      failures = 0;
      options.onStatus('open');
      if (everOpen) options.onReconnect();
      everOpen = true;
      heartbeat = setInterval(() => {
        ws.send(JSON.stringify({ action: 'ping' }));
        later(drop, LIVE_TIMEOUT_MS);
      }, LIVE_HEARTBEAT_MS);
    };
    ws.onmessage = (message: MessageEvent) => {
      const text = String(message.data);
      if (text === 'pong') {
        for (const timer of timers) clearTimeout(timer);
        timers = [];
        return;
      }
      const event = readEvent(text);
      if (event) options.onEvent(event);
    };
    ws.onclose = ws.onerror = () => drop();
  };

  void connect();
  return () => {
    stopped = true;
    clearTimers();
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      socket.close();
    }
  };
}
