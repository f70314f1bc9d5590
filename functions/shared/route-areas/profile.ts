import type { RouteDefinition } from '../routes';

export const PROFILE_ROUTES: readonly RouteDefinition[] = [];
