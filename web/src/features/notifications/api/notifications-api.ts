import { MarkReadResponse, NotificationsResponse, type NotificationsQuery } from '@shared/schemas/notifications';
import type { ApiTransport } from '@/lib/api/transport';

export type NotificationsParams = Partial<NotificationsQuery>;

/** In-app notifications. */
export interface NotificationsApi {
  /** Newest first, with the unread count for the header bell. */
  notifications(params?: NotificationsParams): Promise<NotificationsResponse>;
  markNotificationRead(id: string): Promise<MarkReadResponse>;
  markAllNotificationsRead(): Promise<MarkReadResponse>;
}

export function createNotificationsHttpApi({ request }: ApiTransport): NotificationsApi {
  return {
    notifications: ({ cursor, limit } = {}) => {
      const search = new URLSearchParams();
      if (cursor) search.set('cursor', cursor);
      if (limit !== undefined) search.set('limit', String(limit));
      const query = search.toString();
      return request(`/notifications${query ? `?${query}` : ''}`, NotificationsResponse, { auth: true });
    },
    markNotificationRead: (id) =>
      request(`/notifications/${encodeURIComponent(id)}/read`, MarkReadResponse, { auth: true, method: 'POST' }),
    markAllNotificationsRead: () =>
      request('/notifications/read-all', MarkReadResponse, { auth: true, method: 'POST' }),
  };
}

declare module '@/lib/api-client' {
  /** This feature's part of the one API client (assembled in app/api-client.ts and app/demo-api-client.ts). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the part in
  interface ApiClient extends NotificationsApi {}
}
