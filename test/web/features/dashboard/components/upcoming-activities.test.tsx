import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { UpcomingActivities } from '@/features/dashboard/components/upcoming-activities';
import { createDemoApiClient } from '@/app/demo-api-client';
import type { ApiClient } from '@/lib/api-client';
import { createFakeApiClient, createFakeAuthService, SIGNED_IN_USER, TestProviders } from '../../../test-utils';
import { details, summary } from '../../group-activities/group-activities-fixtures';

/** The user organises or joined nothing unless a test says otherwise. */
const noneOfMine = () => vi.fn(async () => ({ activities: [], nextCursor: null }));

function renderWith(apiClient: ApiClient) {
  render(
    <TestProviders service={createFakeAuthService(SIGNED_IN_USER)} apiClient={apiClient}>
      <MemoryRouter>
        <UpcomingActivities />
      </MemoryRouter>
    </TestProviders>,
  );
}

describe('UpcomingActivities', () => {
  it('shows the first 3 upcoming activities near the user, Join only while there is room', async () => {
    const nearbyGroupActivities = vi.fn(async () => ({
      area: 'vancouver' as const,
      activities: [
        summary(),
        summary({ id: '01JZ0000000000000000000002', title: 'Full', participantCount: 4, status: 'confirmed' as const }),
        summary({
          id: '01JZ0000000000000000000003',
          title: 'Mine',
          viewer: { isOrganizer: false, isParticipant: true },
        }),
      ],
      nextCursor: null,
    }));
    renderWith(createFakeApiClient({ nearbyGroupActivities, myGroupActivities: noneOfMine() }));
    const section = (await screen.findByRole('heading', { name: 'Upcoming Activities' })).closest('section')!;
    const items = await within(section).findAllByRole('listitem');
    expect(nearbyGroupActivities).toHaveBeenCalledWith({ limit: 3 });
    expect(items).toHaveLength(3);
    expect(items.map((item) => within(item).queryByRole('button', { name: 'Join Activity' }) !== null)).toEqual([
      true,
      false,
      false,
    ]);
    expect(within(items[2]!).getByRole('button', { name: 'Joined' })).toBeDisabled();
    expect(within(items[0]!).getByText('almost full')).toHaveClass('bg-yellow-100');
  });

  it('joins through the API and opens the details with a link to the activity page', async () => {
    const joinGroupActivity = vi.fn(async () =>
      details({ participantCount: 4, status: 'confirmed', viewer: { isOrganizer: false, isParticipant: true } }),
    );
    renderWith(
      createFakeApiClient({
        nearbyGroupActivities: vi.fn(async () => ({
          area: 'vancouver' as const,
          activities: [summary()],
          nextCursor: null,
        })),
        myGroupActivities: noneOfMine(),
        joinGroupActivity,
      }),
    );
    const user = userEvent.setup();
    const item = (await screen.findAllByRole('listitem'))[0]!;
    await user.click(within(item).getByRole('button', { name: 'View Details' }));
    expect(within(item).getByRole('link', { name: 'Open the activity page' })).toHaveAttribute(
      'href',
      `/plan-activity/${summary().id}`,
    );
    expect(item).toHaveTextContent('OrganizerMaya');

    await user.click(within(item).getByRole('button', { name: 'Join Activity' }));
    expect(joinGroupActivity).toHaveBeenCalledWith(summary().id);
    expect(await screen.findByText('You joined Sunday Grouse Grind!')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Joined' })).toBeDisabled();
    expect(item).toHaveTextContent('confirmed');
  });

  it("lists an organiser's own activities even when none are nearby, soonest first, each once, cancelled ones left out", async () => {
    const organised = (id: string, startsAt: string, extra = {}) =>
      summary({
        id,
        title: `Mine ${id.slice(-1)}`,
        startsAt,
        viewer: { isOrganizer: true, isParticipant: true },
        ...extra,
      });
    const myGroupActivities = vi.fn(async () => ({
      activities: [
        organised('01JZ0000000000000000000009', '2031-07-02T16:00:00.000Z'),
        organised('01JZ0000000000000000000008', '2031-07-01T16:00:00.000Z'),
        organised('01JZ0000000000000000000007', '2031-06-30T16:00:00.000Z', {
          cancelledAt: '2031-06-01T00:00:00.000Z',
        }),
      ],
      nextCursor: null,
    }));
    const nearbyGroupActivities = vi.fn(async () => ({
      area: 'vancouver' as const,
      activities: [organised('01JZ0000000000000000000008', '2031-07-01T16:00:00.000Z')],
      nextCursor: null,
    }));
    renderWith(createFakeApiClient({ nearbyGroupActivities, myGroupActivities }));
    const section = (await screen.findByRole('heading', { name: 'Upcoming Activities' })).closest('section')!;
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Mine 8', 'Mine 9']);
    expect(within(items[0]!).getByRole('button', { name: 'Organizing' })).toBeDisabled();
    expect(within(section).queryByText(/No upcoming activities/)).toBeNull();
  });

  it('says so when nothing is planned nearby', async () => {
    renderWith(
      createFakeApiClient({
        nearbyGroupActivities: vi.fn(async () => ({ area: 'vancouver' as const, activities: [], nextCursor: null })),
        myGroupActivities: noneOfMine(),
      }),
    );
    expect(
      await screen.findByText('No upcoming activities near you yet. Plan one and invite partners!'),
    ).toBeInTheDocument();
  });

  it('shows the spec sample in demo mode: 4, 6 and 5 places, the full one without Join', async () => {
    renderWith(createDemoApiClient({ wait: async () => {}, storage: window.sessionStorage }));
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent?.match(/\d+\/(\d+) participants/)?.[1])).toEqual(['4', '6', '5']);
    expect(items.map((item) => within(item).queryByRole('button', { name: 'Join Activity' }) !== null)).toEqual([
      true,
      false,
      true,
    ]);
  });
});
