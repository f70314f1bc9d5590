import { useState } from 'react';
import type { MemberSummary } from '@shared/schemas/partners';
import { buttonStyles } from '@/components/ui/button-styles';
import { useToast } from '@/components/toast';
import { useApiClient } from '@/lib/api-client-context';
import { actionMessage, unblockedToast } from '../utils/partner-format';

/** The members the caller blocked, each with Unblock; hidden when there are none. */
export function BlockedMembers({
  blocked,
  onUnblocked,
}: {
  blocked: readonly MemberSummary[];
  onUnblocked: () => void;
}) {
  const api = useApiClient();
  const toast = useToast();
  const [pending, setPending] = useState<string | null>(null);
  if (blocked.length === 0) return null;

  const unblock = async (member: MemberSummary) => {
    setPending(member.userId);
    try {
      await api.unblockMember(member.userId);
      toast.success(unblockedToast(member.displayName));
      onUnblocked();
    } catch (error) {
      toast.error(actionMessage(error));
    } finally {
      setPending(null);
    }
  };

  return (
    <section aria-labelledby="blocked-members" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="blocked-members" className="text-lg font-semibold text-slate-900">
        Blocked members
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        You and they cannot find, request or message each other. They are not told.
      </p>
      <ul className="mt-3 divide-y divide-slate-100">
        {blocked.map((member) => (
          <li key={member.userId} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="font-medium text-slate-800">{member.displayName}</span>
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={pending !== null}
              onClick={() => unblock(member)}
              aria-label={`Unblock ${member.displayName}`}
            >
              {pending === member.userId ? 'Unblocking...' : 'Unblock'}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
