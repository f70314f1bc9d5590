import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast';
import { useApiClient } from '@/lib/api-client-context';
import { userMessage } from '@/lib/error-messages';
import { queryKeys } from '@/lib/query-keys';
import type { RideActions } from './ride-cards';

/** What the ride buttons do: call the API, say how it went, then refresh every list of rides on the screen. */
export function useRideActions(): RideActions {
  const api = useApiClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const run = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      toast.success(success);
      void queryClient.invalidateQueries({ queryKey: queryKeys.rides.all });
    } catch (error) {
      toast.error(userMessage(error));
    }
  };
  return {
    book: (offer) => run(() => api.bookRide(offer.activityId, offer.id), `Seat booked with ${offer.driverName}!`),
    cancelBooking: (offer) => run(() => api.cancelRideBooking(offer.activityId, offer.id), 'Your seat is cancelled.'),
    withdraw: (offer, reason) =>
      run(
        () => api.withdrawRide(offer.activityId, offer.id, reason),
        offer.passengers.length + offer.passengersNotShown > 0
          ? 'Your ride is cancelled. Your passengers have been told.'
          : 'Your ride offer is cancelled.',
      ),
    offerTo: (request) =>
      run(() => api.offerRideToRequest(request.activityId, request.id), `Ride offer sent to ${request.requesterName}!`),
    withdrawRequest: (request) =>
      run(() => api.withdrawRideRequest(request.activityId, request.id), 'Your ride request is withdrawn.'),
  };
}
