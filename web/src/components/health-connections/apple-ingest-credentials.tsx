import { useId, useState } from 'react';
import type { AppleIngestTokenResponse } from '@shared/schemas/apple';
import { buttonStyles } from '@/components/ui/button-styles';

export type AppleIngestCredentials = Pick<AppleIngestTokenResponse, 'token' | 'ingestUrl' | 'shortcutUrl'>;

/** The ingest token, shown once, with where the Shortcut sends data and where it is installed from. */
export function AppleIngestCredentialsPanel({ credentials, onDismiss }: { credentials: AppleIngestCredentials; onDismiss?(): void }) {
  return (
    <div className="mt-4 space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">
        Copy your ingest token into the TrailBuddy Shortcut now. It is shown only this once; issuing a new token stops this one from working.
      </p>
      <CopyField label="Ingest token" value={credentials.token} monospace />
      <CopyField label="Ingest URL" value={credentials.ingestUrl} />
      <CopyField label="Shortcut URL" value={credentials.shortcutUrl} />
      <div className="flex flex-wrap gap-3">
        <a href={credentials.shortcutUrl} target="_blank" rel="noreferrer" className={buttonStyles.primary}>
          Open the Shortcut
        </a>
        {onDismiss && (
          <button type="button" onClick={onDismiss} className={buttonStyles.secondary}>
            I've saved my token
          </button>
        )}
      </div>
    </div>
  );
}

function CopyField({ label, value, monospace = false }: { label: string; value: string; monospace?: boolean }) {
  const id = useId();
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className={`min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 ${monospace ? 'font-mono' : ''}`}
        />
        <button type="button" onClick={copy} className={buttonStyles.secondary} aria-label={`Copy ${label.toLowerCase()}`}>
          Copy
        </button>
      </div>
      <p aria-live="polite" className="min-h-4 text-xs text-slate-600">
        {copied === 'copied' ? `${label} copied` : copied === 'failed' ? 'Could not copy: select the text and copy it yourself.' : ''}
      </p>
    </div>
  );
}
