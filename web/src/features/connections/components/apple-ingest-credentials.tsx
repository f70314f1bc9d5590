import { useId } from 'react';
import type { AppleIngestTokenResponse } from '@shared/schemas/apple';
import { buttonStyles } from '@/components/ui/button-styles';
import { CopyButton } from './copy-button';

export type AppleIngestCredentials = Pick<AppleIngestTokenResponse, 'token' | 'ingestUrl' | 'shortcutUrl'>;

/** The Authorization header value the Shortcut or Health Auto Export sends with every post. */
export const authorizationValue = (token: string) => `Bearer ${token}`;

/** The ingest token, shown once, with where the Shortcut sends data (and, if one is published, where it is installed from). */
export function AppleIngestCredentialsPanel({
  credentials,
  onDismiss,
}: {
  credentials: AppleIngestCredentials;
  onDismiss?(): void;
}) {
  return (
    <div className="mt-4 space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">
        Copy your ingest token into the TrailBuddy Shortcut now. It is shown only this once; issuing a new token stops
        this one from working.
      </p>
      <CopyField label="Ingest token" value={credentials.token} monospace />
      <CopyField label="Ingest URL" value={credentials.ingestUrl} />
      <CopyField label="Authorization header" value={authorizationValue(credentials.token)} monospace />
      {(credentials.shortcutUrl || onDismiss) && (
        <div className="flex flex-wrap gap-3">
          {credentials.shortcutUrl && (
            <a href={credentials.shortcutUrl} target="_blank" rel="noreferrer" className={buttonStyles.primary}>
              Install the TrailBuddy Shortcut
            </a>
          )}
          {onDismiss && (
            <button type="button" onClick={onDismiss} className={buttonStyles.secondary}>
              I've saved my token
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function CopyField({ label, value, monospace = false }: { label: string; value: string; monospace?: boolean }) {
  const id = useId();
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
        <CopyButton value={value} label={label.toLowerCase()} />
      </div>
    </div>
  );
}
