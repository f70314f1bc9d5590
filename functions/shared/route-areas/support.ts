import type { RouteDefinition } from '../routes';

/** Contact support: a member's request becomes one outbox mail to the support address. */
export const SUPPORT_ROUTES: readonly RouteDefinition[] = [
  {
    id: 'post-support',
    method: 'POST',
    path: '/api/support',
    entry: 'functions/handlers/support/post-support.ts',
    public: false,
    // social: the hourly counter, the outbox mail and the idempotency record; users: the plan (Premium or not).
    access: { social: 'write', users: 'read' },
  },
];
