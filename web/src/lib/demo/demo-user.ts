import type { AuthUser } from '@/lib/auth/auth-service';

/** The fixed user of demo mode (spec core-app §4): no account, no server. */
export const DEMO_USER = {
  id: 'demo-user',
  email: 'demo@trailbuddy.app',
  name: 'Alex Rivera',
  createdAt: '2024-03-15T17:30:00.000Z',
} as const satisfies AuthUser & { createdAt: string };
