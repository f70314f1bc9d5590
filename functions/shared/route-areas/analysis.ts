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
  // Summaries read from the person's own files (docs/file-import.md). Every write recalculates the metrics.
  {
    id: 'post-file-import',
    method: 'POST',
    path: '/api/imports/files',
    entry: 'functions/handlers/file-imports/post-file-import.ts',
    public: false,
    timeoutSeconds: 29,
    access: { users: 'write', connections: 'read', activities: 'write', rateLimits: 'write' },
  },
  {
    id: 'get-file-imports',
    method: 'GET',
    path: '/api/imports/files',
    entry: 'functions/handlers/file-imports/get-file-imports.ts',
    public: false,
    access: { users: 'read', activities: 'read' },
  },
  {
    id: 'delete-file-import',
    method: 'DELETE',
    path: '/api/imports/files/{importId}',
    entry: 'functions/handlers/file-imports/delete-file-import.ts',
    public: false,
    timeoutSeconds: 29,
    access: { users: 'write', connections: 'read', activities: 'write' },
  },
  {
    id: 'delete-file-imports',
    method: 'DELETE',
    path: '/api/imports/files',
    entry: 'functions/handlers/file-imports/delete-file-imports.ts',
    public: false,
    timeoutSeconds: 29,
    access: { users: 'write', connections: 'read', activities: 'write' },
  },
];
