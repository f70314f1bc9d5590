import type { RouteDefinition } from '../routes';

export const PARTNER_ROUTES: readonly RouteDefinition[] = [];
