import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { useToast } from '@/components/toast';
import { useApiClient } from '@/lib/api-client-context';
import { actionMessage, blockedToast } from '../utils/partner-format';

/** Block with a confirmation step: blocking hides both members from each other and ends any partnership. */
export function BlockButton({
  userId,
  displayName,
  onBlocked,
}: {
  userId: string;
  displayName: string;
  onBlocked: () => void;
}) {
  const api = useApiClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  const block = async () => {
    setPending(true);
    try {
      await api.blockMember(userId);
      toast.success(blockedToast(displayName));
      onBlocked();
    } catch (error) {
      toast.error(actionMessage(error));
      setPending(false);
    }
  };

  if (!confirming) {
    return (
      <button
        type="button"
        className={`${buttonStyles.ghost} text-red-700 hover:bg-red-50`}
        onClick={() => setConfirming(true)}
      >
        Block
      </button>
    );
  }
  return (
    <div
      role="group"
      aria-label={`Block ${displayName}?`}
      className="flex flex-wrap items-center gap-2 rounded-lg border border-red-200 bg-red-50 p-3"
    >
      <p className="text-sm text-red-900">
        {displayName} will be blocked. Neither of you will find the other, requests and messages stop, and they are not
        told.
      </p>
      <button
        type="button"
        className={`${buttonStyles.primary} bg-red-700 hover:bg-red-800`}
        onClick={block}
        disabled={pending}
      >
        {pending ? 'Blocking...' : 'Yes, block'}
      </button>
      <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(false)} disabled={pending}>
        Cancel
      </button>
    </div>
  );
}
