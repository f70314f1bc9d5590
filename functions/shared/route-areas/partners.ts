import type { RouteDefinition } from '../routes';

const partners = (file: string) => `functions/handlers/partners/${file}.ts`;
const messages = (file: string) => `functions/handlers/messages/${file}.ts`;
const notifications = (file: string) => `functions/handlers/notifications/${file}.ts`;

/** Issue 6: partner finding, partner connections, messaging, blocking and notifications. */
export const PARTNER_ROUTES: readonly RouteDefinition[] = [
  { id: 'get-partners', method: 'GET', path: '/api/partners', entry: partners('get-partners'), public: false, tables: ['social', 'users'], access: { social: { mode: 'read', indexes: ['gsi1'] }, users: 'read' } },
  { id: 'get-partner', method: 'GET', path: '/api/partners/{userId}', entry: partners('get-partner'), public: false, tables: ['social', 'users'], access: { social: 'read', users: 'read' } },
  { id: 'post-partner-connect', method: 'POST', path: '/api/partners/{userId}/connect', entry: partners('post-connect'), public: false, tables: ['social', 'users'], access: { social: 'write', users: 'read' } },
  { id: 'post-partner-accept', method: 'POST', path: '/api/partners/{userId}/accept', entry: partners('post-accept'), public: false, tables: ['social', 'users'], access: { social: 'write', users: 'read' } },
  { id: 'post-partner-decline', method: 'POST', path: '/api/partners/{userId}/decline', entry: partners('post-decline'), public: false, tables: ['social', 'users'], access: { social: 'write', users: 'read' } },
  { id: 'post-partner-block', method: 'POST', path: '/api/partners/{userId}/block', entry: partners('post-block'), public: false, tables: ['social', 'users'], access: { social: 'write', users: 'read' } },
  { id: 'delete-partner-block', method: 'DELETE', path: '/api/partners/{userId}/block', entry: partners('delete-block'), public: false, tables: ['social'], access: { social: 'write' } },
  { id: 'get-partner-connections', method: 'GET', path: '/api/partner-connections', entry: partners('get-partner-connections'), public: false, tables: ['social', 'users'], access: { social: 'read', users: 'read' } },
  { id: 'get-conversations', method: 'GET', path: '/api/conversations', entry: messages('get-conversations'), public: false, tables: ['social', 'users'], secrets: ['appSecret'], access: { social: 'read', users: 'read' } },
  { id: 'get-conversation-messages', method: 'GET', path: '/api/conversations/{userId}/messages', entry: messages('get-messages'), public: false, tables: ['social', 'users'], secrets: ['appSecret'], access: { social: 'read', users: 'read' } },
  { id: 'post-conversation-message', method: 'POST', path: '/api/conversations/{userId}/messages', entry: messages('post-message'), public: false, tables: ['social', 'users'], secrets: ['appSecret'], access: { social: 'write', users: 'read' } },
  { id: 'get-notifications', method: 'GET', path: '/api/notifications', entry: notifications('get-notifications'), public: false, tables: ['social'], access: { social: { mode: 'read', indexes: ['gsi1'] } } },
  { id: 'post-notification-read', method: 'POST', path: '/api/notifications/{notificationId}/read', entry: notifications('post-read'), public: false, tables: ['social'], access: { social: { mode: 'write', indexes: ['gsi1'] } } },
  { id: 'post-notifications-read-all', method: 'POST', path: '/api/notifications/read-all', entry: notifications('post-read-all'), public: false, tables: ['social'], access: { social: { mode: 'write', indexes: ['gsi1'] } } },
];
