import * as z from 'zod';

/**
 * `/config.json`, written beside the SPA (by the CDK deployment, or by the local host).
 * It tells the browser where auth lives; it never holds a secret.
 */
export const RuntimeConfig = z.object({
  /** 'local' uses the Cognito emulator with the password flow; 'aws' uses SRP and Google. */
  mode: z.enum(['local', 'aws']),
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** Only in local mode: the Cognito emulator's URL. */
  userPoolEndpoint: z.url().optional(),
  /** Hosted-UI domain for Google sign-in, e.g. trailbuddy.auth.ca-central-1.amazoncognito.com; absent locally. */
  oauthDomain: z.string().min(1).optional(),
  /** Always same-origin: '/api'. */
  apiBaseUrl: z.string().min(1),
  /** The realtime channel: a same-origin path locally ('/live'), the WebSocket API's wss:// URL on AWS; absent, screens poll. */
  liveUrl: z.string().min(1).optional(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
