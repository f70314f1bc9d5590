import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ActivityDetailsPage from '@/features/group-activities/routes/activity-details-page';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../../test-utils';
import { captureDownloads } from '../../../capture-downloads';
import { ACTIVITY_ID, details, rideOffer, rideRequest } from '../group-activities-fixtures';

function renderPage(overrides: Parameters<typeof createFakeApiClient>[0]) {
  const apiClient = createFakeApiClient(overrides);
  renderRoutes([{ path: '/plan-activity/:activityId', element: <ActivityDetailsPage /> }], {
    path: `/plan-activity/${ACTIVITY_ID}`,
    service: createFakeAuthService(SIGNED_IN_USER),
    apiClient,
  });
  return apiClient;
}

describe('ActivityDetailsPage', () => {
  it('shows details and participants to someone not taking part, with Join and no rides', async () => {
    const joinGroupActivity = vi.fn(async () =>
      details({ participantCount: 4, status: 'confirmed', viewer: { isOrganizer: false, isParticipant: true } }),
    );
    const api = renderPage({
      groupActivity: vi.fn(async () => details()),
      joinGroupActivity,
      activityRides: vi.fn(async () => ({ offers: [], requests: [] })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday Grouse Grind' })).toBeInTheDocument();
    expect(screen.getByText('almost full')).toBeInTheDocument();
    const participants = screen.getByRole('heading', { name: 'Participants (3/4)' }).closest('section')!;
    expect(
      within(participants)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['MayaOrganizer', 'Sam', 'TrailBuddy member']);
    expect(screen.getByText('Join this activity to see and share rides to it.')).toBeInTheDocument();
    expect(api.activityRides).not.toHaveBeenCalled();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Join Activity' }));
    expect(joinGroupActivity).toHaveBeenCalledWith(ACTIVITY_ID);
    expect(await screen.findByRole('button', { name: 'Leave Activity' })).toBeInTheDocument();
    expect(screen.getByText('confirmed')).toBeInTheDocument();
    await waitFor(() => expect(api.activityRides).toHaveBeenCalledWith(ACTIVITY_ID));
  });

  it('lets a participant book a ride, offer theirs to a request and leave', async () => {
    const participant = details({ viewer: { isOrganizer: false, isParticipant: true } });
    const bookRide = vi.fn(async () => ({
      offers: [rideOffer({ availableSeats: 1, bookedByMe: true })],
      requests: [rideRequest()],
    }));
    const offerRideToRequest = vi.fn(async () => ({
      offers: [rideOffer()],
      requests: [rideRequest({ offeredByMe: true })],
    }));
    // The viewer drives too, so 'Offer Ride' on a request offers their ride at once.
    const myOffer = rideOffer({ id: '01JZ0000000000000000000R09', driverName: 'Alex', isMine: true });
    const activityRides = vi.fn(async () => ({ offers: [rideOffer(), myOffer], requests: [rideRequest()] }));
    renderPage({ groupActivity: vi.fn(async () => participant), activityRides, bookRide, offerRideToRequest });
    const user = userEvent.setup();

    const rides = (await screen.findByRole('heading', { name: 'Rides' })).closest('section')!;
    const offer = (await within(rides).findByText('Jordan')).closest('li')!;
    expect(offer).toHaveTextContent('2 rides offered · Green 2021 Subaru Outback');
    expect(offer).toHaveTextContent('Seats available2 of 3');
    expect(offer).toHaveTextContent('Cost per person$10');
    await user.click(within(offer).getByRole('button', { name: 'Join Ride' }));
    expect(bookRide).toHaveBeenCalledWith(ACTIVITY_ID, rideOffer().id);
    expect(await screen.findByText('Seat booked with Jordan!')).toBeInTheDocument();

    // The booking reloads the rides; the list is back once the reload has rendered (a deferred value: web/src/lib/server-query.ts).
    const request = (await within(rides).findByText('Priya')).closest('li')!;
    expect(request).toHaveTextContent('Willing to share costsYes');
    await user.click(within(request).getByRole('button', { name: 'Offer Ride' }));
    expect(offerRideToRequest).toHaveBeenCalledWith(ACTIVITY_ID, rideRequest().id);
    expect(await screen.findByText('Ride offer sent to Priya!')).toBeInTheDocument();
  });

  it("opens the offer form when 'Offer Ride' is pressed before the viewer has a ride, then offers it to that request", async () => {
    const participant = details({ viewer: { isOrganizer: false, isParticipant: true } });
    const offerRide = vi.fn(async () => ({ offers: [rideOffer({ isMine: true })], requests: [rideRequest()] }));
    const offerRideToRequest = vi.fn(async () => ({
      offers: [rideOffer({ isMine: true })],
      requests: [rideRequest({ offeredByMe: true })],
    }));
    renderPage({
      groupActivity: vi.fn(async () => participant),
      activityRides: vi.fn(async () => ({ offers: [], requests: [rideRequest()] })),
      offerRide,
      offerRideToRequest,
    });
    const user = userEvent.setup();

    const request = (await screen.findByText('Priya')).closest('li')!;
    await user.click(within(request).getByRole('button', { name: 'Offer Ride' }));
    expect(offerRideToRequest).not.toHaveBeenCalled();
    const form = screen.getByRole('form', { name: 'Offer a ride' });
    expect(screen.getByText("Offer your ride first; it then goes to Priya's request.")).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Vehicle make'), 'Subaru');
    await user.type(within(form).getByLabelText('Vehicle model'), 'Outback');
    await user.type(within(form).getByLabelText('Vehicle year'), '2021');
    await user.type(within(form).getByLabelText('Vehicle colour'), 'Green');
    await user.type(within(form).getByLabelText('Departure time'), '07:00');
    await user.type(within(form).getByLabelText('Pickup locations'), 'Kitsilano{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Offer Ride' }));
    await waitFor(() => expect(offerRide).toHaveBeenCalled());
    await waitFor(() => expect(offerRideToRequest).toHaveBeenCalledWith(ACTIVITY_ID, rideRequest().id));
    expect(await screen.findByText('Ride offer sent to Priya!')).toBeInTheDocument();
  });

  it('asks the driver before cancelling a booked ride, takes an optional reason, and says the passengers were told', async () => {
    const participant = details({ viewer: { isOrganizer: false, isParticipant: true } });
    const mine = rideOffer({ driverName: 'Alex', isMine: true, passengers: ['Sam', 'Priya'], availableSeats: 1 });
    const withdrawRide = vi.fn(async () => ({ offers: [], requests: [] }));
    const activityRides = vi
      .fn()
      .mockResolvedValueOnce({ offers: [mine], requests: [] })
      .mockResolvedValue({ offers: [], requests: [] });
    renderPage({ groupActivity: vi.fn(async () => participant), activityRides, withdrawRide });
    const user = userEvent.setup();

    const rides = (await screen.findByRole('heading', { name: 'Rides' })).closest('section')!;
    await user.click(await within(rides).findByRole('button', { name: 'Cancel Ride' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Cancel your ride?' });
    expect(dialog).toHaveTextContent(
      'Sam, Priya have seats in it. They will be told the ride is cancelled and that their seat is no longer booked.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep My Ride' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(withdrawRide).not.toHaveBeenCalled();

    await user.click(within(rides).getByRole('button', { name: 'Cancel Ride' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Cancel your ride?' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'The car will not start.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Ride' }));
    expect(withdrawRide).toHaveBeenCalledWith(ACTIVITY_ID, mine.id, 'The car will not start.');
    expect(await screen.findByText('Your ride is cancelled. Your passengers have been told.')).toBeInTheDocument();
    expect(await within(rides).findByText('No one has offered a ride yet.')).toBeInTheDocument();
  });

  it('cancels a ride nobody booked after asking, with no reason to give', async () => {
    const participant = details({ viewer: { isOrganizer: false, isParticipant: true } });
    const mine = rideOffer({ driverName: 'Alex', isMine: true, passengers: [], availableSeats: 3 });
    const withdrawRide = vi.fn(async () => ({ offers: [], requests: [] }));
    renderPage({
      groupActivity: vi.fn(async () => participant),
      activityRides: vi.fn(async () => ({ offers: [mine], requests: [] })),
      withdrawRide,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel Ride' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your ride?' });
    expect(dialog).toHaveTextContent('Nobody has booked a seat yet.');
    expect(within(dialog).queryByLabelText('Reason (optional)')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Ride' }));
    expect(withdrawRide).toHaveBeenCalledWith(ACTIVITY_ID, mine.id, undefined);
    expect(await screen.findByText('Your ride offer is cancelled.')).toBeInTheDocument();
  });

  it('links directions to the meeting place in Google Maps and copies a link to the activity page', async () => {
    const user = userEvent.setup();
    renderPage({ groupActivity: vi.fn(async () => details({ location: 'Lynn Headwaters, gate 2 & lot' })) });
    const directions = await screen.findByRole('link', { name: /^Get directions/ });
    expect(directions).toHaveTextContent('Get directions to Lynn Headwaters, gate 2 & lot (opens Google Maps)');
    expect(directions).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=Lynn%20Headwaters%2C%20gate%202%20%26%20lot',
    );
    expect(directions).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('button', { name: 'Copy link to share' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/plan-activity/${ACTIVITY_ID}`);
    expect(await screen.findByText('Link copied. Members who open it see this activity.')).toBeInTheDocument();
  });

  it('adds the activity to a calendar: an .ics file at its UTC start for its duration, with its link', async () => {
    const downloads = captureDownloads();
    const activity = details({ location: 'Grouse Mountain base, lot 2' });
    renderPage({ groupActivity: vi.fn(async () => activity) });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Add to calendar/ }));
    expect(downloads.map((d) => [d.fileName, d.type])).toEqual([
      ['trailbuddy-sunday-grouse-grind.ics', 'text/calendar;charset=utf-8'],
    ]);
    const lines = (await downloads[0]!.text()).replace(/\r\n[ \t]/g, '').split('\r\n');
    const start = new Date(activity.startsAt);
    const utc = (instant: Date) =>
      instant
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z')
        .replace(/[-:]/g, '');
    expect(lines).toEqual(
      expect.arrayContaining([
        `UID:activity-${ACTIVITY_ID}@trailbuddy`,
        'SUMMARY:Sunday Grouse Grind',
        `DTSTART:${utc(start)}`,
        `DTEND:${utc(new Date(start.getTime() + activity.duration * 60_000))}`,
        'LOCATION:Grouse Mountain base\\, lot 2',
        `URL:${window.location.origin}/plan-activity/${ACTIVITY_ID}`,
      ]),
    );
  });

  it('adds a ride the viewer drives to a calendar, from its departure to the activity start', async () => {
    const downloads = captureDownloads();
    const activity = details({ viewer: { isOrganizer: false, isParticipant: true } });
    const mine = rideOffer({ isMine: true, departureDate: activity.date, departureTime: '07:15' });
    renderPage({
      groupActivity: vi.fn(async () => activity),
      activityRides: vi.fn(async () => ({
        offers: [mine, rideOffer({ id: '01JZ0000000000000000000R77' })],
        requests: [],
      })),
    });
    // The activity's own, and the ride the viewer drives (not the one they have no seat in).
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Add to calendar/ })).toHaveLength(2));
    const buttons = screen.getAllByRole('button', { name: /^Add to calendar/ });
    await userEvent.setup().click(buttons[1]!);
    const text = (await downloads[0]!.text()).replace(/\r\n[ \t]/g, '');
    const start = Date.parse(activity.startsAt);
    const utc = (ms: number) =>
      new Date(ms)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z')
        .replace(/[-:]/g, '');
    expect(text).toContain(`UID:ride-${mine.id}@trailbuddy`);
    expect(text).toContain(`SUMMARY:Ride to ${activity.title}`);
    expect(text).toContain(`DTSTART:${utc(start - 45 * 60_000)}`);
    expect(text).toContain(`DTEND:${utc(start)}`);
  });

  it('closes rides on a cancelled activity and says when, as a date at the meeting place', async () => {
    const cancelled = details({
      cancelledAt: '2030-05-20T05:00:00.000Z',
      viewer: { isOrganizer: false, isParticipant: true },
    });
    const api = renderPage({
      groupActivity: vi.fn(async () => cancelled),
      activityRides: vi.fn(async () => ({ offers: [rideOffer()], requests: [rideRequest()] })),
    });
    // 05:00 UTC on May 20 is still May 19 in Vancouver.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This activity was cancelled by the organizer on Sun, May 19, 2030.',
    );
    expect(screen.getByText('Rides are closed: this activity was cancelled.')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Join Ride|Offer Ride|Offer a Ride|Request a Ride/ }),
    ).not.toBeInTheDocument();
    expect(api.activityRides).not.toHaveBeenCalled();
  });

  it('checks the ride offer form before sending, including the $15 ceiling', async () => {
    const offerRide = vi.fn(async () => ({ offers: [rideOffer({ isMine: true })], requests: [] }));
    renderPage({
      groupActivity: vi.fn(async () => details({ viewer: { isOrganizer: false, isParticipant: true } })),
      activityRides: vi.fn(async () => ({ offers: [], requests: [] })),
      offerRide,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Offer a Ride' }));
    const form = screen.getByRole('form', { name: 'Offer a ride' });
    await user.click(within(form).getByRole('button', { name: 'Offer Ride' }));
    expect(within(form).getByText('Enter the vehicle make.')).toBeInTheDocument();
    expect(within(form).getByText('Add at least one pickup location.')).toBeInTheDocument();
    expect(offerRide).not.toHaveBeenCalled();

    await user.type(within(form).getByLabelText('Vehicle make'), 'Subaru');
    await user.type(within(form).getByLabelText('Vehicle model'), 'Outback');
    await user.type(within(form).getByLabelText('Vehicle year'), '2021');
    await user.type(within(form).getByLabelText('Vehicle colour'), 'Green');
    await user.type(within(form).getByLabelText('Departure time'), '07:00');
    await user.type(within(form).getByLabelText('Pickup locations'), 'Kitsilano{Enter}Burrard');
    await user.clear(within(form).getByLabelText('Cost per person ($)'));
    await user.type(within(form).getByLabelText('Cost per person ($)'), '20');
    await user.click(within(form).getByRole('button', { name: 'Offer Ride' }));
    expect(within(form).getByText(/ask at most \$15 per person/)).toBeInTheDocument();
    expect(offerRide).not.toHaveBeenCalled();

    await user.clear(within(form).getByLabelText('Cost per person ($)'));
    await user.type(within(form).getByLabelText('Cost per person ($)'), '12');
    await user.click(within(form).getByRole('button', { name: 'Offer Ride' }));
    await waitFor(() =>
      expect(offerRide).toHaveBeenCalledWith(ACTIVITY_ID, {
        vehicle: { make: 'Subaru', model: 'Outback', year: 2021, color: 'Green' },
        seats: 3,
        departureTime: '07:00',
        pickupLocations: ['Kitsilano', 'Burrard'],
        costPerPerson: 12,
        notes: '',
      }),
    );
    expect(await screen.findByText('Your ride is offered to the group.')).toBeInTheDocument();
  });

  it('gives the organizer Edit and Cancel; cancelling asks first and then shows the activity cancelled', async () => {
    const organizer = details({ viewer: { isOrganizer: true, isParticipant: true } });
    const cancelGroupActivity = vi.fn(async () => ({ ...organizer, cancelledAt: '2030-05-20T10:00:00.000Z' }));
    const updateGroupActivity = vi.fn(async () => ({ ...organizer, title: 'Grind, later' }));
    renderPage({
      groupActivity: vi.fn(async () => organizer),
      activityRides: vi.fn(async () => ({ offers: [], requests: [] })),
      cancelGroupActivity,
      updateGroupActivity,
    });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Activity' }));
    const title = screen.getByRole('heading', { name: 'Edit Activity' }).closest('section')!;
    const titleInput = within(title).getByLabelText('Title');
    expect(titleInput).toHaveValue('Sunday Grouse Grind');
    await user.clear(titleInput);
    await user.type(titleInput, 'Grind, later');
    await user.click(within(title).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(updateGroupActivity).toHaveBeenCalledWith(
        ACTIVITY_ID,
        expect.objectContaining({ title: 'Grind, later', maxParticipants: 4 }),
      ),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Grind, later' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel Activity' }));
    expect(cancelGroupActivity).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel It' }));
    expect(cancelGroupActivity).toHaveBeenCalledWith(ACTIVITY_ID);
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This activity was cancelled by the organizer');
    expect(screen.queryByRole('button', { name: 'Edit Activity' })).not.toBeInTheDocument();
  });

  it('says when the activity cannot be found', async () => {
    const { ApiError } = await import('@/lib/api-client');
    renderPage({
      groupActivity: vi.fn(async () =>
        Promise.reject(new ApiError(404, 'not_found', 'We could not find that activity.')),
      ),
    });
    expect(await screen.findByText('We could not find what you were looking for.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Plan Activity' })).toBeInTheDocument();
    // Trying again cannot bring back what is not there.
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it('shows a spinner while loading, and Try Again after a failed load', async () => {
    const { ApiError } = await import('@/lib/api-client');
    let fail: (error: unknown) => void = () => {};
    const groupActivity = vi
      .fn()
      .mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)))
      .mockResolvedValueOnce(details());
    renderPage({ groupActivity, activityRides: vi.fn(async () => ({ offers: [], requests: [] })) });
    expect(await screen.findByRole('status', { name: 'Loading the activity' })).toBeInTheDocument();
    fail(new ApiError(0, 'network_error', 'Failed to fetch'));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Plan Activity' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday Grouse Grind' })).toBeInTheDocument();
    expect(groupActivity).toHaveBeenCalledTimes(2);
  });
});
