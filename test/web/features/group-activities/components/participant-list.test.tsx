import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ActivityDetailsPage from '@/features/group-activities/routes/activity-details-page';
import { ApiError } from '@/lib/api-client';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../../test-utils';
import { ACTIVITY_ID, details, rideOffer, rideRequest } from '../group-activities-fixtures';

/** The organizer's view: the server gives them each participant's id. */
const organizerView = details({
  participantCount: 3,
  viewer: { isOrganizer: true, isParticipant: true },
  participants: [
    { userId: 'user-1', displayName: 'Maya', isOrganizer: true, isYou: true, joinedAt: '2030-05-01T10:00:00.000Z' },
    { userId: 'user-sam', displayName: 'Sam', isOrganizer: false, isYou: false, joinedAt: '2030-05-02T10:00:00.000Z' },
    {
      userId: 'user-priya',
      displayName: 'Priya',
      isOrganizer: false,
      isYou: false,
      joinedAt: '2030-05-03T10:00:00.000Z',
    },
  ],
});

function renderPage(overrides: Parameters<typeof createFakeApiClient>[0]) {
  const apiClient = createFakeApiClient({
    activityRides: vi.fn(async () => ({ offers: [], requests: [] })),
    ...overrides,
  });
  renderRoutes([{ path: '/plan-activity/:activityId', element: <ActivityDetailsPage /> }], {
    path: `/plan-activity/${ACTIVITY_ID}`,
    service: createFakeAuthService(SIGNED_IN_USER),
    apiClient,
  });
  return apiClient;
}

const participantsSection = async () =>
  (await screen.findByRole('heading', { name: /^Participants/ })).closest('section')!;

describe('ParticipantList: the organizer removes a participant', () => {
  it('offers Remove next to each participant (not the organizer), asks first, and shows the list without them', async () => {
    const after = details({
      ...organizerView,
      participantCount: 2,
      participants: organizerView.participants.filter((p) => p.userId !== 'user-sam'),
    });
    const removeParticipant = vi.fn(async () => after);
    renderPage({ groupActivity: vi.fn(async () => organizerView), removeParticipant });
    const user = userEvent.setup();
    const section = await participantsSection();
    expect(
      within(section)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Remove Sam', 'Remove Priya']);

    // Cancel first: nothing happens.
    await user.click(within(section).getByRole('button', { name: 'Remove Sam' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Sam?' });
    expect(dialog).toHaveTextContent(
      'Sam will lose their place in Sunday Grouse Grind, with any ride seats they booked for it, and cannot join it again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(removeParticipant).not.toHaveBeenCalled();

    // Then confirm, by keyboard.
    within(section).getByRole('button', { name: 'Remove Sam' }).focus();
    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(removeParticipant).toHaveBeenCalledWith(ACTIVITY_ID, 'user-sam');
    expect(await screen.findByText('Sam was removed from Sunday Grouse Grind.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(section)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Maya (you)Organizer', 'PriyaRemove']),
    );
    expect(screen.getByRole('heading', { name: 'Participants (2/4)' })).toBeInTheDocument();
  });

  it("takes the removed person's ride request and seat off the rides list at once, without a reload", async () => {
    const after = details({
      ...organizerView,
      participantCount: 2,
      participants: organizerView.participants.filter((p) => p.userId !== 'user-sam'),
    });
    const activityRides = vi
      .fn()
      .mockResolvedValueOnce({
        offers: [rideOffer({ passengers: ['Sam'], availableSeats: 2 })],
        requests: [rideRequest({ requesterName: 'Sam' })],
      })
      .mockResolvedValue({ offers: [rideOffer({ passengers: [], availableSeats: 3 })], requests: [] });
    renderPage({
      groupActivity: vi.fn(async () => organizerView),
      removeParticipant: vi.fn(async () => after),
      activityRides,
    });
    const user = userEvent.setup();
    const rides = (await screen.findByRole('heading', { name: 'Rides' })).closest('section')!;
    expect(await within(rides).findByRole('button', { name: 'Offer Ride' })).toBeInTheDocument();
    expect(within(rides).getByText('Passengers: Sam')).toBeInTheDocument();

    await user.click(within(await participantsSection()).getByRole('button', { name: 'Remove Sam' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await within(rides).findByText('No one has asked for a ride yet.')).toBeInTheDocument();
    expect(within(rides).queryByRole('button', { name: 'Offer Ride' })).not.toBeInTheDocument();
    expect(within(rides).queryByText('Passengers: Sam')).not.toBeInTheDocument();
    expect(within(rides).getByText('3 of 3')).toBeInTheDocument();
    expect(activityRides).toHaveBeenCalledTimes(2);
  });

  it('shows the server refusal and keeps the participant', async () => {
    const removeParticipant = vi.fn(async () => {
      throw new ApiError(404, 'not_found', 'That person does not take part in this activity.'); // shown as the app's 404 text
    });
    renderPage({ groupActivity: vi.fn(async () => organizerView), removeParticipant });
    const user = userEvent.setup();
    const section = await participantsSection();
    await user.click(within(section).getByRole('button', { name: 'Remove Priya' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('We could not find what you were looking for.')).toBeInTheDocument();
    expect(within(section).getByText('Priya')).toBeInTheDocument();
  });

  it('gives no Remove action to participants, nor on a cancelled activity', async () => {
    renderPage({ groupActivity: vi.fn(async () => details({ viewer: { isOrganizer: false, isParticipant: true } })) });
    const section = await participantsSection();
    expect(within(section).queryAllByRole('button')).toEqual([]);
  });

  it('gives no Remove action once the activity is cancelled', async () => {
    renderPage({
      groupActivity: vi.fn(async () => details({ ...organizerView, cancelledAt: '2030-05-04T10:00:00.000Z' })),
    });
    const section = await participantsSection();
    expect(within(section).queryAllByRole('button')).toEqual([]);
  });
});

describe('ParticipantList: people one is kept apart from are counted, not named', () => {
  it("ends the list with 'And 1 other' so the names agree with the count, and shows passengers the same way", async () => {
    const { rideOffer } = await import('../group-activities-fixtures');
    renderPage({
      groupActivity: vi.fn(async () =>
        details({
          participantCount: 2,
          participantsNotShown: 1,
          viewer: { isOrganizer: false, isParticipant: true },
          participants: [{ displayName: 'Maya', isOrganizer: true, isYou: true, joinedAt: '2030-05-01T10:00:00.000Z' }],
        }),
      ),
      activityRides: vi.fn(async () => ({
        offers: [rideOffer({ availableSeats: 1, passengers: ['Sam'], passengersNotShown: 1 })],
        requests: [],
      })),
    });
    const section = await participantsSection();
    expect(within(section).getByRole('heading').textContent).toBe('Participants (2/4)');
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Maya (you)Organizer', 'And 1 other']);
    expect(await screen.findByText('Passengers: Sam, and 1 other')).toBeTruthy();
  });
});
