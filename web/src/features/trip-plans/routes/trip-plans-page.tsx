import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { buttonStyles } from '@/components/ui/button-styles';
import { DemoBanner } from '@/components/ui/demo-banner';
import { LoadError } from '@/components/ui/load-error';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';
import { TripStatusBadge } from '../components/trip-plan-details';
import { formatTripTime } from '../utils/format';
import { tripPlanPath } from '../utils/links';

/** The trip plans I am in, newest first, and a way to file a solo one. */
export default function TripPlansPage() {
  const api = useApiClient();
  const loaded = useServerQuery(queryKeys.tripPlans.mine(), () => api.myTripPlans());
  const newPlan = (
    <Link to={paths.newTripPlan} className={buttonStyles.primary}>
      New trip plan
    </Link>
  );

  return (
    <PageContainer>
      <DemoBanner />
      <PageHeader
        title="Trip plans"
        description="Leave a plan with someone who will call for help if you are not back. File one for a group activity from its page, or a solo one here."
        actions={newPlan}
      />
      {loaded.status === 'loading' && <PageSpinner label="Loading your trip plans" />}
      {loaded.status === 'error' && <LoadError error={loaded.error} onRetry={loaded.reload} />}
      {loaded.status === 'success' && loaded.data.plans.length === 0 && (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <h2 className="text-lg font-semibold text-slate-900">No trip plans yet</h2>
          <p className="mt-2 text-slate-600">Before your next outing, file a plan and name an emergency contact.</p>
        </div>
      )}
      {loaded.status === 'success' && loaded.data.plans.length > 0 && (
        <ul className="grid gap-4 md:grid-cols-2">
          {loaded.data.plans.map((plan) => (
            <li key={plan.id}>
              <Link
                to={tripPlanPath(plan.id)}
                className="block rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-300 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
              >
                <div className="flex items-start justify-between gap-3">
                  <h2 className="font-semibold break-words text-slate-900">{plan.trailhead}</h2>
                  <TripStatusBadge plan={plan} />
                </div>
                <p className="mt-1 text-sm text-slate-600">{plan.area}</p>
                <p className="mt-2 text-sm text-slate-700">
                  Back by {formatTripTime(plan.returnDate, plan.returnTime)} ·{' '}
                  {plan.party.map((m) => m.name).join(', ')}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PageContainer>
  );
}
