import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { UpcomingActivities } from '@/features/dashboard/components/upcoming-activities';
import { createDemoApiClient } from '@/lib/demo/demo-api-client';
import type { ApiClient } from '@/lib/api-client';
import { createFakeApiClient, createFakeAuthService, SIGNED_IN_USER, TestProviders } from '../../../test-utils';
import { details, summary } from '../../plan/plan-fixtures';

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
      activities: [summary(), summary({ id: '01JZ0000000000000000000002', title: 'Full', participantCount: 4, status: 'confirmed' as const }), summary({ id: '01JZ0000000000000000000003', title: 'Mine', viewer: { isOrganizer: false, isParticipant: true } })],
      nextCursor: null,
    }));
    renderWith(createFakeApiClient({ nearbyGroupActivities }));
    const section = (await screen.findByRole('heading', { name: 'Upcoming Activities' })).closest('section')!;
    const items = await within(section).findAllByRole('listitem');
    expect(nearbyGroupActivities).toHaveBeenCalledWith({ limit: 3 });
    expect(items).toHaveLength(3);
    expect(items.map((item) => within(item).queryByRole('button', { name: 'Join Activity' }) !== null)).toEqual([true, false, false]);
    expect(within(items[2]!).getByRole('button', { name: 'Joined' })).toBeDisabled();
    expect(within(items[0]!).getByText('almost full')).toHaveClass('bg-yellow-100');
  });

  it('joins through the API and opens the details with a link to the activity page', async () => {
    const joinGroupActivity = vi.fn(async () => details({ participantCount: 4, status: 'confirmed', viewer: { isOrganizer: false, isParticipant: true } }));
    renderWith(createFakeApiClient({ nearbyGroupActivities: vi.fn(async () => ({ area: 'vancouver' as const, activities: [summary()], nextCursor: null })), joinGroupActivity }));
    const user = userEvent.setup();
    const item = (await screen.findAllByRole('listitem'))[0]!;
    await user.click(within(item).getByRole('button', { name: 'View Details' }));
    expect(within(item).getByRole('link', { name: 'Open the activity page' })).toHaveAttribute('href', `/plan-activity/${summary().id}`);
    expect(item).toHaveTextContent('OrganizerMaya');

    await user.click(within(item).getByRole('button', { name: 'Join Activity' }));
    expect(joinGroupActivity).toHaveBeenCalledWith(summary().id);
    expect(await screen.findByText('You joined Sunday Grouse Grind!')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Joined' })).toBeDisabled();
    expect(item).toHaveTextContent('confirmed');
  });

  it('says so when nothing is planned nearby', async () => {
    renderWith(createFakeApiClient({ nearbyGroupActivities: vi.fn(async () => ({ area: 'vancouver' as const, activities: [], nextCursor: null })) }));
    expect(await screen.findByText('No upcoming activities near you yet. Plan one and invite partners!')).toBeInTheDocument();
  });

  it('shows the spec sample in demo mode: 4, 6 and 5 places, the full one without Join', async () => {
    renderWith(createDemoApiClient({ wait: async () => {}, storage: window.sessionStorage }));
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent?.match(/\d+\/(\d+) participants/)?.[1])).toEqual(['4', '6', '5']);
    expect(items.map((item) => within(item).queryByRole('button', { name: 'Join Activity' }) !== null)).toEqual([true, false, true]);
  });
});
