import { useEffect, useRef, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { useAuth } from '@/lib/auth';

/** Spec core-app §9: demo starts after a 1 s pause. */
export const DEMO_START_DELAY_MS = 1000;

export function DemoModeButton({ onStarted }: { onStarted: () => void }) {
  const { startDemo } = useAuth();
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const handleClick = () => {
    setPending(true);
    timer.current = setTimeout(() => {
      startDemo();
      onStarted();
    }, DEMO_START_DELAY_MS);
  };

  return (
    <button type="button" onClick={handleClick} disabled={pending} className={`${buttonStyles.accent} w-full`}>
      {pending ? 'Starting demo...' : 'Start Demo Mode'}
    </button>
  );
}
