/** Leaves the app for another site (e.g. Strava's consent page). Its own module so tests can stand in for it. */
export function leaveAppFor(url: string): void {
  window.location.assign(url);
}
