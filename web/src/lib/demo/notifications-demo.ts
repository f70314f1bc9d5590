import type { NotificationsApi } from '@/lib/api/notifications-api';
import type { DemoContext } from './demo-context';

export function createNotificationsDemoApi(_context: DemoContext): NotificationsApi {
  return {};
}
