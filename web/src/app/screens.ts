/**
 * Which module draws each screen, and which screen a path shows, with no React or router code: the router lazily
 * loads these modules, the build lists each one's chunks in index.html (web/scripts/prerender.ts), and the module
 * entry (web/src/main.tsx) preloads the current screen's chunks beside the app's instead of after the app has run.
 */
import { ROUTE_TABLE, type PageId } from '../lib/paths';

/** Each screen's module, relative to web/src without its `.tsx` (its own chunk: `src/<module>.tsx` in the manifest). */
export const SCREEN_MODULES: Readonly<Record<PageId, string>> = {
  landing: 'features/landing/routes/landing-page',
  login: 'features/auth/routes/login-page',
  dashboard: 'features/dashboard/routes/dashboard-page',
  profile: 'features/profile/routes/profile-page',
  findPartners: 'features/partners/routes/find-partners-page',
  planActivity: 'features/group-activities/routes/plan-activity-page',
  activityDetails: 'features/group-activities/routes/activity-details-page',
  partnerProfile: 'features/partners/routes/partner-profile-page',
  messages: 'features/partners/routes/messages-page',
  notifications: 'features/notifications/routes/notifications-page',
  analysis: 'features/analysis/routes/analysis-page',
  stravaCallback: 'features/connections/routes/strava-callback-page',
  healthCallback: 'features/connections/routes/health-callback-page',
  terms: 'features/terms/routes/terms-page',
  moderation: 'features/moderation/routes/moderation-page',
  tripPlans: 'features/trip-plans/routes/trip-plans-page',
  newTripPlan: 'features/trip-plans/routes/new-trip-plan-page',
  tripPlan: 'features/trip-plans/routes/trip-plan-page',
  tripLink: 'features/trip-plans/routes/trip-link-page',
  unsubscribe: 'features/trip-plans/routes/unsubscribe-page',
  tripStop: 'features/trip-plans/routes/trip-stop-page',
  fileImports: 'features/file-import/routes/file-import-page',
  billing: 'features/billing/routes/billing-page',
  support: 'features/support/routes/support-page',
};

/** The id of index.html's JSON block naming each screen's chunks (web/scripts/prerender.ts writes it). */
export const SCREEN_CHUNKS_ID = 'screen-chunks';
/**
 * What such a block holds (this one, and demo mode's: web/src/app/demo-areas.ts): site paths of chunks and their static
 * imports, by screen, less the app's own.
 */
export type ScreenChunks = Partial<Record<PageId, string[]>>;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const paramCount = (path: string) => segmentsOf(path).filter((segment) => segment.startsWith(':')).length;

function matches(pattern: string, pathname: string): boolean {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  return (
    wanted.length === given.length && wanted.every((segment, at) => segment.startsWith(':') || segment === given[at])
  );
}

/** The screen `pathname` shows (undefined: the not-found page); a static segment wins over a `:param`, as in the router. */
export function screenAt(pathname: string): PageId | undefined {
  const candidates = ROUTE_TABLE.filter((entry) => matches(entry.path, pathname));
  return candidates.sort((a, b) => paramCount(a.path) - paramCount(b.path))[0]?.page;
}

/**
 * Adds modulepreload links for the chunks of the screen `pathname` shows, as index.html's block `listId` lists them:
 * they then download while the app starts rather than once it has rendered. Nothing for a page without it.
 */
export function preloadScreenChunks(document: Document, pathname: string, listId = SCREEN_CHUNKS_ID): void {
  const listed = document.getElementById(listId)?.textContent;
  const page = screenAt(pathname);
  if (!listed || !page) return;
  for (const href of (JSON.parse(listed) as ScreenChunks)[page] ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
