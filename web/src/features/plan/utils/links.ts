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
