import type { ResourcesConfig } from 'aws-amplify';
import type { RuntimeConfig } from '@shared/schemas/runtime-config';
import { paths } from '@/lib/paths';

/** Amplify's configuration from the runtime config; `origin` is the page's own origin. */
export function buildAmplifyConfig(config: RuntimeConfig, origin: string): ResourcesConfig {
  return {
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: {
          email: true,
          ...(config.oauthDomain
            ? {
                oauth: {
                  domain: config.oauthDomain,
                  scopes: ['openid', 'email', 'profile'],
                  redirectSignIn: [origin + paths.dashboard],
                  redirectSignOut: [origin + paths.home],
                  responseType: 'code' as const,
                },
              }
            : {}),
        },
      },
    },
  };
}
