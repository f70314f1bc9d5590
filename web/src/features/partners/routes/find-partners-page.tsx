import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { PartnerSearchResponse } from '@shared/schemas/partners';
import { paths } from '@/lib/paths';
import { buttonStyles } from '@/components/ui/button-styles';
import { DemoBanner } from '@/components/ui/demo-banner';
import { FormMessage } from '@/components/ui/form-message';
import { LoadMore } from '@/components/ui/load-more';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { queryKeys } from '@/lib/query-keys';
import { useServerListPages, useServerQuery } from '@/lib/server-query';
import { useIsPremium } from '@/lib/use-premium';
import { PartnerCard } from '../components/partner-card';
import { DEFAULT_FILTERS, PartnerFilters, type PartnerFilterValues } from '../components/partner-filters';
import { BlockedMembers } from '../components/blocked-members';
import { PartnerRequests } from '../components/partner-requests';

/** Cards per page: three rows of the desktop grid. */
export const PARTNERS_PAGE_SIZE = 9;

const matchingSteps = [
  {
    title: 'Fitness analysis',
    body: 'Your connected workouts set your activity level, so partners share your pace and distance.',
  },
  {
    title: 'Location and schedule',
    body: 'We look for people near you who are free when you are — weekday mornings or weekend epics.',
  },
  {
    title: 'Personality match',
    body: 'Shared activities and preferences point you to partners you will enjoy the trail with.',
  },
] as const;

function ProfilePrompt({ me }: { me: PartnerSearchResponse['me'] }) {
  if (me.profileComplete && me.discoverable) return null;
  return (
    <div className="rounded-2xl border border-brand-200 bg-brand-50 p-5 text-brand-900">
      <p className="font-semibold">
        {me.profileComplete
          ? 'Other members cannot find you yet.'
          : 'Complete your partner profile for better matches.'}
      </p>
      <p className="mt-1 text-sm">
        {me.profileComplete
          ? 'Turn on “Let other members find me” in your profile so compatible partners can connect with you.'
          : 'Add a display name, your home area, activities and availability so matching can compare you with others — and opt in to be found.'}
      </p>
      <Link to={paths.profile} className={`${buttonStyles.primary} mt-3`}>
        Go to your profile
      </Link>
    </div>
  );
}

export default function FindPartnersPage() {
  const api = useApiClient();
  const [chosen, setFilters] = useState<PartnerFilterValues>(DEFAULT_FILTERS);
  const premium = useIsPremium();
  // Premium's filters never reach the server for a free member (it would answer 403), e.g. after Premium ended.
  const filters: PartnerFilterValues = premium ? chosen : { ...chosen, pace: undefined, weekend: undefined };
  const queryClient = useQueryClient();
  const results = useServerListPages(
    queryKeys.partners.search(filters),
    (cursor) => api.searchPartners({ ...filters, limit: PARTNERS_PAGE_SIZE, cursor }),
    (shown, next) => {
      const known = new Set(shown.partners.map((partner) => partner.userId));
      return {
        ...shown,
        partners: [...shown.partners, ...next.partners.filter((partner) => !known.has(partner.userId))],
        nextCursor: next.nextCursor,
      };
    },
  );
  const requests = useServerQuery(queryKeys.partners.connections(), () => api.partnerConnections());
  // An answered request or an unblock changes both the requests and who the search may list.
  const partnersChanged = () => void queryClient.invalidateQueries({ queryKey: queryKeys.partners.all });

  return (
    <PageContainer>
      <DemoBanner />
      <PageHeader
        title="Find Partners"
        description="Discover runners, hikers and riders across the Lower Mainland who match your level and schedule."
        actions={
          <Link to={paths.messages} className={buttonStyles.secondary}>
            Messages
          </Link>
        }
      />

      {requests.status === 'success' && (
        <PartnerRequests requests={requests.data.incoming} onAnswered={partnersChanged} />
      )}

      <PartnerFilters value={filters} onChange={setFilters} premium={premium} />

      <section aria-labelledby="partner-results" className="space-y-4">
        <h2 id="partner-results" className="sr-only">
          Partners
        </h2>
        {results.status === 'loading' && <Spinner label="Finding partners" />}
        {results.status === 'error' && (
          <div className="space-y-3">
            <FormMessage kind="error">{userMessage(results.error)}</FormMessage>
            <button type="button" className={buttonStyles.secondary} onClick={results.reload}>
              Try Again
            </button>
          </div>
        )}
        {results.status === 'success' && (
          <>
            <ProfilePrompt me={results.data.me} />
            {results.data.partners.length === 0 ? (
              <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
                <p className="font-semibold text-slate-900">No partners match these filters yet.</p>
                <p className="mt-1 text-sm text-slate-600">
                  Try another activity or location, or choose “All” to widen the search.
                </p>
              </div>
            ) : (
              <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
                {results.data.partners.map((partner) => (
                  <li key={partner.userId} className="flex min-w-0">
                    <div className="w-full">
                      <PartnerCard partner={partner} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <LoadMore
              more={results.more}
              nextCursor={results.data.nextCursor}
              onLoadMore={results.loadMore}
              label="Load More Partners"
            />
          </>
        )}
      </section>

      <section
        aria-labelledby="how-matching-works"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="how-matching-works" className="text-lg font-semibold text-slate-900">
          How matching works
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {matchingSteps.map((step, index) => (
            <li key={step.title} className="rounded-xl bg-slate-50 p-4">
              <p className="text-sm font-semibold text-brand-700">Step {index + 1}</p>
              <h3 className="mt-1 font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{step.body}</p>
            </li>
          ))}
        </ol>
        <p className="mt-4 text-sm text-slate-600">
          Other members only ever see coarse facts about you — your level, shared activities, area and when you like to
          go — never your workouts, routes or numbers.
        </p>
      </section>

      {requests.status === 'success' && (
        <BlockedMembers blocked={requests.data.blocked} onUnblocked={partnersChanged} />
      )}
    </PageContainer>
  );
}
