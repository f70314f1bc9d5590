import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { ImportJob } from '@shared/schemas/import-jobs';
import DashboardPage, { STRAVA_CONNECTED_TOAST } from '@/features/dashboard/routes/dashboard-page';
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
import { analysisOf } from '../../analysis/analysis-fixture';

function WhereAmI() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{pathname + search}</p>;
}

const routes = [
  {
    path: '/dashboard',
    element: (
      <>
        <DashboardPage />
        <WhereAmI />
      </>
    ),
  },
  { path: '/profile', element: <h1>Profile stand-in</h1> },
];

function renderDashboard(overrides: Partial<ApiClient> = {}, path = '/dashboard') {
  const apiClient = createFakeApiClient(overrides);
  renderRoutes(routes, { path, service: createFakeAuthService(SIGNED_IN_USER), apiClient });
  return apiClient;
}

/** Noon, `days` calendar days ago: 'Yesterday' holds at any time of day. */
const noonDaysAgo = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() - days);
  date.setHours(12, 0, 0, 0);
  return date.toISOString();
};
const noUpcoming = {
  nearbyGroupActivities: vi.fn(async () => ({ activities: [], nextCursor: null, area: 'vancouver' as const })),
  myGroupActivities: vi.fn(async () => ({ activities: [], nextCursor: null })),
};
const connectedAs = (firstName: string | null) => ({
  connections: vi.fn(async () => ({ connections: [stravaConnection({ athleteFirstName: firstName })] })),
  analysis: vi.fn(async () => analysisOf([])),
  ...noUpcoming,
});

const finishedImport: ImportJob = {
  id: 'job-1',
  provider: 'strava',
  kind: 'import',
  status: 'done',
  counts: { fetched: 15, stored: 15, pages: 1 },
  waitingUntil: null,
  reason: null,
  result: { imported: 15, updated: 0, days: 0 },
  error: null,
  createdAt: '2026-11-23T18:30:00.000Z',
  updatedAt: '2026-11-23T18:31:00.000Z',
  finishedAt: '2026-11-23T18:31:00.000Z',
};

describe('DashboardPage (spec core-app §2)', () => {
  it('welcomes a user with no connection: four tiles and the provider connect component', async () => {
    const apiClient = renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, jordan.lee!' })).toBeInTheDocument();
    for (const tile of ['Find Partners', 'Plan Activities', 'Health Analysis', 'Track Progress']) {
      expect(screen.getByRole('heading', { level: 2, name: tile })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: /Health Analysis/ })).toHaveAttribute('href', '/analysis');
    expect(await screen.findByRole('button', { name: 'Connect with Strava' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Health Connections' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(apiClient.analysis).not.toHaveBeenCalled();
  });

  it('offers importing files beside connecting a provider to a person with neither', async () => {
    renderDashboard();
    expect(await screen.findByRole('button', { name: 'Connect with Strava' })).toBeInTheDocument();
    const files = screen.getByRole('region', { name: 'Import your history from files' });
    expect(within(files).getByRole('link', { name: 'Import files' })).toHaveAttribute('href', '/profile/files');
  });

  it('shows the figures of a person whose outings come from files only, not the welcome', async () => {
    const analysis = vi.fn(async () =>
      analysisOf([
        activity({ provider_activity_id: '1', start_time: noonDaysAgo(2), distance_meters: 12_000 }),
        activity({ provider_activity_id: '2', start_time: noonDaysAgo(90), distance_meters: 8000 }),
      ]),
    );
    const fileImports = vi.fn(async () => ({
      imports: [
        {
          import_id: '6f1c1e0e-2a4b-4c8e-9d55-0b8f0f3f1a11',
          file_name: 'export.zip',
          kind: 'apple_export' as const,
          imported_at: '2026-11-20T10:00:00.000Z',
          activity_count: 2,
          step_days: 0,
        },
      ],
    }));
    renderDashboard({ analysis: analysis, fileImports, ...noUpcoming });
    const total = await screen.findByText('Total Activities');
    expect(total.nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Total Distance').nextElementSibling).toHaveTextContent('20.0 km');
    expect(screen.queryByRole('heading', { name: 'Health Connections' })).not.toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recent Activities' });
    expect(within(recent).getByRole('link', { name: 'Manage imports' })).toHaveAttribute('href', '/profile/files');
  });

  it("greets a connected user by the athlete's first name, with quick buttons and no lone tab bar", async () => {
    renderDashboard(connectedAs('Maya'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Maya!' })).toBeInTheDocument();
    for (const name of ['Find Partners', 'Health Analysis', 'Plan Activity']) {
      expect(screen.getAllByRole('link', { name }).length).toBeGreaterThan(0);
    }
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByText('Connected to Strava')).toBeInTheDocument();
    // Three stat cards fill three columns at full width: no empty fourth slot.
    const stats = (await screen.findByText('Total Activities')).closest('dl')!;
    expect(stats.children).toHaveLength(3);
    expect(stats).toHaveClass('lg:grid-cols-3');
    expect(stats).not.toHaveClass('lg:grid-cols-4');
  });

  it('shows the import results with the figures, not after them (they would push the figures down)', async () => {
    let answerImportJobs!: () => void;
    renderDashboard({
      ...connectedAs('Maya'),
      importJobs: vi.fn(
        () =>
          new Promise<{ jobs: ImportJob[] }>((resolve) => {
            answerImportJobs = () => resolve({ jobs: [finishedImport] });
          }),
      ),
    });
    expect(await screen.findByRole('status', { name: 'Loading your dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(answerImportJobs).toBeDefined());
    // the connection is known, the import jobs are not: still loading, no heading or figures yet
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    answerImportJobs();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Maya!' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Imports' })).toBeInTheDocument();
  });

  it('greets by the display name the user set in their profile, not the sign-in name', async () => {
    const profile = vi.fn(async () => ({
      id: SIGNED_IN_USER.id,
      email: SIGNED_IN_USER.email,
      createdAt: '2025-06-01T12:00:00.000Z',
      settings: {
        displayName: 'Robin Trailwalker',
        homeArea: null,
        activities: [],
        availability: [],
        bio: '',
        discoverable: false,
        visibleFields: [],
        level: null,
        paces: {},
        useActivityForMatching: false,
      },
      level: null,
      suggested: { level: null, paces: {}, times: [] },
    }));
    renderDashboard({ ...connectedAs('Maya'), profile } as Partial<ApiClient>);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Robin!' })).toBeInTheDocument();
  });

  it('falls back to the email before the @ when the athlete has no first name', async () => {
    renderDashboard(connectedAs(null));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, jordan.lee!' })).toBeInTheDocument();
  });

  it('counts all-time totals and the last 7 local days from the analysis, and km to one decimal', async () => {
    const analysis = vi.fn(async () =>
      analysisOf([
        activity({ provider_activity_id: '1', name: 'Seawall Run', start_time: noonDaysAgo(0), distance_meters: 8200 }),
        activity({ provider_activity_id: '2', name: 'Commute', start_time: noonDaysAgo(3), distance_meters: 12_449 }),
        activity({ provider_activity_id: '3', name: 'Yoga', start_time: noonDaysAgo(6), distance_meters: null }),
        activity({ provider_activity_id: '4', name: 'Old Ride', start_time: noonDaysAgo(7), distance_meters: 30_000 }),
        activity({ provider_activity_id: '5', name: 'Older Hike', start_time: noonDaysAgo(400), distance_meters: 650 }),
      ]),
    );
    renderDashboard({ ...connectedAs('Maya'), analysis });
    const total = await screen.findByText('Total Activities');
    expect(total.nextElementSibling).toHaveTextContent('5');
    // Today and the 6 days before it: 7 days ago is out.
    expect(screen.getByText('This Week').nextElementSibling).toHaveTextContent('3');
    // 8200 + 12449 + 30000 + 650 = 51299 m
    expect(screen.getByText('Total Distance').nextElementSibling).toHaveTextContent('51.3 km');
    expect(screen.queryByText('Rides Shared')).not.toBeInTheDocument();
    expect(analysis).toHaveBeenCalledWith('all');
  });

  it('lists the latest 5 activities in Recent Activities, with a link to manage the connection', async () => {
    const items = Array.from({ length: 7 }, (_, n) =>
      activity({
        provider_activity_id: String(n),
        name: `Run number ${n}`,
        start_time: noonDaysAgo(n),
        distance_meters: 1000 * (n + 1),
      }),
    );
    renderDashboard({ ...connectedAs('Maya'), analysis: vi.fn(async () => analysisOf(items.reverse())) });
    const card = (await screen.findByRole('heading', { name: 'Recent Activities' })).closest('section');
    if (!card) throw new Error('no card');
    const rows = within(card).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Run number 0',
      'Run number 1',
      'Run number 2',
      'Run number 3',
      'Run number 4',
    ]);
    expect(rows[0]).toHaveTextContent('1.0 km');
    expect(rows[1]).toHaveTextContent('Run · Yesterday');
    expect(within(card).getByRole('link', { name: 'Manage connection' })).toHaveAttribute('href', '/profile');
  });

  it('counts a user connected to Google Health only as connected', async () => {
    const google = stravaConnection({ provider: 'google_health', athleteFirstName: null, athleteLastName: null });
    renderDashboard({
      connections: vi.fn(async () => ({ connections: [google] })),
      analysis: vi.fn(async () => analysisOf([])),
      ...noUpcoming,
    });
    expect(await screen.findByText('Total Activities')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, jordan.lee!' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Track Progress' })).not.toBeInTheDocument();
  });

  it('toasts a successful connect once and drops ?strava=connected from the URL', async () => {
    renderDashboard(connectedAs('Maya'), '/dashboard?strava=connected');
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(toasts).toHaveTextContent(STRAVA_CONNECTED_TOAST));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    expect(toasts.textContent?.split(STRAVA_CONNECTED_TOAST)).toHaveLength(2);
  });

  it('reloads the stats after Sync now', async () => {
    const newRide = activity({ provider_activity_id: '2', name: 'New Ride', start_time: noonDaysAgo(0) });
    const analysis = vi
      .fn()
      .mockResolvedValueOnce(analysisOf([activity({ start_time: noonDaysAgo(1) })]))
      .mockResolvedValueOnce(analysisOf([activity({ start_time: noonDaysAgo(1) }), newRide]));
    renderDashboard({ ...connectedAs('Maya'), analysis });
    expect((await screen.findByText('Total Activities')).nextElementSibling).toHaveTextContent('1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(screen.getByText('Total Activities').nextElementSibling).toHaveTextContent('2'));
    expect(screen.getByText('New Ride')).toBeInTheDocument();
  });
});

describe('DashboardPage in demo mode', () => {
  function renderDemo() {
    window.sessionStorage.setItem('trailbuddy.demo', 'true');
    const apiClient = createDemoApiClient({ wait: async () => {} });
    renderRoutes(routes, { path: '/dashboard', service: createFakeAuthService(null), apiClient });
  }

  it('greets the demo athlete and adds Rides Shared (7) and the first 3 upcoming activities', async () => {
    renderDemo();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Alex!' })).toBeInTheDocument();
    expect((await screen.findByText('Rides Shared')).nextElementSibling).toHaveTextContent('7');
    expect(Number(screen.getByText('Total Activities').nextElementSibling?.textContent)).toBeGreaterThanOrEqual(12);

    const upcoming = screen.getByRole('heading', { name: 'Upcoming Activities' }).closest('section');
    if (!upcoming) throw new Error('no upcoming list');
    const items = await within(upcoming).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    // Join only while there is room: the second one is full (6/6).
    expect(items.map((item) => within(item).queryByRole('button', { name: 'Join Activity' }) !== null)).toEqual([
      true,
      false,
      true,
    ]);
    expect(within(items[1]!).getByRole('button', { name: 'View Details' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent Activities' })).toBeInTheDocument();
  });

  it('joins an upcoming activity and shows its details on request', async () => {
    renderDemo();
    const upcoming = (await screen.findByRole('heading', { name: 'Upcoming Activities' })).closest('section');
    if (!upcoming) throw new Error('no upcoming list');
    const first = (await within(upcoming).findAllByRole('listitem'))[0]!;
    const details = within(first).getByRole('button', { name: 'View Details' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveTextContent('Organizer');

    // The demo client's 1 s wait is the plan helper's to test; here the page wires Join through to a toast.
    fireEvent.click(within(first).getByRole('button', { name: 'Join Activity' }));
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(toasts).toHaveTextContent('You joined Sunrise Seawall Run!'));
    expect(await within(first).findByRole('button', { name: 'Joined' })).toBeDisabled();
  });

  it('shows the Find Rides tab with the demo ride offers and requests', async () => {
    renderDemo();
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Find Rides' }));
    const offers = (await screen.findByRole('heading', { name: 'Available Ride Offers' })).closest('section');
    if (!offers) throw new Error('no offers');
    const offerText = within(offers)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(offerText).toHaveLength(2);
    expect(offerText[0]).toMatch(/Seats available3.*Cost per person\$8/);
    expect(offerText[1]).toMatch(/Seats available4.*Cost per person\$12/);
    expect(within(offers).getAllByRole('button', { name: 'Join Ride' })).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Ride Requests' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Offer Ride' }).length).toBeGreaterThan(0);
  });
});
