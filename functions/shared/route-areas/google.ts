import type { RouteDefinition, SecretId } from '../routes';

/** The code exchange and refreshes need the client secret; the state key and token encryption need appSecret. */
const GOOGLE_SECRETS: readonly SecretId[] = ['googleClientSecret', 'appSecret'];

export const GOOGLE_ROUTES: readonly RouteDefinition[] = [
  {
    id: 'get-google-authorize-url',
    method: 'GET',
    path: '/api/google/authorize-url',
    entry: 'functions/handlers/google/get-authorize-url.ts',
    public: false,
    secrets: ['appSecret'],
    access: { users: 'write' },
  },
  {
    id: 'post-google-connect',
    method: 'POST',
    path: '/api/google/connect',
    entry: 'functions/handlers/google/post-connect.ts',
    public: false,
    secrets: GOOGLE_SECRETS,
    timeoutSeconds: 29,
    access: { users: 'write', connections: 'write', activities: 'write' },
  },
];
