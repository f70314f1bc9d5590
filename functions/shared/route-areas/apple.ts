import type { RouteDefinition } from '../routes';

export const APPLE_ROUTES: readonly RouteDefinition[] = [
  {
    id: 'post-apple-ingest-token',
    method: 'POST',
    path: '/api/apple/ingest-token',
    entry: 'functions/handlers/apple/post-ingest-token.ts',
    public: false,
    access: { users: 'write', connections: 'write' },
  },
  // Public: the Shortcut has no Cognito session; its per-user ingest token is checked by the handler.
  {
    id: 'post-apple-ingest',
    method: 'POST',
    path: '/api/apple/ingest',
    entry: 'functions/handlers/apple/post-ingest.ts',
    public: true,
    timeoutSeconds: 29,
    access: { users: 'write', connections: 'write', activities: 'write', rateLimits: 'write' },
  },
];
