/**
 * Every route of the app (spec core-app §2), in one table. The router is built from it and
 * links use `paths.<name>` so a path is spelled in exactly one place.
 */
export type RouteAccess = 'public' | 'protected';

/** Which screen a path renders; the router maps each to a lazily loaded module. */
export type PageId =
  | 'landing'
  | 'login'
  | 'dashboard'
  | 'profile'
  | 'findPartners'
  | 'planActivity'
  | 'analysis'
  | 'partnerProfile'
  | 'messages'
  | 'notifications'
  | 'activityDetails'
  | 'stravaCallback'
  | 'healthCallback'
  | 'terms'
  | 'moderation'
  | 'tripPlans'
  | 'newTripPlan'
  | 'tripPlan'
  | 'tripLink'
  | 'unsubscribe'
  | 'tripStop'
  | 'fileImports'
  | 'billing'
  | 'support';

export interface RouteEntry {
  path: `/${string}`;
  access: RouteAccess;
  page: PageId;
  /** Signed-in and demo visitors are sent on to the dashboard instead (the login page). */
  guestOnly?: true;
}

export const paths = {
  home: '/',
  features: '/features',
  about: '/about',
  login: '/login',
  dashboard: '/dashboard',
  profile: '/profile',
  findPartners: '/find-partners',
  planActivity: '/plan-activity',
  activityDetails: '/plan-activity/:activityId',
  partnerProfile: '/find-partners/:userId',
  messages: '/messages',
  notifications: '/notifications',
  analysis: '/analysis',
  stravaCallback: '/auth/strava/callback',
  healthCallback: '/auth/health/callback',
  healthConnectCallback: '/health-connect-callback',
  appleHealthCallback: '/apple-health-callback',
  terms: '/terms',
  moderation: '/moderation',
  tripPlans: '/trip-plans',
  newTripPlan: '/trip-plans/new',
  tripPlan: '/trip-plans/:planId',
  /** The token is in the fragment (`/trip-link#<token>`): never sent to a server, never in a Referer. */
  tripLink: '/trip-link',
  /** Links mailed before the token moved to the fragment; the page moves it there. */
  tripLinkWithTokenInPath: '/trip-link/:token',
  unsubscribe: '/unsubscribe',
  tripStop: '/trip-stop/:token',
  /** Past activities from files read on the device (GPX, FIT, TCX and whole exports). */
  fileImports: '/profile/files',
  /** The plan (free or Premium), buying it, and Stripe's billing portal; Checkout comes back here. */
  billing: '/profile/billing',
  /** Contact support (Premium members' requests are answered first). */
  support: '/support',
} as const satisfies Record<string, `/${string}`>;

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: paths.home, access: 'public', page: 'landing' },
  { path: paths.features, access: 'public', page: 'landing' },
  { path: paths.about, access: 'public', page: 'landing' },
  { path: paths.login, access: 'public', page: 'login', guestOnly: true },
  { path: paths.dashboard, access: 'protected', page: 'dashboard' },
  { path: paths.profile, access: 'protected', page: 'profile' },
  { path: paths.findPartners, access: 'protected', page: 'findPartners' },
  { path: paths.planActivity, access: 'protected', page: 'planActivity' },
  { path: paths.analysis, access: 'protected', page: 'analysis' },
  { path: paths.activityDetails, access: 'protected', page: 'activityDetails' },
  { path: paths.partnerProfile, access: 'protected', page: 'partnerProfile' },
  { path: paths.messages, access: 'protected', page: 'messages' },
  { path: paths.notifications, access: 'protected', page: 'notifications' },
  { path: paths.stravaCallback, access: 'protected', page: 'stravaCallback' },
  { path: paths.healthCallback, access: 'protected', page: 'healthCallback' },
  { path: paths.healthConnectCallback, access: 'protected', page: 'healthCallback' },
  { path: paths.appleHealthCallback, access: 'protected', page: 'healthCallback' },
  { path: paths.terms, access: 'public', page: 'terms' },
  { path: paths.moderation, access: 'protected', page: 'moderation' },
  { path: paths.tripPlans, access: 'protected', page: 'tripPlans' },
  { path: paths.newTripPlan, access: 'protected', page: 'newTripPlan' },
  { path: paths.tripPlan, access: 'protected', page: 'tripPlan' },
  { path: paths.tripLink, access: 'public', page: 'tripLink' },
  { path: paths.tripLinkWithTokenInPath, access: 'public', page: 'tripLink' },
  { path: paths.unsubscribe, access: 'public', page: 'unsubscribe' },
  { path: paths.tripStop, access: 'public', page: 'tripStop' },
  { path: paths.fileImports, access: 'protected', page: 'fileImports' },
  { path: paths.billing, access: 'protected', page: 'billing' },
  { path: paths.support, access: 'protected', page: 'support' },
];

/** The query parameter that turns demo mode on from any URL (`?demo=true`). */
export const DEMO_QUERY_PARAM = 'demo';
