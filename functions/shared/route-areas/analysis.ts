import type { RouteDefinition } from '../routes';

export const ANALYSIS_ROUTES: readonly RouteDefinition[] = [
  {
    id: 'get-analysis',
    method: 'GET',
    path: '/api/analysis',
    entry: 'functions/handlers/analysis/get-analysis.ts',
    public: false,
    access: { users: 'read', activities: 'read', connections: 'read' },
  },
];
