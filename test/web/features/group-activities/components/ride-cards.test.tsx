import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REPORT_NEXT_STEPS } from '@shared/schemas/reports';
import type { RideRequest } from '@shared/schemas/rides';
import { RideRequestCard, type RideActions } from '@/features/group-activities/components/ride-cards';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../../test-utils';
import { ACTIVITY_ID, rideRequest } from '../group-activities-fixtures';

const actions: RideActions = {
  book: vi.fn(),
  cancelBooking: vi.fn(),
  withdraw: vi.fn(),
  offerTo: vi.fn(),
  withdrawRequest: vi.fn(),
};

function renderCard(request: RideRequest) {
  const report = vi.fn(async () => ({ reportId: 'r1', status: 'received' as const, nextSteps: REPORT_NEXT_STEPS }));
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <ul>
            <RideRequestCard request={request} actions={actions} />
          </ul>
        ),
      },
    ],
    { service: createFakeAuthService(SIGNED_IN_USER), apiClient: createFakeApiClient({ report }) },
  );
  return report;
}

describe('RideRequestCard: reporting a ride request', () => {
  it("offers Report on someone else's request and files it as a ride request", async () => {
    const report = renderCard(rideRequest());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report the ride request of Priya' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this ride request' });
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'unsafe');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(report).toHaveBeenCalledWith({
      kind: 'ride_request',
      activityId: ACTIVITY_ID,
      requestId: rideRequest().id,
      reason: 'unsafe',
    });
    expect(await screen.findByRole('dialog', { name: 'Report sent' })).toHaveTextContent(REPORT_NEXT_STEPS);
  });

  it('offers no Report on the viewer’s own request', async () => {
    renderCard(rideRequest({ isMine: true }));
    expect(await screen.findByRole('button', { name: 'Withdraw Request' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
  });
});
