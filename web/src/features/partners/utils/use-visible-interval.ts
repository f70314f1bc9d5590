import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Calls `tick` every `intervalMs` while the tab is visible: paused while hidden, once more as soon as it
 * shows again, stopped when the component unmounts (a conversation closing).
 */
export function useVisibleInterval(tick: () => void, intervalMs: number): void {
  const latest = useRef(tick);
  useLayoutEffect(() => {
    latest.current = tick;
  });

  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | null = null;
    const start = () => {
      if (timer === null) timer = setInterval(() => latest.current(), intervalMs);
    };
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        latest.current();
        start();
      } else {
        stop();
      }
    };
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [intervalMs]);
}
