import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { leaveAppFor } from '@/lib/navigation';

interface ReconnectButtonProps {
  /** The provider's name as the user knows it ('Strava', 'Google Health'). */
  providerName: string;
  /** Who the browser is sent to ('Strava', 'Google'). */
  destination: string;
  /** A fresh authorize URL (a new signed state) from the API. */
  authorizeUrl: (client: ApiClient) => Promise<{ url: string }>;
  primary?: boolean;
}

/** Starts a provider's consent again from a callback screen, so a missing permission can be granted. */
export function ReconnectButton({ providerName, destination, authorizeUrl, primary = true }: ReconnectButtonProps) {
  const client = useApiClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reconnect = async () => {
    setError(null);
    setBusy(true);
    try {
      leaveAppFor((await authorizeUrl(client)).url);
    } catch (cause) {
      setError(userMessage(cause));
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={primary ? buttonStyles.primary : buttonStyles.secondary}
        onClick={() => void reconnect()}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? `Opening ${destination}...` : `Reconnect ${providerName}`}
      </button>
      {error && (
        <p role="status" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
