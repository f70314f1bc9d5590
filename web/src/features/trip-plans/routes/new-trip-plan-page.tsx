import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { GroupActivityDetails } from '@shared/schemas/group-activities';
import type { TripPlanInput } from '@shared/schemas/trip-plans';
import { paths } from '@/lib/paths';
import { useToast } from '@/components/toast';
import { buttonStyles } from '@/components/ui/button-styles';
import { DemoBanner } from '@/components/ui/demo-banner';
import { LoadError } from '@/components/ui/load-error';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';
import { TripPlanForm } from '../components/trip-plan-form';
import { tripPlanPath } from '../utils/links';
import { tripPlanFormFromActivity } from '../utils/prefill';

/** Files a trip plan: for the group activity named by `?activity=` (its whole party is on it, its place and times filled in), or solo. */
export default function NewTripPlanPage() {
  const [params] = useSearchParams();
  const activityId = params.get('activity') || null;
  return activityId ? <ForActivity activityId={activityId} /> : <Filing activity={null} />;
}

function ForActivity({ activityId }: { activityId: string }) {
  const api = useApiClient();
  const loaded = useServerQuery(queryKeys.groupActivities.one(activityId), () => api.groupActivity(activityId));
  if (loaded.status === 'loading') return <PageSpinner label="Loading the activity" />;
  if (loaded.status === 'error') {
    return (
      <PageContainer>
        <PageHeader title="Trip plan for an activity" />
        <LoadError error={loaded.error} onRetry={loaded.reload}>
          <Link to={paths.tripPlans} className={buttonStyles.secondary}>
            Back to Trip plans
          </Link>
        </LoadError>
      </PageContainer>
    );
  }
  return <Filing activity={loaded.data} />;
}

function Filing({ activity }: { activity: GroupActivityDetails | null }) {
  const api = useApiClient();
  const toast = useToast();
  const navigate = useNavigate();
  const once = useIdempotencyKey();

  const file = async (input: TripPlanInput) => {
    const plan = await api.fileTripPlan(input, once.keyFor(input));
    once.sent();
    toast.success('Trip plan filed. Your emergency contacts have been emailed a link to it.');
    void navigate(tripPlanPath(plan.id));
  };

  return (
    <PageContainer>
      <DemoBanner />
      <Link to={paths.tripPlans} className="text-sm font-medium text-brand-800 underline">
        ← Trip plans
      </Link>
      <PageHeader
        title={activity ? `Trip plan for ${activity.title}` : 'New trip plan'}
        description={
          activity
            ? 'Everyone taking part in the activity is on the plan, and any of them can check in. The trailhead, area and times come from the activity: check them, then add the route and your emergency contacts.'
            : 'A solo outing: you are the party.'
        }
      />
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <TripPlanForm
          activityId={activity?.id ?? null}
          initial={activity ? tripPlanFormFromActivity(activity) : undefined}
          onSubmit={file}
        />
      </section>
    </PageContainer>
  );
}
