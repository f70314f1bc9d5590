import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ConnectionStatus } from '@shared/schemas/partners';
import { buttonStyles } from '@/components/ui/button-styles';
import { useToast } from '@/components/toast';
import { useApiClient } from '@/lib/api-client-context';
import { actionMessage, connectToast, conversationPath } from '../utils/partner-format';

interface ConnectionActionsProps {
  userId: string;
  displayName: string;
  connection: ConnectionStatus;
  onChange?: (connection: ConnectionStatus) => void;
}

/** Connect, Accept, 'Request sent' or Message: what the caller can do next with this member. */
export function ConnectionActions({ userId, displayName, connection: initial, onChange }: ConnectionActionsProps) {
  const api = useApiClient();
  const toast = useToast();
  const [connection, setConnection] = useState(initial);
  const [pending, setPending] = useState(false);

  const run = async (
    call: () => Promise<{ connection: ConnectionStatus }>,
    success: (next: ConnectionStatus) => string,
  ) => {
    setPending(true);
    try {
      const { connection: next } = await call();
      setConnection(next);
      onChange?.(next);
      toast.success(success(next));
    } catch (error) {
      toast.error(actionMessage(error));
    } finally {
      setPending(false);
    }
  };

  if (connection === 'partners') {
    return (
      <Link to={conversationPath(userId)} className={buttonStyles.primary}>
        Message
      </Link>
    );
  }
  if (connection === 'outgoing') {
    return (
      <button type="button" className={buttonStyles.secondary} disabled>
        Request sent
      </button>
    );
  }
  if (connection === 'incoming') {
    return (
      <button
        type="button"
        className={buttonStyles.primary}
        disabled={pending}
        aria-label={`Accept request from ${displayName}`}
        onClick={() =>
          run(
            () => api.acceptPartner(userId),
            () => `You and ${displayName} are now partners.`,
          )
        }
      >
        {pending ? 'Accepting...' : 'Accept request'}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={buttonStyles.primary}
      disabled={pending}
      aria-label={`Connect with ${displayName}`}
      onClick={() =>
        run(
          () => api.connectPartner(userId),
          (next) => (next === 'partners' ? `You and ${displayName} are now partners.` : connectToast(displayName)),
        )
      }
    >
      {pending ? 'Connecting...' : 'Connect'}
    </button>
  );
}
