import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FIELD_MESSAGES } from '@shared/schemas/group-activities';
import PlanActivityPage from '@/features/group-activities/routes/plan-activity-page';
import { ApiError } from '@/lib/api-client';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../../test-utils';
import { details, summary } from '../group-activities-fixtures';

function renderPage(overrides: Parameters<typeof createFakeApiClient>[0] = {}) {
  const apiClient = createFakeApiClient({
    myGroupActivities: vi.fn(async () => ({ activities: [], nextCursor: null })),
    nearbyGroupActivities: vi.fn(async () => ({ area: 'vancouver' as const, activities: [], nextCursor: null })),
    myRides: vi.fn(async () => ({ activities: [], offers: [], requests: [] })),
    ...overrides,
  });
  renderRoutes([{ path: '/plan-activity', element: <PlanActivityPage /> }], {
    path: '/plan-activity',
    service: createFakeAuthService(SIGNED_IN_USER),
    apiClient,
  });
  return apiClient;
}

const form = () => screen.getByRole('button', { name: 'Create Activity' }).closest('form')!;
const inTwoDays = () =>
  new Date(Date.now() + 2 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Vancouver' });

async function fillRequired(title = 'Seawall run') {
  const user = userEvent.setup();
  await screen.findByRole('button', { name: 'Create Activity' });
  const f = within(form());
  await user.type(f.getByLabelText('Title'), title);
  fireEvent.change(f.getByLabelText('Date'), { target: { value: inTwoDays() } });
  fireEvent.change(f.getByLabelText('Start time'), { target: { value: '07:00' } });
  await user.type(f.getByLabelText('Location'), 'Stanley Park');
  return user;
}

describe('PlanActivityPage', () => {
  it('shows the create form with the spec defaults, tips, locations and no Coming Soon label', async () => {
    renderPage();
    const f = within(await screen.findByRole('heading', { name: 'Create Activity' }).then(() => form()));
    expect(f.getByLabelText('Activity type')).toHaveValue('running');
    expect(f.getByLabelText('Duration')).toHaveValue('60');
    expect(f.getByLabelText('Difficulty')).toHaveValue('intermediate');
    expect(f.getByLabelText('Max participants')).toHaveValue('4');
    expect(
      within(f.getByLabelText('Max participants'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2', '3', '4', '5', '6', '8', '10']);
    expect(within(f.getByLabelText('Duration')).getAllByRole('option')).toHaveLength(6);
    expect(screen.getByRole('heading', { name: 'Planning tips' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Popular BC locations' })).toBeInTheDocument();
    expect(screen.getByText(/confirm rides 24 hours before/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Transportation' })).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
  });

  it("lists a new activity in the organiser's home area by default and says so", async () => {
    renderPage({ profile: vi.fn(async () => ({ settings: { homeArea: 'north-vancouver' } }) as never) });
    await screen.findByRole('button', { name: 'Create Activity' });
    expect(within(form()).getByLabelText('Area')).toHaveValue('north-vancouver');
    expect(within(form()).getByText('Listed under North Vancouver in Upcoming activities nearby')).toBeInTheDocument();
  });

  it('names each missing field and sends nothing', async () => {
    const api = renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create Activity' }));
    const f = within(form());
    expect(f.getByText(FIELD_MESSAGES.title)).toBeInTheDocument();
    expect(f.getByText(FIELD_MESSAGES.date)).toBeInTheDocument();
    expect(f.getByText(FIELD_MESSAGES.time)).toBeInTheDocument();
    expect(f.getByText(FIELD_MESSAGES.location)).toBeInTheDocument();
    expect(f.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(f.getByLabelText('Title')).toHaveAccessibleDescription(FIELD_MESSAGES.title);
    expect(api.createGroupActivity).not.toHaveBeenCalled();
  });

  it('refuses a past date on the client', async () => {
    const api = renderPage();
    await fillRequired();
    fireEvent.change(within(form()).getByLabelText('Date'), { target: { value: '2020-01-01' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create Activity' }));
    expect(within(form()).getByText(FIELD_MESSAGES.datePast)).toBeInTheDocument();
    expect(api.createGroupActivity).not.toHaveBeenCalled();
  });

  it('creates the activity, says so, resets the form and reloads the lists', async () => {
    const createGroupActivity = vi.fn(async () => details({ title: 'Seawall run' }));
    const api = renderPage({ createGroupActivity });
    const user = await fillRequired();
    await user.selectOptions(within(form()).getByLabelText('Max participants'), '6');
    await user.selectOptions(within(form()).getByLabelText('Area'), 'vancouver');
    await user.click(screen.getByRole('button', { name: 'Create Activity' }));

    await waitFor(() => expect(createGroupActivity).toHaveBeenCalledTimes(1));
    expect(createGroupActivity).toHaveBeenCalledWith({
      activityType: 'running',
      title: 'Seawall run',
      description: '',
      date: inTwoDays(),
      time: '07:00',
      location: 'Stanley Park',
      area: 'vancouver',
      duration: 60,
      difficulty: 'intermediate',
      maxParticipants: 6,
      equipment: '',
      notes: '',
    });
    expect(await screen.findByText('Seawall run is planned! Partners nearby can now join.')).toBeInTheDocument();
    expect(within(form()).getByLabelText('Title')).toHaveValue('');
    expect(within(form()).getByLabelText('Max participants')).toHaveValue('4');
    await waitFor(() => expect(api.myGroupActivities).toHaveBeenCalledTimes(2));
  });

  it("shows the server's per-field messages", async () => {
    renderPage({
      createGroupActivity: vi.fn(async () =>
        Promise.reject(
          new ApiError(400, 'validation_failed', 'The request body is invalid.', { time: FIELD_MESSAGES.timePast }),
        ),
      ),
    });
    await (await fillRequired()).click(screen.getByRole('button', { name: 'Create Activity' }));
    expect(await within(form()).findByText(FIELD_MESSAGES.timePast)).toBeInTheDocument();
    expect(within(form()).getByLabelText('Title')).toHaveValue('Seawall run');
  });

  it('lists upcoming activities nearby with status badges and joins one', async () => {
    const joinGroupActivity = vi.fn(async () =>
      details({ participantCount: 4, status: 'confirmed', viewer: { isOrganizer: false, isParticipant: true } }),
    );
    const api = renderPage({
      nearbyGroupActivities: vi.fn(async () => ({
        area: 'north-vancouver' as const,
        activities: [
          summary(),
          summary({
            id: '01JZ0000000000000000000002',
            title: 'Full hike',
            participantCount: 4,
            status: 'confirmed' as const,
          }),
          summary({
            id: '01JZ0000000000000000000003',
            title: 'Open ride',
            participantCount: 1,
            status: 'open' as const,
          }),
        ],
        nextCursor: null,
      })),
      joinGroupActivity,
    });
    const nearby = (await screen.findByRole('heading', { name: 'Upcoming activities nearby' })).closest('section')!;
    const items = await within(nearby).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/almost full|confirmed|open/).textContent)).toEqual([
      'almost full',
      'confirmed',
      'open',
    ]);
    expect(within(items[0]!).getByText('almost full')).toHaveClass('bg-yellow-100');
    expect(within(items[1]!).getByText('confirmed')).toHaveClass('bg-green-100');
    expect(within(items[2]!).getByText('open')).toHaveClass('bg-blue-100');
    expect(items.map((item) => within(item).queryByRole('button', { name: 'Join Activity' }) !== null)).toEqual([
      true,
      false,
      true,
    ]);

    await userEvent.setup().click(within(items[0]!).getByRole('button', { name: 'Join Activity' }));
    expect(joinGroupActivity).toHaveBeenCalledWith(summary().id);
    expect(await screen.findByText('You joined Sunday Grouse Grind!')).toBeInTheDocument();
    await waitFor(() => expect(api.nearbyGroupActivities).toHaveBeenCalledTimes(2));
  });

  it('asks for another area when one is picked', async () => {
    const api = renderPage();
    const nearby = (await screen.findByRole('heading', { name: 'Upcoming activities nearby' })).closest('section')!;
    await userEvent.setup().selectOptions(within(nearby).getByLabelText('Area'), 'burnaby');
    await waitFor(() => expect(api.nearbyGroupActivities).toHaveBeenLastCalledWith({ area: 'burnaby', limit: 10 }));
    expect(
      await within(nearby).findByText('No upcoming activities within 50 km of Burnaby yet. Be the first to plan one!'),
    ).toBeInTheDocument();
  });

  it("loads more of the home area's activities, says when a page fails, and drops a page of an area left", async () => {
    let answerLeftArea!: (page: unknown) => void;
    const page = (title: string, id: string, nextCursor: string | null) => ({
      area: 'vancouver' as const,
      activities: [summary({ id, title })],
      nextCursor,
    });
    const nearbyGroupActivities = vi
      .fn()
      .mockResolvedValueOnce(page('First run', '01JZ0000000000000000000011', 'c2'))
      .mockRejectedValueOnce(new ApiError(503, 'unavailable', 'The planner is busy. Try again.'))
      .mockResolvedValueOnce(page('Second run', '01JZ0000000000000000000012', 'c3'))
      .mockImplementationOnce(() => new Promise((resolve) => (answerLeftArea = resolve)))
      .mockResolvedValueOnce({ area: 'burnaby' as const, activities: [], nextCursor: null });
    renderPage({ nearbyGroupActivities });
    const nearby = (await screen.findByRole('heading', { name: 'Upcoming activities nearby' })).closest('section')!;
    const user = userEvent.setup();
    await within(nearby).findByText('First run');

    await user.click(within(nearby).getByRole('button', { name: 'Load More Activities' }));
    expect(await within(nearby).findByRole('alert')).toHaveTextContent(
      'TrailBuddy is having trouble right now. Please try again in a moment.',
    );
    await user.click(within(nearby).getByRole('button', { name: 'Load More Activities' }));
    expect(await within(nearby).findByText('Second run')).toBeInTheDocument();
    expect(within(nearby).getByText('First run')).toBeInTheDocument();
    expect(within(nearby).queryByRole('alert')).not.toBeInTheDocument();
    expect(nearbyGroupActivities).toHaveBeenLastCalledWith({ area: 'vancouver', cursor: 'c2', limit: 10 });

    await user.click(within(nearby).getByRole('button', { name: 'Load More Activities' }));
    await user.selectOptions(within(nearby).getByLabelText('Area'), 'burnaby');
    expect(
      await within(nearby).findByText('No upcoming activities within 50 km of Burnaby yet. Be the first to plan one!'),
    ).toBeInTheDocument();
    answerLeftArea(page('Third run', '01JZ0000000000000000000013', null));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(nearby).queryByText('Third run')).not.toBeInTheDocument();
  });
});
