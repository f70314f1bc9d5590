import { useCallback } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { TripCheckInRequest, TripPlan } from '@shared/schemas/trip-plans';
import { paths } from '@/lib/paths';
import { useToast } from '@/components/toast';
import { AddToCalendarButton } from '@/components/ui/add-to-calendar-button';
import { buttonStyles } from '@/components/ui/button-styles';
import { DemoBanner } from '@/components/ui/demo-banner';
import { LoadError } from '@/components/ui/load-error';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import { useAuth } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';
import { CheckInPanel } from '../components/check-in-panel';
import { deliverCheckIn, keepCheckIn } from '../offline/pending-check-ins';
import { readTripPlan } from '../offline/saved-trip-plans';
import { useDeliveredCheckIns, usePendingCheckIn } from '../offline/use-pending-check-in';
import { TripPlanDetails, TripStatusBadge } from '../components/trip-plan-details';
import { asShared } from '../utils/format';
import { tripCalendarEvent } from '../utils/links';

/** One trip plan, for its party: the plan, its contacts and the check-in buttons (`?check-in=1` from the email). */
export default function TripPlanPage() {
  const { planId = '' } = useParams();
  const [params] = useSearchParams();
  const api = useApiClient();
  const toast = useToast();
  const userId = useAuth().user?.id ?? null;
  // `savedAt` is set when the plan is the copy kept in this browser because the server could not be reached.
  const loaded = useServerQuery(queryKeys.tripPlans.one(planId), async () =>
    userId ? readTripPlan(api, userId, planId, () => new Date()) : { plan: await api.tripPlan(planId), savedAt: null },
  );
  const { set } = loaded;
  // A plan the server just answered with (after a check-in) is current, not the kept copy.
  const showPlan = useCallback((plan: TripPlan) => set({ plan, savedAt: null }), [set]);
  const pending = usePendingCheckIn(userId, planId);
  const sendCheckIn = useDeliveredCheckIns(pending, planId, showPlan);

  if (loaded.status === 'loading') return <PageSpinner label="Loading the trip plan" />;
  if (loaded.status === 'error') {
    return (
      <PageContainer>
        <PageHeader title="Trip plan" />
        <LoadError error={loaded.error} onRetry={loaded.reload}>
          <Link to={paths.tripPlans} className={buttonStyles.secondary}>
            Back to Trip plans
          </Link>
        </LoadError>
      </PageContainer>
    );
  }
  const { plan, savedAt } = loaded.data;

  const checkIn = async (request: TripCheckInRequest) => {
    if (request.kind === 'back' && userId) return checkInBack(userId);
    showPlan(await api.checkInTripPlan(plan.id, request));
    toast.success(
      request.kind === 'back'
        ? 'Welcome back! Your contacts have been told.'
        : 'Expected return moved. Your emergency contacts have been emailed the new time.',
    );
  };

  // Kept before it is sent, so that pressing it without signal is sent later, with the same key, once.
  const checkInBack = (userId: string) =>
    sendCheckIn(async () => {
      const entry = keepCheckIn(userId, plan.id, new Date());
      return { entry, outcome: await deliverCheckIn(api, userId, entry) };
    });
  const retryCheckIn = async () => {
    if (!userId || !pending) return;
    await sendCheckIn(async () => ({ entry: pending, outcome: await deliverCheckIn(api, userId, pending) }));
  };

  return (
    <PageContainer>
      <DemoBanner />
      <Link to={paths.tripPlans} className="text-sm font-medium text-brand-800 underline">
        ← Trip plans
      </Link>
      <PageHeader
        title={plan.trailhead}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <TripStatusBadge plan={plan} />
            <span>{plan.area}</span>
          </span>
        }
        actions={
          plan.status === 'open' && (
            <AddToCalendarButton event={() => tripCalendarEvent(plan, window.location.origin)} />
          )
        }
      />
      {savedAt && (
        <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          No connection: this is the plan as it was last updated on this device,{' '}
          {new Date(savedAt).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}.
        </p>
      )}
      <CheckInPanel
        plan={plan}
        prominent={params.get('check-in') === '1'}
        pending={pending}
        onCheckIn={checkIn}
        onRetry={retryCheckIn}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <section
          aria-labelledby="plan-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2"
        >
          <h2 id="plan-heading" className="text-lg font-semibold text-slate-900">
            The plan
          </h2>
          <TripPlanDetails plan={asShared(plan)} />
        </section>
        <section
          aria-labelledby="contacts-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="contacts-heading" className="text-lg font-semibold text-slate-900">
            Emergency contacts
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {plan.contacts.map((c) => (
              <li key={c.email}>
                <span className="font-medium text-slate-900">{c.name}</span>
                <span className="block break-all text-slate-600">{c.email}</span>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-600">
            They were emailed a private link to this plan. If nobody checks in by the expected return plus the grace
            period, they get an alert.
          </p>
        </section>
      </div>
    </PageContainer>
  );
}
