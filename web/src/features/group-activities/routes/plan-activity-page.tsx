import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DEFAULT_GROUP_ACTIVITY_FORM,
  type GroupActivityInput,
  type NearbyActivitiesResponse,
  type GroupActivitySummary,
  type NearbyArea,
} from '@shared/schemas/group-activities';
import { paths } from '@/lib/paths';
import { useToast } from '@/components/toast';
import { buttonStyles } from '@/components/ui/button-styles';
import { DemoBanner } from '@/components/ui/demo-banner';
import { LoadMore } from '@/components/ui/load-more';
import { LoadError } from '@/components/ui/load-error';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { queryKeys } from '@/lib/query-keys';
import { useServerListPages, useServerQuery } from '@/lib/server-query';
import { ActivityForm } from '../components/activity-form';
import { ActivityList } from '../components/activity-list';
import { PlanningTips, PopularLocations } from '../components/planning-info';
import { TransportationSection } from '../components/transportation-section';
import { areaName } from '../utils/format';
import { PlaceOptions } from '@/components/ui/place-options';
import { NEAR_KM } from '@shared/places';

/** Spec core-app §2 Plan Activity: create form, tips, popular locations, transportation, upcoming activities. */
export default function PlanActivityPage() {
  const api = useApiClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const profile = useServerQuery(queryKeys.profile, () => api.profile());
  // A create or a join changes every list here: each reads the server again.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.groupActivities.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.rides.all });
  };

  const create = async (input: GroupActivityInput) => {
    const created = await api.createGroupActivity(input);
    toast.success(`${created.title} is planned! Partners nearby can now join.`);
    refresh();
  };

  const join = async (activity: GroupActivitySummary) => {
    try {
      await api.joinGroupActivity(activity.id);
      toast.success(`You joined ${activity.title}!`);
      refresh();
    } catch (error) {
      toast.error(userMessage(error));
    }
  };

  return (
    <PageContainer>
      <DemoBanner />
      <PageHeader
        title="Plan Activity"
        description="Organise a run, hike or ride and invite partners to join you."
        actions={
          <Link to={paths.tripPlans} className={buttonStyles.secondary}>
            Trip plans
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <section
          aria-labelledby="create-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2"
        >
          <h2 id="create-heading" className="mb-4 text-lg font-semibold text-slate-900">
            Create Activity
          </h2>
          {profile.status === 'loading' ? (
            <Spinner label="Loading your home area" />
          ) : (
            // A new activity is listed in the organiser's home area by default, where partners nearby look for it.
            <ActivityForm
              initial={{
                ...DEFAULT_GROUP_ACTIVITY_FORM,
                area: profile.status === 'success' ? profile.data.settings.homeArea : null,
              }}
              submitLabel="Create Activity"
              pendingLabel="Creating..."
              onSubmit={create}
              resetOnSuccess
            />
          )}
        </section>
        <div className="space-y-6">
          <PlanningTips />
          <PopularLocations />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <MyActivities />
        <NearbyActivities onJoin={join} />
      </div>
      <TransportationSection />
    </PageContainer>
  );
}

function MyActivities() {
  const api = useApiClient();
  const mine = useServerQuery(queryKeys.groupActivities.mine(), () => api.myGroupActivities({ limit: 20 }));
  return (
    <section aria-labelledby="my-activities-heading" className="space-y-4">
      <h2 id="my-activities-heading" className="text-lg font-semibold text-slate-900">
        Your upcoming activities
      </h2>
      {mine.status === 'loading' && <Spinner label="Loading your activities" />}
      {mine.status === 'error' && <LoadError error={mine.error} onRetry={mine.reload} />}
      {mine.status === 'success' && (
        <ActivityList
          activities={mine.data.activities}
          empty="You have no upcoming activities yet. Create one or join one nearby."
        />
      )}
    </section>
  );
}

function NearbyActivities({ onJoin }: { onJoin: (activity: GroupActivitySummary) => Promise<void> }) {
  const api = useApiClient();
  const [area, setArea] = useState<NearbyArea | undefined>(undefined);
  // Until an area is picked, the server lists the user's home area ('near you'); later pages ask for that one.
  const nearby = useServerListPages<NearbyActivitiesResponse>(
    queryKeys.groupActivities.nearby(area),
    (cursor, first) => api.nearbyGroupActivities({ area: area ?? first?.area, cursor, limit: 10 }),
    (shown, next) => ({ ...shown, activities: [...shown.activities, ...next.activities], nextCursor: next.nextCursor }),
  );

  return (
    <section aria-labelledby="nearby-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="nearby-heading" className="text-lg font-semibold text-slate-900">
          Upcoming activities nearby
        </h2>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Area
          <select
            value={area ?? ''}
            onChange={(e) => setArea(e.target.value as NearbyArea)}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
          >
            <option value="" disabled={area !== undefined}>
              Near you
            </option>
            <PlaceOptions />
            <option value="elsewhere">{areaName('elsewhere')}</option>
          </select>
        </label>
      </div>
      {nearby.status === 'loading' && <Spinner label="Loading activities nearby" />}
      {nearby.status === 'error' && <LoadError error={nearby.error} onRetry={nearby.reload} />}
      {nearby.status === 'success' && (
        <>
          <ActivityList
            activities={nearby.data.activities}
            onJoin={onJoin}
            empty={`No upcoming activities ${area && area !== 'elsewhere' ? `within ${NEAR_KM} km of ${areaName(area)}` : area ? `in ${areaName(area)}` : 'near you'} yet. Be the first to plan one!`}
          />
          <LoadMore
            more={nearby.more}
            nextCursor={nearby.data.nextCursor}
            onLoadMore={nearby.loadMore}
            label="Load More Activities"
          />
        </>
      )}
    </section>
  );
}
