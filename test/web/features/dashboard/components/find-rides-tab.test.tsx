import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FindRidesTab } from '@/features/dashboard/components/find-rides-tab';
import type { ApiClient } from '@/lib/api-client';
import { createDemoApiClient } from '@/app/demo-api-client';
import { DEMO_TRAITS } from '@/lib/demo/demo-traits';
import { createFakeApiClient, createFakeAuthService, SIGNED_IN_USER, TestProviders } from '../../../test-utils';
import { ACTIVITY_ID, rideOffer, rideRequest } from '../../group-activities/group-activities-fixtures';

function renderWith(apiClient: ApiClient, demo = false) {
  if (demo) window.sessionStorage.setItem('trailbuddy.demo', 'true');
  render(
    <TestProviders service={createFakeAuthService(demo ? null : SIGNED_IN_USER)} apiClient={apiClient}>
      <FindRidesTab />
    </TestProviders>,
  );
}

const activities = [
  {
    id: ACTIVITY_ID,
    title: 'Sunday Grouse Grind',
    date: '2030-06-02',
    time: '08:00',
    startsAt: '2030-06-02T15:00:00.000Z',
    location: 'Grouse',
  },
];

describe('FindRidesTab', () => {
  it("shows the offers and requests of the user's activities and books a seat", async () => {
    const bookRide = vi.fn(async () => ({ offers: [], requests: [] }));
    const myRides = vi.fn(async () => ({
      activities,
      offers: [rideOffer(), rideOffer({ id: 'full', availableSeats: 0, driverName: 'Sam' })],
      requests: [rideRequest()],
    }));
    renderWith(createFakeApiClient({ myRides, bookRide }));
    const offers = (await screen.findByRole('heading', { name: 'Available Ride Offers' })).closest('section')!;
    const [open, full] = within(offers).getAllByRole('listitem');
    expect(open).toHaveTextContent('Jordan');
    expect(open).toHaveTextContent('2 rides offered');
    expect(open).toHaveTextContent('To Sunday Grouse Grind');
    expect(open).toHaveTextContent('Seats available2');
    expect(open).toHaveTextContent('Cost per person$10');
    expect(open).toHaveTextContent('Pickup locationsKitsilano Beach parking');
    expect(open).toHaveTextContent('Room for poles.');
    expect(within(full!).queryByRole('button', { name: 'Join Ride' })).not.toBeInTheDocument();
    expect(full).toHaveTextContent('Full');

    const requests = screen.getByRole('heading', { name: 'Ride Requests' }).closest('section')!;
    expect(within(requests).getByRole('listitem')).toHaveTextContent(
      'Preferred pickupMain Street StationWilling to share costsYes',
    );

    await userEvent.setup().click(within(open!).getByRole('button', { name: 'Join Ride' }));
    expect(bookRide).toHaveBeenCalledWith(ACTIVITY_ID, rideOffer().id);
    expect(await screen.findByText('Seat booked with Jordan!')).toBeInTheDocument();
    expect(myRides).toHaveBeenCalledTimes(2);
  });

  it('shows the server’s reason when Offer Ride is refused', async () => {
    const { ApiError } = await import('@/lib/api-client');
    renderWith(
      createFakeApiClient({
        myRides: vi.fn(async () => ({ activities, offers: [], requests: [rideRequest()] })),
        offerRideToRequest: vi.fn(async () =>
          Promise.reject(
            new ApiError(409, 'no_ride', 'Offer a ride to this activity first, then offer it to this request.'),
          ),
        ),
      }),
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Offer Ride' }));
    expect(
      await screen.findByText('Offer a ride to this activity first, then offer it to this request.'),
    ).toBeInTheDocument();
  });

  it('says there are no rides yet for a signed-in user', async () => {
    renderWith(createFakeApiClient({ myRides: vi.fn(async () => ({ activities: [], offers: [], requests: [] })) }));
    expect(await screen.findByText(/No ride offers or requests for your upcoming activities yet/)).toBeInTheDocument();
  });

  it("keeps the spec's sample in demo mode: $8 and $12 a person, 3 and 4 seats", async () => {
    renderWith(createDemoApiClient({ wait: async () => {}, storage: window.sessionStorage }), true);
    const offers = (await screen.findByRole('heading', { name: 'Available Ride Offers' })).closest('section')!;
    const text = within(offers)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(text).toHaveLength(2);
    expect(text[0]).toMatch(/★ 4\.9.*Seats available3.*Cost per person\$8/);
    expect(text[1]).toMatch(/Seats available4.*Cost per person\$12/);
    expect(screen.getAllByRole('button', { name: 'Offer Ride' })).toHaveLength(2);
  });

  it("says 'Demo ride data not available' in demo mode without rides", async () => {
    renderWith(
      createFakeApiClient({
        traits: DEMO_TRAITS,
        myRides: vi.fn(async () => ({ activities: [], offers: [], requests: [] })),
      }),
      true,
    );
    expect(await screen.findByText('Demo ride data not available')).toBeInTheDocument();
  });
});
