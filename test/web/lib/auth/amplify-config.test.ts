import { describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '@shared/schemas/runtime-config';
import { buildAmplifyConfig } from '@/lib/auth/amplify-config';

const local: RuntimeConfig = {
  mode: 'local',
  region: 'ca-central-1',
  userPoolId: 'local_5x1',
  userPoolClientId: 'local-client',
  userPoolEndpoint: 'http://localhost:9229',
  apiBaseUrl: '/api',
};

const aws: RuntimeConfig = {
  mode: 'aws',
  region: 'ca-central-1',
  userPoolId: 'ca-central-1_AbC',
  userPoolClientId: 'aws-client',
  oauthDomain: 'trailbuddy.auth.ca-central-1.amazoncognito.com',
  apiBaseUrl: '/api',
};

describe('buildAmplifyConfig', () => {
  it('points at the emulator and has no OAuth locally', () => {
    expect(buildAmplifyConfig(local, 'http://localhost:3000')).toEqual({
      Auth: {
        Cognito: {
          userPoolId: 'local_5x1',
          userPoolClientId: 'local-client',
          userPoolEndpoint: 'http://localhost:9229',
          loginWith: { email: true },
        },
      },
    });
  });

  it('configures Google OAuth on the page origin when a hosted-UI domain is present', () => {
    expect(buildAmplifyConfig(aws, 'https://trailbuddy.app')).toEqual({
      Auth: {
        Cognito: {
          userPoolId: 'ca-central-1_AbC',
          userPoolClientId: 'aws-client',
          loginWith: {
            email: true,
            oauth: {
              domain: 'trailbuddy.auth.ca-central-1.amazoncognito.com',
              scopes: ['openid', 'email', 'profile'],
              redirectSignIn: ['https://trailbuddy.app/dashboard'],
              redirectSignOut: ['https://trailbuddy.app/'],
              responseType: 'code',
            },
          },
        },
      },
    });
  });
});
