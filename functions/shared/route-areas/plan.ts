import type { RouteDefinition, ScheduledJobDefinition } from '../routes';

export const PLAN_ROUTES: readonly RouteDefinition[] = [];

export const PLAN_SCHEDULED_JOBS: readonly ScheduledJobDefinition[] = [];
