import type { RouteDefinition } from '../routes';

/** Reports and the moderators' queue. Three routes only (the stateless stack is near CloudFormation's 500-resource limit). */
export const MODERATION_ROUTES: readonly RouteDefinition[] = [
  {
    id: 'post-report',
    method: 'POST',
    path: '/api/reports',
    entry: 'functions/handlers/reports/post-report.ts',
    public: false,
    access: { social: 'write', users: 'read' },
  },
  {
    id: 'get-moderation-reports',
    method: 'GET',
    path: '/api/moderation/reports',
    entry: 'functions/handlers/moderation/get-reports.ts',
    public: false,
    access: { social: { mode: 'read', indexes: ['gsi1'] }, users: 'read' },
  },
  {
    id: 'post-moderation-action',
    method: 'POST',
    path: '/api/moderation/reports/{reportId}/actions',
    entry: 'functions/handlers/moderation/post-report-action.ts',
    public: false,
    // users: the suspended account's status item, read on every request.
    access: { social: 'write', users: 'write' },
    userPoolActions: ['cognito-idp:AdminDisableUser', 'cognito-idp:AdminUserGlobalSignOut'],
  },
];
