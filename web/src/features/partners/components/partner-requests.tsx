import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { MemberSummary } from '@shared/schemas/partners';
import { buttonStyles } from '@/components/ui/button-styles';
import { useToast } from '@/components/toast';
import { useApiClient } from '@/lib/api-client-context';
import { actionMessage, memberPath } from '../utils/partner-format';

/** Incoming partner requests with Accept and Decline; hidden when there are none. */
export function PartnerRequests({
  requests,
  onAnswered,
}: {
  requests: readonly MemberSummary[];
  onAnswered: () => void;
}) {
  const api = useApiClient();
  const toast = useToast();
  const [pending, setPending] = useState<string | null>(null);
  if (requests.length === 0) return null;

  const answer = async (request: MemberSummary, accept: boolean) => {
    setPending(request.userId);
    try {
      await (accept ? api.acceptPartner(request.userId) : api.declinePartner(request.userId));
      toast.success(
        accept ? `You and ${request.displayName} are now partners.` : `You declined ${request.displayName}'s request.`,
      );
      onAnswered();
    } catch (error) {
      toast.error(actionMessage(error));
    } finally {
      setPending(null);
    }
  };

  return (
    <section aria-labelledby="partner-requests" className="rounded-2xl border border-accent-100 bg-accent-50 p-5">
      <h2 id="partner-requests" className="text-lg font-semibold text-slate-900">
        Partner requests
      </h2>
      <ul className="mt-3 divide-y divide-accent-100">
        {requests.map((request) => (
          <li key={request.userId} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <p className="text-slate-800">
              <Link
                to={memberPath(request.userId)}
                className="font-semibold text-brand-800 underline-offset-2 hover:underline"
              >
                {request.displayName}
              </Link>{' '}
              wants to be your activity partner.
            </p>
            <div className="flex gap-2">
              <button
                type="button"
                className={buttonStyles.primary}
                disabled={pending !== null}
                onClick={() => answer(request, true)}
                aria-label={`Accept ${request.displayName}`}
              >
                Accept
              </button>
              <button
                type="button"
                className={buttonStyles.secondary}
                disabled={pending !== null}
                onClick={() => answer(request, false)}
                aria-label={`Decline ${request.displayName}`}
              >
                Decline
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
