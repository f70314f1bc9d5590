import type { CalendarEvent } from '@shared/calendar';
import type { RideOffer } from '@shared/schemas/rides';

/**
 * Directions in Google Maps to a place typed as text (the activity's meeting place). Maps URLs, "Directions" action:
 * `https://www.google.com/maps/dir/?api=1&destination=<URL-encoded text>`; no API key, and the same link opens the
 * Maps app on phones (developers.google.com/maps/documentation/urls, read 2026-11-28). No origin: Maps starts from
 * where the person is.
 */
export function directionsUrl(place: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(place)}`;
}

/** The activity page's own address, to share: it opens for signed-in members (others sign in first and come back). */
export function activityShareUrl(origin: string, activityId: string): string {
  return `${origin}/plan-activity/${encodeURIComponent(activityId)}`;
}

const MINUTE_MS = 60_000;

interface CalendarActivity {
  id: string;
  title: string;
  date: string;
  time: string;
  /** The start as an instant, converted by the server. */
  startsAt: string;
  location: string;
}

/** The activity as a calendar event: its start for its duration, at its meeting place, with its link. */
export function activityCalendarEvent(
  activity: CalendarActivity & { duration: number; description: string },
  origin: string,
): CalendarEvent {
  const start = new Date(activity.startsAt);
  const url = activityShareUrl(origin, activity.id);
  return {
    uid: `activity-${activity.id}@trailbuddy`,
    title: activity.title,
    start,
    end: new Date(start.getTime() + activity.duration * MINUTE_MS),
    location: activity.location,
    description: [activity.description, `On TrailBuddy: ${url}`].filter(Boolean).join('\n\n'),
    url,
  };
}

/**
 * A ride as a calendar event, from its departure to the activity's start. The departure is typed as wall-clock time
 * at the meeting place; its instant is the activity's (converted by the server) moved by the difference of the two
 * wall-clock times, which holds because British Columbia's clocks no longer change.
 */
export function rideCalendarEvent(
  offer: Pick<RideOffer, 'id' | 'driverName' | 'departureDate' | 'departureTime' | 'pickupLocations' | 'isMine'>,
  activity: CalendarActivity,
  origin: string,
): CalendarEvent {
  const activityStart = new Date(activity.startsAt);
  const ahead = wallClockMs(activity.date, activity.time) - wallClockMs(offer.departureDate, offer.departureTime);
  const pickups = offer.pickupLocations.join(', ');
  const url = activityShareUrl(origin, activity.id);
  return {
    uid: `ride-${offer.id}@trailbuddy`,
    title: `Ride to ${activity.title}`,
    start: new Date(activityStart.getTime() - ahead),
    end: activityStart,
    location: offer.pickupLocations[0] ?? activity.location,
    description: [
      offer.isMine ? 'You are driving.' : `Driver: ${offer.driverName}.`,
      pickups && `Pickup: ${pickups}.`,
      `Meeting place: ${activity.location}.`,
      `On TrailBuddy: ${url}`,
    ]
      .filter(Boolean)
      .join('\n'),
    url,
  };
}

const wallClockMs = (date: string, time: string) => Date.parse(`${date}T${time}:00Z`);
