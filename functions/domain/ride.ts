import { sentence } from '../shared/sentences';

/** Rules of ride sharing, free of I/O. */

export function availableSeats(seats: number, seatsBooked: number): number {
  return Math.max(0, seats - seatsBooked);
}

/** A departure must lie ahead and not after the activity starts; the message for the departureTime field, if not. */
export function departureIssue(departsAt: Date, activityStartsAt: Date, now: Date): string | undefined {
  if (departsAt.getTime() > activityStartsAt.getTime()) return 'Leave at or before the activity starts.';
  if (departsAt.getTime() <= now.getTime()) return 'Choose a departure time later than now.';
  return undefined;
}

export type BookingRefusal = 'own_ride' | 'full' | 'already_booked';

/** Why a user may not book a seat, checked before the atomic write (which checks seats and duplicates again). */
export function bookingRefusal(
  ride: { driverId: string; seats: number; seatsBooked: number },
  userId: string,
  alreadyBooked: boolean,
): BookingRefusal | undefined {
  if (ride.driverId === userId) return 'own_ride';
  if (alreadyBooked) return 'already_booked';
  if (availableSeats(ride.seats, ride.seatsBooked) === 0) return 'full';
  return undefined;
}

export const BOOKING_REFUSAL_MESSAGES: Record<BookingRefusal, string> = {
  own_ride: 'This is your own ride.',
  full: 'This ride has no seats left.',
  already_booked: 'You already booked a seat in this ride.',
};

/** Notification texts. Names and titles only. */
export const rideMessages = {
  booked: (name: string, title: string) => sentence(`${name} booked a seat in your ride to ${title}`),
  bookingCancelled: (name: string, title: string) => sentence(`${name} cancelled their seat in your ride to ${title}`),
  rideWithdrawn: (driver: string, title: string, reason?: string) =>
    `${driver} cancelled the ride to ${title}; your seat is no longer booked.${reason ? ` ${sentence(`${driver}'s reason: ${reason}`)}` : ''}`,
  offered: (driver: string, title: string) => sentence(`${driver} offered you a ride to ${title}`),
  /** After a block between passenger and driver: neutral, it names no one and no reason. */
  seatReleased: (title: string) => `Your seat in a ride to ${title} is no longer booked; look for another ride.`,
  passengerRemoved: (name: string, title: string) =>
    `${name} no longer takes part in ${title}; their seat in your ride is free again.`,
} as const;
