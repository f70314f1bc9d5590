import type { ApiTransport } from './transport';

/** Issue 6: filled in with the area's calls. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface NotificationsApi {}

export function createNotificationsHttpApi(_transport: ApiTransport): NotificationsApi {
  return {};
}
