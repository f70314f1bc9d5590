import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_HEARTBEAT_MS, LIVE_TIMEOUT_MS, startLiveChannel, type LiveStatus } from '@/lib/live/live-channel';

/** A WebSocket that opens, answers and closes when the test says. */
class FakeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  sent: string[] = [];
  closed = false;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
}

let sockets: FakeSocket[];
let statuses: LiveStatus[];
let stop: () => void;
const onReconnect = vi.fn();
const onEvent = vi.fn();

beforeEach(async () => {
  // The client loads the events' schema when it connects; loaded here first, the timings below are the channel's own.
  await import('@shared/schemas/live');
  vi.useFakeTimers();
  sockets = [];
  statuses = [];
  onReconnect.mockReset();
  onEvent.mockReset();
  stop = startLiveChannel({
    url: async () => 'ws://host/live?token=t',
    onEvent,
    onStatus: (status) => statuses.push(status),
    onReconnect,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  });
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

/** When each new attempt starts, in ms after the previous one failed. */
async function delaysUntilNextAttempt(): Promise<number> {
  const before = sockets.length;
  let waited = 0;
  while (sockets.length === before) {
    await vi.advanceTimersByTimeAsync(100);
    waited += 100;
  }
  return waited;
}

describe('the realtime channel client', () => {
  it('waits 1, 2, 5, then every 10 s between failed attempts', async () => {
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
    const waits: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      sockets.at(-1)!.onclose!();
      waits.push(await delaysUntilNextAttempt());
    }
    expect(waits).toEqual([1_000, 2_000, 5_000, 10_000, 10_000]);
  });

  it('starts the back-off over once open, and catches up after a reconnect', async () => {
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.onclose!();
    expect(await delaysUntilNextAttempt()).toBe(1_000);
    sockets[1]!.onclose!();
    expect(await delaysUntilNextAttempt()).toBe(2_000);
    sockets[2]!.onopen!();
    expect(statuses.at(-1)).toBe('open');
    expect(onReconnect).not.toHaveBeenCalled(); // the first open has missed nothing
    sockets[2]!.onclose!();
    expect(statuses.at(-1)).toBe('down');
    expect(await delaysUntilNextAttempt()).toBe(1_000);
    sockets[3]!.onopen!();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('gives up on a handshake that takes longer than the timeout', async () => {
    await vi.advanceTimersByTimeAsync(LIVE_TIMEOUT_MS - 100);
    expect(sockets[0]!.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(sockets[0]!.closed).toBe(true);
    expect(statuses.at(-1)).toBe('down');
  });

  it('sends a heartbeat every 25 s and drops the channel when it goes unanswered', async () => {
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.onopen!();
    await vi.advanceTimersByTimeAsync(LIVE_HEARTBEAT_MS);
    expect(sockets[0]!.sent).toEqual([JSON.stringify({ action: 'ping' })]);
    sockets[0]!.onmessage!({ data: 'pong' });
    await vi.advanceTimersByTimeAsync(LIVE_TIMEOUT_MS);
    expect(sockets[0]!.closed).toBe(false);

    // The next heartbeat, then its timeout with no answer.
    await vi.advanceTimersByTimeAsync(LIVE_HEARTBEAT_MS - LIVE_TIMEOUT_MS);
    expect(sockets[0]!.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(LIVE_TIMEOUT_MS);
    expect(sockets[0]!.closed).toBe(true);
    expect(statuses.at(-1)).toBe('down');
  });

  it('hands on the events it receives', async () => {
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.onopen!();
    sockets[0]!.onmessage!({ data: JSON.stringify({ type: 'message', keys: ['ben'] }) });
    sockets[0]!.onmessage!({ data: 'not json' });
    expect(onEvent).toHaveBeenCalledExactlyOnceWith({ type: 'message', keys: ['ben'] });
  });

  it('hands on a message that comes with its event, and drops an event whose message is not one', async () => {
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.onopen!();
    const message = { id: '01J', fromMe: false, text: 'On my way', sentAt: '2026-11-29T08:00:00.000Z' };
    sockets[0]!.onmessage!({ data: JSON.stringify({ type: 'message', keys: ['ben'], message: { id: '01J' } }) });
    sockets[0]!.onmessage!({ data: JSON.stringify({ type: 'message', keys: ['ben'], message }) });
    expect(onEvent).toHaveBeenCalledExactlyOnceWith({ type: 'message', keys: ['ben'], message });
  });
});
