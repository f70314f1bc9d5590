import type { RouteDefinition } from '../routes';

export const APPLE_ROUTES: readonly RouteDefinition[] = [];
