import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { HealthConnections } from '@/features/connections/components/health-connections';
import { StravaConnectCard } from '@/features/connections/components/strava-connect-card';
import { ImportProgress } from '@/features/connections/components/import-progress';
import { useImportJobs } from '@/features/connections/hooks/use-import-jobs';
import { useToast } from '@/components/toast';
import { buttonStyles } from '@/components/ui/button-styles';
import { DemoBanner } from '@/components/ui/demo-banner';
import { FormMessage } from '@/components/ui/form-message';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import { useAuth } from '@/lib/auth';
import { useStravaConnection, type StravaConnectionApi } from '@/features/connections/hooks/use-strava-connection';
import { userMessage } from '@/lib/error-messages';
import { useDisplayName } from '../api/get-display-name';
import { useFileImports } from '../api/get-file-imports';
import { useOverview } from '../api/get-overview';
import { ActionCards } from '../components/action-cards';
import { FeatureTiles } from '../components/feature-tiles';
import { FindRidesTab } from '../components/find-rides-tab';
import { ImportFilesCard } from '../components/import-files-card';
import { RecentActivitiesCard } from '../components/recent-activities-card';
import { StatCards } from '../components/stat-cards';
import { UpcomingActivities } from '../components/upcoming-activities';
import { dashboardStats, latestActivities } from '../utils/dashboard-stats';
import { greetingName } from '../utils/greeting-name';

export const STRAVA_CONNECTED_TOAST = 'Successfully connected to Strava!';

/**
 * Spec core-app §2: a welcome screen until a provider is connected, then the overview. Outings imported from files
 * count like a provider's, so a person with imports and no provider sees the overview too.
 */
export default function DashboardPage() {
  const { user } = useAuth();
  const strava = useStravaConnection();
  const displayName = useDisplayName();
  // The import results sit above the figures: waiting for them too keeps them from pushing the figures down.
  // Deferred: a store's change renders at once, in one task, and the jobs may be what completes the dashboard;
  // deferred, that render is sliced like arriving data's (web/src/lib/server-query.ts).
  const importJobs = useDeferredValue(useImportJobs());
  useConnectedToast();

  if (strava.state.status === 'loading' || importJobs.state.status === 'loading')
    return <PageSpinner label="Loading your dashboard" />;

  const connection = strava.state.status === 'ready' ? strava.state.connection : null;
  const connected = strava.state.status === 'ready' && strava.state.activeConnections.length > 0;
  // Protected route: a user (or the demo user) is always present here.
  const name = greetingName({
    displayName,
    athleteFirstName: connection?.athleteFirstName ?? undefined,
    userName: user?.name,
    email: user?.email ?? '',
  });

  return connected ? (
    <ConnectedDashboard name={name} strava={strava} source="provider" />
  ) : (
    <DashboardWithoutProvider name={name} strava={strava} />
  );
}

/** Where a person's figures come from: a connected provider, or only files they imported. */
type FiguresSource = 'provider' | 'files';

/** No provider connected: the overview when the person imported files, else the welcome. */
function DashboardWithoutProvider({ name, strava }: { name: string; strava: StravaConnectionApi }) {
  const fileImports = useFileImports();
  if (fileImports.status === 'loading') return <PageSpinner label="Loading your dashboard" />;
  // The list failing to load leaves the welcome, which still offers both ways in.
  const hasImports = fileImports.status === 'success' && fileImports.data.imports.length > 0;
  return hasImports ? (
    <ConnectedDashboard name={name} strava={strava} source="files" />
  ) : (
    <WelcomeDashboard name={name} />
  );
}

/** After /auth/strava/callback succeeds (`?strava=connected`): one toast, then the query is dropped. */
function useConnectedToast() {
  const [searchParams, setSearchParams] = useSearchParams();
  const toast = useToast();
  const shown = useRef(false);
  const justConnected = searchParams.get('strava') === 'connected';

  useEffect(() => {
    if (!justConnected || shown.current) return;
    shown.current = true;
    toast.success(STRAVA_CONNECTED_TOAST);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('strava');
        return next;
      },
      { replace: true },
    );
  }, [justConnected, toast, setSearchParams]);
}

function WelcomeDashboard({ name }: { name: string }) {
  return (
    <PageContainer>
      <DemoBanner />
      <PageHeader
        title={`Welcome, ${name}!`}
        description="Connect a fitness app or import your history from files to bring in your workouts, then find partners who match your pace and plan your next outing."
      />
      <FeatureTiles />
      <HealthConnections />
      <ImportFilesCard />
    </PageContainer>
  );
}

type Tab = 'overview' | 'rides';

function ConnectedDashboard({
  name,
  strava,
  source,
}: {
  name: string;
  strava: StravaConnectionApi;
  source: FiguresSource;
}) {
  const { traits } = useApiClient();
  const [tab, setTab] = useState<Tab>('overview');
  const tabs: ReadonlyArray<[Tab, string]> = traits.findRidesTab
    ? [
        ['overview', 'Overview'],
        ['rides', 'Find Rides'],
      ]
    : [['overview', 'Overview']];

  return (
    <PageContainer>
      <DemoBanner />
      <PageHeader
        title={`Welcome, ${name}!`}
        description="Here is how your training is going and what is coming up."
        actions={
          <>
            <Link to={paths.findPartners} className={buttonStyles.primary}>
              Find Partners
            </Link>
            <Link to={paths.analysis} className={buttonStyles.secondary}>
              Health Analysis
            </Link>
            <Link to={paths.planActivity} className={buttonStyles.secondary}>
              Plan Activity
            </Link>
          </>
        }
      />
      <ImportProgress />
      {tabs.length > 1 ? (
        <>
          <div role="tablist" aria-label="Dashboard sections" className="flex gap-2 border-b border-slate-200">
            {tabs.map(([id, label]) => (
              <button
                key={id}
                type="button"
                role="tab"
                id={`tab-${id}`}
                aria-selected={tab === id}
                aria-controls={`panel-${id}`}
                onClick={() => setTab(id)}
                className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${
                  tab === id
                    ? 'border-brand-700 text-brand-800'
                    : 'border-transparent text-slate-600 hover:text-slate-900'
                }`}
              >
                {label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="space-y-8">
            {tab === 'overview' ? (
              <Overview strava={strava} ridesShared={traits.ridesShared} source={source} />
            ) : (
              <FindRidesTab />
            )}
          </div>
        </>
      ) : (
        // One section needs no tab bar (a lone 'Overview' tab is noise to sighted and screen-reader users alike).
        <div className="space-y-8">
          <Overview strava={strava} ridesShared={traits.ridesShared} source={source} />
        </div>
      )}
    </PageContainer>
  );
}

function Overview({
  strava,
  ridesShared,
  source,
}: {
  strava: StravaConnectionApi;
  ridesShared: number | null;
  source: FiguresSource;
}) {
  // A sync, or an import job that finishes while the dashboard is open, invalidates these figures (queryKeys.analysis).
  const overview = useOverview();

  return (
    <>
      {overview.status === 'loading' && <Spinner label="Loading your activities" />}
      {overview.status === 'error' && (
        <div className="space-y-3">
          <FormMessage kind="error">{userMessage(overview.error)}</FormMessage>
          <button type="button" onClick={overview.reload} className={buttonStyles.secondary}>
            Try Again
          </button>
        </div>
      )}
      {overview.status === 'success' && <StatCards stats={dashboardStats(overview.data)} ridesShared={ridesShared} />}
      <ActionCards />
      <div className="grid gap-6 lg:grid-cols-2">
        <UpcomingActivities />
        {overview.status === 'success' && (
          <RecentActivitiesCard
            activities={latestActivities(overview.data.recentActivities)}
            now={new Date(overview.data.generatedAt)}
            source={source}
          />
        )}
      </div>
      <StravaConnectCard strava={strava} />
    </>
  );
}
