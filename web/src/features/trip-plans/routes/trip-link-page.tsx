import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { FormMessage } from '@/components/ui/form-message';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api/api-error';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { queryKeys } from '@/lib/query-keys';
import { useServerQuery } from '@/lib/server-query';
import { TripPlanDetails, TripStatusBadge } from '../components/trip-plan-details';

function linkProblem(error: unknown): string {
  if (error instanceof ApiError && error.status === 410)
    return 'This trip plan is closed or its link has expired. If you are worried about the party, call them first.';
  if (error instanceof ApiError && (error.status === 404 || error.status === 400))
    return 'This trip plan link is not valid. Check that you opened the whole link from the email.';
  return userMessage(error);
}

/**
 * The link's secret token: in the fragment (`/trip-link#<token>`), which no browser sends to a server or puts in a
 * Referer, or in the path of a link mailed before that (`/trip-link/<token>`).
 */
function useLinkToken(): string {
  const { token: tokenInPath } = useParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // An older link: move its token into the fragment, so the address no longer sends it anywhere.
    if (tokenInPath) navigate({ pathname: paths.tripLink, hash: tokenInPath }, { replace: true });
  }, [tokenInPath, navigate]);
  return tokenInPath ?? hash.replace(/^#/, '');
}

/** Public, no sign-in: the read-only plan an emergency contact opens from their email. */
export default function TripLinkPage() {
  const token = useLinkToken();
  const api = useApiClient();
  const loaded = useServerQuery(queryKeys.tripPlans.shared(token), () => api.sharedTripPlan(token));

  if (loaded.status === 'loading') return <PageSpinner label="Loading the trip plan" />;
  if (loaded.status === 'error') {
    return (
      <PageContainer>
        <PageHeader title="Trip plan" />
        <FormMessage kind="error">{linkProblem(loaded.error)}</FormMessage>
      </PageContainer>
    );
  }
  const plan = loaded.data;
  return (
    <PageContainer>
      <PageHeader
        title={`Trip plan: ${plan.trailhead}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <TripStatusBadge plan={plan} />
            <span>You are an emergency contact for {plan.party.join(', ')}.</span>
          </span>
        }
      />
      {plan.status === 'open' && (
        <section className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-900">
          <h2 className="text-base font-semibold">If they are not back</h2>
          <p className="mt-1">
            You will get an email if nobody checks in by the expected return plus the grace period. Then try to reach
            them first. If you cannot, call 911 and ask for Search and Rescue; give them this plan. Never call a Search
            and Rescue group yourself: the police call them out.
          </p>
        </section>
      )}
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <TripPlanDetails plan={plan} />
      </section>
    </PageContainer>
  );
}
