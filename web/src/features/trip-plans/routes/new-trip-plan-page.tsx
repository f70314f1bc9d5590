import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { TripPlanInput } from '@shared/schemas/trip-plans';
import { paths } from '@/app/paths';
import { useToast } from '@/components/toast';
import { DemoBanner } from '@/components/ui/demo-banner';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { useApiClient } from '@/lib/api-client-context';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { TripPlanForm } from '../components/trip-plan-form';
import { tripPlanPath } from '../utils/links';

/** Files a trip plan: for the group activity named by `?activity=` (its whole party is on it), or solo. */
export default function NewTripPlanPage() {
  const api = useApiClient();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const activityId = params.get('activity') || null;
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
        title={activityId ? 'Trip plan for this activity' : 'New trip plan'}
        description={
          activityId
            ? 'Everyone taking part in the activity is on the plan, and any of them can check in.'
            : 'A solo outing: you are the party.'
        }
      />
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <TripPlanForm activityId={activityId} onSubmit={file} />
      </section>
    </PageContainer>
  );
}
