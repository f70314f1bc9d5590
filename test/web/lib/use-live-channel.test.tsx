import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '@shared/schemas/runtime-config';
import { useAuth } from '@/lib/auth';
import { writeDemoFlag } from '@/lib/auth/demo-mode';
import { useLiveChannel } from '@/lib/live/use-live-channel';
import { createFakeAuthService, SIGNED_IN_USER, TEST_CONFIG, TestProviders } from '../test-utils';

/** The browser's WebSocket, as far as the channel uses it: records every socket, which opens at once and answers heartbeats. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
    queueMicrotask(() => this.onopen?.());
  }
  send() {
    queueMicrotask(() => this.onmessage?.({ data: 'pong' }));
  }
  close() {}
}

const WITH_CHANNEL: RuntimeConfig = { ...TEST_CONFIG, liveUrl: 'ws://localhost:3001/live' };

function renderChannel(service = createFakeAuthService(SIGNED_IN_USER), config = WITH_CHANNEL) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders service={service} config={config}>
      {children}
    </TestProviders>
  );
  return renderHook(
    () => {
      useLiveChannel();
      return useAuth();
    },
    { wrapper },
  );
}

/** Longer than the whole reconnect back-off (1, 2, 5, 10 s), so a retrying channel would have tried several times. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(60_000));

beforeEach(async () => {
  // Loaded first so that the channel's lazy import of the events' schema does not race the fake clock.
  await import('@shared/schemas/live');
  FakeSocket.opened = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the realtime channel hook', () => {
  it('opens the channel with the signed-in person’s token', async () => {
    renderChannel();
    await settle();
    expect(FakeSocket.opened.map((socket) => socket.url)).toEqual(['ws://localhost:3001/live?token=id-token']);
  });

  it('in demo mode (no token) opens nothing and schedules no retries', async () => {
    writeDemoFlag(true);
    const { result } = renderChannel(createFakeAuthService(null));
    await settle();
    expect(result.current.isDemo).toBe(true);
    expect(FakeSocket.opened).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('on a deployment with no channel opens nothing and schedules no retries', async () => {
    renderChannel(createFakeAuthService(SIGNED_IN_USER), TEST_CONFIG);
    await settle();
    expect(FakeSocket.opened).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts once a token appears: the demo ends on a tab that has a session', async () => {
    writeDemoFlag(true);
    const { result } = renderChannel();
    await settle();
    expect(FakeSocket.opened).toEqual([]);

    await act(() => result.current.signOut());
    await settle();
    expect(result.current.isDemo).toBe(false);
    expect(FakeSocket.opened.map((socket) => socket.url)).toEqual(['ws://localhost:3001/live?token=id-token']);
  });
});
