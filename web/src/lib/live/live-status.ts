import { useSyncExternalStore } from 'react';
import type { LiveStatus } from './live-channel';

/** The tab's one channel's status, for the screens that poll only while it is not open. */
let status: LiveStatus = 'down';
const listeners = new Set<() => void>();

export function setLiveStatus(next: LiveStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether this tab's realtime channel is open now. */
export function useLiveOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => status === 'open',
    () => false,
  );
}

/** `ms` while the channel is not open (polling stands in for it, quietly), else no polling. */
export function useFallbackPoll(ms: number): number | false {
  return useLiveOpen() ? false : ms;
}
