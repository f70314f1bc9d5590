/** How activities read on screen (spec health-connections §2, Activities list). */

const shortMonthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

function startOfLocalDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** 'Today', 'Yesterday', else the short month and day ('Mar 5'), by the viewer's calendar. */
export function formatRelativeDate(iso: string, now: Date): string {
  const date = new Date(iso);
  const days = Math.round((startOfLocalDay(now) - startOfLocalDay(date)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return shortMonthDay.format(date);
}

/** Kilometres with one decimal from 1000 m up, else whole metres; '-' when there is no distance. */
export function formatDistance(meters: number | null | undefined): string {
  if (!meters) return '-';
  if (meters >= 1000) return `${(meters / 1000).toFixed(1)} km`;
  return `${Math.round(meters)} m`;
}

/** h:mm:ss from an hour up, else m:ss. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, '0')}:${rest}`;
  return `${minutes}:${rest}`;
}

export function formatElevation(meters: number | null | undefined): string {
  if (meters === null || meters === undefined) return '-';
  return `${Math.round(meters)} m`;
}

/** Average speed in km/h: metres per second times 3.6. */
export function formatSpeed(metersPerSecond: number | null | undefined): string {
  if (metersPerSecond === null || metersPerSecond === undefined) return '-';
  return `${(metersPerSecond * 3.6).toFixed(1)} km/h`;
}

/** Provider type names for people, from the one vocabulary the server aggregates with: 'Walking', 'walking', 'Walk' → 'Walk'. */
export { activityTypeLabel } from '@shared/activity-types';

/** A daily step count row shows its steps where a workout shows its duration (it has none). */
export function formatSteps(steps: number | null | undefined): string {
  return `${Math.round(steps ?? 0).toLocaleString('en-US')} steps`;
}
