import type { RouteDefinition, ScheduledJobDefinition } from '../routes';

export const GOOGLE_ROUTES: readonly RouteDefinition[] = [];

export const GOOGLE_SCHEDULED_JOBS: readonly ScheduledJobDefinition[] = [];
