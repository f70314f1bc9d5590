import { useEffect, useRef, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';

/** How long a button reads 'Copied' before it offers to copy again. */
export const COPIED_FEEDBACK_MS = 2000;

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies one value. The button reads 'Copy' then 'Copied' (its accessible name starts with those words and says what it copies, e.g.
 * 'Copy ingest URL'), and a polite live region says what happened, so screen readers hear it too.
 */
export function CopyButton({ value, label, className = '' }: { value: string; label: string; className?: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), COPIED_FEEDBACK_MS);
    } catch {
      setState('failed');
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={`${state === 'copied' ? 'Copied' : 'Copy'} ${label}`}
        className={`${buttonStyles.secondary} shrink-0 px-3 py-1.5 ${className}`}
      >
        {state === 'copied' ? '✓ Copied' : 'Copy'}
      </button>
      <span aria-live="polite" className="sr-only">
        {state === 'copied'
          ? `${label} copied`
          : state === 'failed'
            ? `Could not copy the ${label}: select the text and copy it yourself.`
            : ''}
      </span>
    </>
  );
}

/** A value to paste somewhere, shown in full (it wraps at 390 px) with its copy button. */
export function CopyableValue({ value, label }: { value: string; label: string }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <code className="min-w-0 flex-1 break-all rounded bg-slate-100 px-2 py-1 font-mono text-xs text-slate-900">
        {value}
      </code>
      <CopyButton value={value} label={label} />
    </span>
  );
}
