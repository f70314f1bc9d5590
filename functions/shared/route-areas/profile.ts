import type { RouteDefinition, SecretId } from '../routes';

/** Account deletion disconnects every provider as DELETE /api/connections/{provider} does: revoking needs each client secret and the key that opens the stored tokens. */
const PROVIDER_SECRETS: readonly SecretId[] = ['stravaClientSecret', 'googleClientSecret', 'appSecret'];

export const PROFILE_ROUTES: readonly RouteDefinition[] = [
  {
    id: 'get-profile',
    method: 'GET',
    path: '/api/profile',
    entry: 'functions/handlers/profile/get-profile.ts',
    public: false,
    access: { users: 'write', connections: 'read' },
  },
  {
    id: 'put-profile',
    method: 'PUT',
    path: '/api/profile',
    entry: 'functions/handlers/profile/put-profile.ts',
    public: false,
    access: { users: 'write', social: 'write', connections: 'read' },
  },
  {
    id: 'delete-me',
    method: 'DELETE',
    path: '/api/me',
    entry: 'functions/handlers/me/delete-me.ts',
    public: false,
    access: {
      users: { mode: 'write', indexes: ['gsi1'] },
      connections: { mode: 'write', indexes: ['gsi1'] },
      activities: { mode: 'write', indexes: ['gsi1'] },
      social: { mode: 'write', indexes: ['gsi1'] },
      rateLimits: { mode: 'write', indexes: ['gsi1'] },
    },
    secrets: PROVIDER_SECRETS,
    timeoutSeconds: 29,
  },
];
