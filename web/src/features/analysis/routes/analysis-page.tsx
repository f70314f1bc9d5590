import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AnalysisRange, AnalysisResponse } from '@shared/schemas/analysis';
import { isAnalysisRange } from '@shared/schemas/analysis-plain';
import type { ConnectionSummary } from '@shared/schemas/connections';
import { buttonStyles } from '@/components/ui/button-styles';
import { DemoBanner } from '@/components/ui/demo-banner';
import { FormMessage } from '@/components/ui/form-message';
import { PageContainer, PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { queryKeys } from '@/lib/query-keys';
import { useAnalysis, useConnections, useFileImports } from '../api/use-analysis';
import { ActivityHeatmap } from '../components/activity-heatmap';
import { ActivityLevelPanel } from '../components/activity-level-panel';
import { AnalysisStatCards } from '../components/analysis-stat-cards';
import { ConnectHealthApps, NoActivitiesForFilters, NoActivityDataYet } from '../components/empty-states';
import { ProviderBadges } from '../components/provider-badges';
import { RangeFilter } from '../components/range-filter';
import { RecentActivityList } from '../components/recent-activity-list';
import { periodName } from '../utils/analysis-format';
import { TrendCharts } from '../components/trend-charts';
import { WorkoutPreferences } from '../components/workout-preferences';

const DEFAULT_RANGE: AnalysisRange = 'month';

/**
 * Spec health-connections §2: the health analysis screen (/analysis). Its title and layout paint before the API
 * client is there (demo mode loads its client beside the screen); the figures fill in after.
 */
export default function AnalysisPage() {
  return (
    <PageContainer>
      <DemoBanner />
      <Suspense
        fallback={
          <>
            <AnalysisHeader />
            <Spinner label="Loading your connections" />
          </>
        }
      >
        <AnalysisScreen />
      </Suspense>
    </PageContainer>
  );
}

function AnalysisHeader({ actions }: { actions?: ReactNode }) {
  return (
    <PageHeader
      title="Health & Activity Analysis"
      description="Your trends, active days and activity level, from the fitness apps you connect."
      actions={actions}
    />
  );
}

function AnalysisScreen() {
  const queryClient = useQueryClient();
  const [range, setRange] = useRangeParam();
  const connections = useConnections();
  // A sync changes the connections' last sync and every range's figures: both are read again.
  const sync = useSyncAll(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.connections });
    void queryClient.invalidateQueries({ queryKey: queryKeys.analysis.all });
  });
  const active = connections.status === 'success' ? connections.data : [];
  const fileImports = useFileImports();
  // Outings from files count like a provider's, so a person with files only sees their analysis too.
  const hasFiles = fileImports.status === 'success' && fileImports.data.imports.length > 0;

  return (
    <>
      <AnalysisHeader
        actions={
          active.length > 0 && (
            <button
              type="button"
              className={buttonStyles.primary}
              disabled={sync.syncing}
              onClick={() => void sync.syncAll(active)}
            >
              {sync.syncing ? 'Syncing...' : 'Sync Data'}
            </button>
          )
        }
      />
      {connections.status === 'loading' && <Spinner label="Loading your connections" />}
      {connections.status === 'error' && <LoadError error={connections.error} retry={connections.reload} />}
      {connections.status === 'success' &&
        (active.length === 0 && !hasFiles ? (
          <ConnectHealthApps />
        ) : (
          <>
            <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
              <ProviderBadges connections={active} />
              <RangeFilter value={range} onChange={setRange} />
            </div>
            <AnalysisContent range={range} />
          </>
        ))}
    </>
  );
}

/** The date filter lives in the URL (?range=), so a view can be shared and survives a reload. */
function useRangeParam(): [AnalysisRange, (range: AnalysisRange) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('range');
  const range = isAnalysisRange(asked) ? asked : DEFAULT_RANGE;
  const setRange = (next: AnalysisRange) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('range', next);
        return params;
      },
      { replace: true },
    );
  return [range, setRange];
}

/** Syncs each connected provider in turn; a failure is only logged (spec §4) and the next one still runs. */
function useSyncAll(onDone: () => void) {
  const client = useApiClient();
  const [syncing, setSyncing] = useState(false);
  async function syncAll(connections: readonly ConnectionSummary[]) {
    setSyncing(true);
    for (const { provider } of connections) {
      try {
        await client.sync(provider);
      } catch (error) {
        console.error(`Sync of ${provider} failed`, error);
      }
    }
    setSyncing(false);
    onDone();
  }
  return { syncing, syncAll };
}

function AnalysisContent({ range }: { range: AnalysisRange }) {
  const analysis = useAnalysis(range);
  if (analysis.status === 'loading') return <Spinner label="Loading your analysis" />;
  if (analysis.status === 'error') return <LoadError error={analysis.error} retry={analysis.reload} />;
  if (!analysis.data.hasActivity) return <NoActivityDataYet />;
  return <AnalysisView data={analysis.data} />;
}

function periodDays({ start, end }: AnalysisResponse['period']): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

function AnalysisView({ data }: { data: AnalysisResponse }) {
  const now = new Date(data.generatedAt);
  const periodLabel = periodName(data.range, data.period);
  return (
    <div className="space-y-8">
      <AnalysisStatCards
        totals={data.totals}
        periodDays={periodDays(data.period)}
        periodLabel={periodLabel}
        metrics={data.metrics}
      />
      {data.totals.sessions === 0 ? <NoActivitiesForFilters /> : <TrendCharts chart={data.chart} />}
      <ActivityHeatmap heatmap={data.heatmap} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ActivityLevelPanel metrics={data.metrics} />
        <WorkoutPreferences metrics={data.metrics} />
      </div>
      <RecentActivityList activities={data.recentActivities} now={now} periodLabel={periodLabel} />
    </div>
  );
}

function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="space-y-3">
      <FormMessage kind="error">{userMessage(error)}</FormMessage>
      <button type="button" onClick={retry} className={buttonStyles.secondary}>
        Try Again
      </button>
    </div>
  );
}
