import type { RouteDefinition } from '../routes';

export const ANALYSIS_ROUTES: readonly RouteDefinition[] = [];
