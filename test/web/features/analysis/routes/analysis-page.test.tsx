import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AnalysisRange } from '@shared/schemas/analysis';
import AnalysisPage from '@/features/analysis/routes/analysis-page';
import type { ApiClient } from '@/lib/api-client';
import { createDemoApiClient } from '@/app/demo-api-client';
import {
  activity,
  createFakeApiClient,
  createFakeAuthService,
  renderRoutes,
  SIGNED_IN_USER,
  stravaConnection,
} from '../../../test-utils';
import { analysisOf } from '../analysis-fixture';

const routes = [{ path: '/analysis', element: <AnalysisPage /> }];

function renderAnalysis(overrides: Partial<ApiClient> = {}, path = '/analysis') {
  const apiClient = createFakeApiClient(overrides);
  const rendered = renderRoutes(routes, { path, service: createFakeAuthService(SIGNED_IN_USER), apiClient });
  return { apiClient, router: rendered.router };
}

/** Noon, `days` calendar days ago, in the viewer's zone. */
const noonDaysAgo = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() - days);
  date.setHours(12, 0, 0, 0);
  return date.toISOString();
};

/** The heatmap's day cells; role queries over 365 of them are too slow in jsdom. */
const heatmapCells = () => [...document.querySelectorAll<HTMLElement>('[data-level][data-date]')];
const trends = () => within(screen.getByRole('heading', { name: 'Trends' }).closest('section')!);

/** The screen draws 365 calendar cells; on a busy 2-core machine jsdom needs more than the default second. */
const LOAD = { timeout: 10_000 };

const connected = { connections: vi.fn(async () => ({ connections: [stravaConnection()] })) };

const sample = [
  activity({
    provider_activity_id: '1',
    name: 'Seawall Run',
    start_time: noonDaysAgo(0),
    duration_seconds: 3600,
    distance_meters: 10_000,
    calories_burned: 600,
  }),
  activity({
    provider_activity_id: '2',
    name: 'Commute',
    activity_type: 'Ride',
    start_time: noonDaysAgo(2),
    duration_seconds: 1800,
    distance_meters: 12_000,
  }),
  activity({
    provider_activity_id: '3',
    name: 'Lynn Canyon Hike',
    activity_type: 'Hike',
    start_time: noonDaysAgo(20),
    duration_seconds: 7200,
    distance_meters: 9000,
    steps: 12_000,
  }),
  activity({
    provider_activity_id: '4',
    name: 'Old Run',
    start_time: noonDaysAgo(200),
    duration_seconds: 2400,
    distance_meters: 7000,
  }),
];

describe('AnalysisPage (spec health-connections §2)', { timeout: 30_000 }, () => {
  it("says 'Connect Your Health Apps' when no provider is connected, and asks for no analysis", async () => {
    const { apiClient } = renderAnalysis();
    expect(screen.getByRole('heading', { level: 1, name: 'Health & Activity Analysis' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Connect Your Health Apps' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText('No health providers connected yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sync Data' })).not.toBeInTheDocument();
    expect(apiClient.analysis).not.toHaveBeenCalled();
  });

  it('shows the analysis to a person whose outings come from files only, with no provider connected', async () => {
    const analysis = vi.fn(async (range: AnalysisRange) => analysisOf(sample, range));
    const fileImports = vi.fn(async () => ({
      imports: [
        {
          import_id: '7d1f0c2e-9a4b-4c3d-8e5f-0a1b2c3d4e5f',
          file_name: 'export.zip',
          kind: 'strava_archive' as const,
          imported_at: '2026-11-20T18:00:00.000Z',
          activity_count: 4,
          step_days: 0,
        },
      ],
    }));
    renderAnalysis({ analysis, fileImports });
    expect(await screen.findByText('Active Time', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Connect Your Health Apps' })).not.toBeInTheDocument();
    expect(heatmapCells().some((cell) => cell.dataset.level !== '0')).toBe(true);
  });

  it('shows its title and a loading state while the API client is still loading, then the figures', async () => {
    let clientLoaded: (client: ApiClient) => void = () => undefined;
    const loading = new Promise<ApiClient>((resolve) => (clientLoaded = resolve));
    await act(async () => {
      renderRoutes(routes, { path: '/analysis', service: createFakeAuthService(SIGNED_IN_USER), apiClient: loading });
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Health & Activity Analysis' })).toBeInTheDocument();
    expect(screen.getByText(/Your trends, active days and activity level/)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your connections' })).toBeInTheDocument();

    const analysis = vi.fn(async (range: AnalysisRange) => analysisOf(sample, range));
    await act(async () => clientLoaded(createFakeApiClient({ ...connected, analysis })));
    expect(await screen.findByText('Active Time', {}, LOAD)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Sync Data' })).toBeInTheDocument();
  });

  it("says 'No Activity Data Yet' while a connected provider has brought nothing", async () => {
    renderAnalysis({ ...connected, analysis: vi.fn(async (range: AnalysisRange) => analysisOf([], range)) });
    expect(await screen.findByRole('heading', { name: 'No Activity Data Yet' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText(/may still be syncing/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Connected providers' })).toHaveTextContent('Strava');
  });

  it('shows the six stat cards, charts, heatmap, activity level, patterns and the recent list', async () => {
    const analysis = vi.fn(async (range: AnalysisRange) => analysisOf(sample, range));
    renderAnalysis({ ...connected, analysis });

    await screen.findByText('Active Time', {}, LOAD);
    expect(analysis).toHaveBeenLastCalledWith('month');
    const cards = Object.fromEntries(
      [...document.querySelectorAll('dl[aria-label="Totals for the selected range"] > div')].map((card) => [
        card.querySelector('dt')?.textContent,
        card.querySelector('dd')?.textContent,
      ]),
    );
    expect(cards).toEqual({
      Activities: '3',
      'Active Time': '3h 30m',
      Distance: '31.0 km',
      Calories: '600 kcal',
      Steps: '12,000',
      'Active Days': '3 of 30',
    });

    expect(
      trends().getByRole('img', { name: /Active minutes per day: 30 bars, 210 min in total/ }),
    ).toBeInTheDocument();
    expect(
      trends().getByRole('img', { name: /Distance per day \(km\): 30 bars, 31.0 km in total/ }),
    ).toBeInTheDocument();
    const days = heatmapCells();
    expect(days).toHaveLength(365);
    const active = days.filter((day) => day.getAttribute('data-level') !== '0');
    expect(active).toHaveLength(4);
    // The busiest day (the 2 h hike) is level 4; the 30-minute ride a quarter of it, level 1.
    expect(days.find((day) => day.getAttribute('aria-label')?.endsWith('1 session, 120 minutes'))).toHaveAttribute(
      'data-level',
      '4',
    );
    expect(days.every((day) => day.getAttribute('role') === 'img')).toBe(true);
    expect(days.find((day) => day.getAttribute('aria-label')?.endsWith('1 session, 30 minutes'))).toHaveAttribute(
      'data-level',
      '1',
    );
    expect(days.at(-1)).toHaveAccessibleName(/^[A-Z][a-z]{2} \d{1,2}, \d{4}: 1 session, 60 minutes$/);

    const level = screen.getByRole('heading', { name: 'Activity Level' }).closest('section')!;
    expect(within(level).getByTestId('activity-label')).toHaveTextContent(
      /^(Elite|Advanced|Intermediate|Beginner|Getting Started)$/,
    );
    expect(within(level).getAllByRole('progressbar')).toHaveLength(3);
    expect(screen.getByRole('list', { name: 'Top activity types' }).textContent).toMatch(/Run.*Hike|Hike.*Run/);

    const recent = screen.getByRole('heading', { name: 'Recent Activities' }).closest('section')!;
    expect(
      within(recent)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Seawall Run', 'Commute', 'Lynn Canyon Hike']);
  });

  it('a Strava-only member sees steps and calories "not measured", each figure with its period', async () => {
    const runs = [0, 1, 2].map((days) =>
      activity({ provider_activity_id: `run-${days}`, start_time: noonDaysAgo(days), duration_seconds: 3600 }),
    );
    renderAnalysis({ ...connected, analysis: vi.fn(async (range: AnalysisRange) => analysisOf(runs, range)) });
    await screen.findByText('Active Time', {}, LOAD);
    const cards = [...document.querySelectorAll('dl[aria-label="Totals for the selected range"] > div')].map((card) =>
      [...card.querySelectorAll('dt, dd')].map((part) => part.textContent),
    );
    expect(cards).toEqual([
      ['Activities', '3', 'Last 30 days'],
      ['Active Time', '3h 00m', 'Last 30 days'],
      ['Distance', '15.0 km', 'Last 30 days'],
      ['Calories', 'not measured', 'Last 30 days'],
      ['Steps', 'not measured', 'Last 30 days'],
      ['Active Days', '3 of 30', 'Last 30 days'],
    ]);

    const level = screen.getByRole('heading', { name: 'Activity Level' }).closest('section')!;
    expect(within(level).getAllByRole('progressbar')).toHaveLength(2);
    expect(within(level).getByText('Steps').nextElementSibling).toHaveTextContent('not measured');
    expect(within(level).getByTestId('activity-score-basis')).toHaveTextContent(
      'Scored over active minutes and sessions: your connected sources do not measure steps.',
    );
    // 180 min and 3 sessions over 4 weeks: 12 of 40 and 5.6 of 30 points, 17.6 of 70 → 25, not 18 of 100.
    expect(within(level).getByTestId('activity-score')).toHaveTextContent('25');
    const recent = screen.getByRole('heading', { name: 'Recent Activities' }).closest('section')!;
    expect(within(recent).getByText('The newest 3 of the last 30 days.')).toBeInTheDocument();

    fireEvent.click(screen.getByText('All time'));
    await waitFor(
      () => expect(screen.getAllByText(/^All time, since [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toHaveLength(6),
      LOAD,
    );
  });

  it('switches the date filter: week, then all time', async () => {
    const analysis = vi.fn(async (range: AnalysisRange) => analysisOf(sample, range));
    renderAnalysis({ ...connected, analysis });
    await screen.findByText('Active Time', {}, LOAD);
    fireEvent.click(screen.getByText('Week'));
    await waitFor(() => expect(analysis).toHaveBeenLastCalledWith('week'));
    await waitFor(() => expect(screen.getByText('Activities').nextElementSibling).toHaveTextContent('2'), LOAD);
    expect(screen.getByText('Week')).toHaveAttribute('aria-pressed', 'true');
    expect(trends().getByRole('img', { name: /Active minutes per day: 7 bars, 90 min in total/ })).toBeInTheDocument();

    fireEvent.click(screen.getByText('All time'));
    await waitFor(() => expect(screen.getByText('Activities').nextElementSibling).toHaveTextContent('4'), LOAD);
  });

  it('reads ?range= against the four ranges: one of them is shown, anything else is a month', async () => {
    const analysis = vi.fn(async (range: AnalysisRange) => analysisOf(sample, range));
    renderAnalysis({ ...connected, analysis }, '/analysis?range=year');
    await waitFor(() => expect(analysis).toHaveBeenLastCalledWith('year'), LOAD);
    expect(await screen.findByText('Year', {}, LOAD)).toHaveAttribute('aria-pressed', 'true');

    for (const path of ['/analysis?range=decade', '/analysis?range=', '/analysis?range=constructor']) {
      analysis.mockClear();
      const { router } = renderAnalysis({ ...connected, analysis }, path);
      await waitFor(() => expect(analysis).toHaveBeenLastCalledWith('month'), LOAD);
      expect(analysis).not.toHaveBeenCalledWith(expect.not.stringMatching(/^month$/));
      router.dispose();
    }
  });

  it("says 'No activities found for the selected filters' for an empty range", async () => {
    const old = [activity({ start_time: noonDaysAgo(100) })];
    renderAnalysis(
      { ...connected, analysis: vi.fn(async (range: AnalysisRange) => analysisOf(old, range)) },
      '/analysis?range=week',
    );
    expect(await screen.findByText('No activities found for the selected filters', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Activities').nextElementSibling).toHaveTextContent('0');
    expect(screen.getByRole('heading', { name: 'Activity Calendar' })).toBeInTheDocument();
  });

  it('syncs each connected provider in turn, only logs a failure, then reloads', async () => {
    const google = stravaConnection({ provider: 'google_health', athleteFirstName: null });
    const sync = vi.fn(async (provider: string) => {
      if (provider === 'strava') throw new Error('Strava is down');
      return {
        kind: 'synced' as const,
        result: { provider: 'google_health' as const, imported: 1, updated: 0, lastSyncAt: new Date().toISOString() },
      };
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const analysis = vi.fn(async (range: AnalysisRange) => analysisOf(sample, range));
    renderAnalysis({
      connections: vi.fn(async () => ({ connections: [stravaConnection(), google] })),
      sync: sync as ApiClient['sync'],
      analysis,
    });
    await screen.findByText('Active Time', {}, LOAD);
    expect(screen.getByRole('list', { name: 'Connected providers' })).toHaveTextContent(/Strava.*Google Health/);

    fireEvent.click(screen.getByText('Sync Data'));
    await waitFor(() => expect(analysis).toHaveBeenCalledTimes(2), LOAD);
    expect(sync.mock.calls.map(([provider]) => provider)).toEqual(['strava', 'google_health']);
    expect(logged).toHaveBeenCalledWith('Sync of strava failed', expect.any(Error));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers Try Again when the analysis cannot be loaded', async () => {
    const analysis = vi
      .fn()
      .mockRejectedValueOnce(new Error('boom'))
      .mockImplementation(async (range: AnalysisRange) => analysisOf(sample, range));
    renderAnalysis({ ...connected, analysis });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try Again' }, LOAD));
    expect(await screen.findByText('Active Time', {}, LOAD)).toBeInTheDocument();
  });
});

describe('AnalysisPage in demo mode', { timeout: 30_000 }, () => {
  it('shows a full year for the demo athlete: every section, a score and a busy heatmap', async () => {
    window.sessionStorage.setItem('trailbuddy.demo', 'true');
    renderRoutes(routes, {
      path: '/analysis?range=year',
      service: createFakeAuthService(null),
      apiClient: createDemoApiClient({ wait: async () => {} }),
    });
    expect(await screen.findByText('Active Time', {}, LOAD)).toBeInTheDocument();
    expect(Number(screen.getByText('Activities').nextElementSibling?.textContent)).toBeGreaterThan(150);
    const levels = heatmapCells().map((day) => day.getAttribute('data-level'));
    for (const level of ['0', '1', '2', '3', '4']) expect(levels).toContain(level);
    expect(Number(screen.getByTestId('activity-score').textContent)).toBeGreaterThanOrEqual(40);
    expect(screen.getByRole('list', { name: 'Preferred workout hours' }).children).toHaveLength(3);
    expect(screen.getByRole('list', { name: 'Top activity types' }).children).toHaveLength(3);
    const recent = screen.getByRole('heading', { name: 'Recent Activities' }).closest('section')!;
    expect(within(recent).getAllByRole('listitem')).toHaveLength(10);
    expect(trends().getByRole('img', { name: /Active minutes per month: 13 bars/ })).toBeInTheDocument();
  });
});
