import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { TripContactStop } from '@shared/schemas/trip-plans';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormMessage } from '@/components/ui/form-message';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api/api-error';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';

function stopProblem(error: unknown): string {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400))
    return 'This link is not valid any more. Use the links in a newer email from TrailBuddy.';
  return userMessage(error);
}

const CHOICES: Readonly<Record<TripContactStop, { button: string; explain: (sender: string) => string }>> = {
  sender: {
    button: "I don't know this person",
    explain: (sender) =>
      `${sender} will no longer be able to name this address on a trip plan, and we will send you nothing more from them.`,
  },
  address: {
    button: 'Never email me',
    explain: () => 'TrailBuddy will send no email at all to this address, from anyone.',
  },
};

const DONE: Readonly<Record<TripContactStop, (sender: string) => string>> = {
  sender: (sender) => `Done. ${sender} can no longer send you anything through TrailBuddy.`,
  address: () => 'Done. TrailBuddy will not email this address again.',
};

/**
 * Public, no sign-in: a stop link from an emergency contact email. Opening it changes nothing (mail scanners open
 * links); only the button does.
 */
export default function TripStopPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const chosen: TripContactStop = params.get('stop') === 'address' ? 'address' : 'sender';
  const api = useApiClient();
  const loaded = useServerQuery(queryKeys.tripPlans.contactStop(token), () => api.tripContactStop(token));
  const [done, setDone] = useState<TripContactStop | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (loaded.status === 'loading') return <PageSpinner label="Loading" />;
  if (loaded.status === 'error') {
    return (
      <PageContainer>
        <PageHeader title="Stop emails" />
        <FormMessage kind="error">{stopProblem(loaded.error)}</FormMessage>
      </PageContainer>
    );
  }
  const sender = loaded.data.senderName;
  const confirm = async (stop: TripContactStop) => {
    setBusy(true);
    setError(null);
    try {
      await api.confirmTripContactStop(token, stop);
      setDone(stop);
    } catch (caught) {
      setError(stopProblem(caught));
    } finally {
      setBusy(false);
    }
  };
  const order: TripContactStop[] = chosen === 'sender' ? ['sender', 'address'] : ['address', 'sender'];

  return (
    <PageContainer>
      <PageHeader
        title="Stop emails"
        description={`${sender} named this address as an emergency contact on a TrailBuddy trip plan.`}
      />
      {done ? (
        <FormMessage kind="success">{DONE[done](sender)}</FormMessage>
      ) : (
        <section className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          {order.map((stop) => (
            <div key={stop} className="space-y-2">
              <p className="text-sm text-slate-700">{CHOICES[stop].explain(sender)}</p>
              <button
                type="button"
                className={stop === chosen ? buttonStyles.primary : buttonStyles.secondary}
                disabled={busy}
                onClick={() => void confirm(stop)}
              >
                {CHOICES[stop].button}
              </button>
            </div>
          ))}
          {error && <FormMessage kind="error">{error}</FormMessage>}
        </section>
      )}
    </PageContainer>
  );
}
