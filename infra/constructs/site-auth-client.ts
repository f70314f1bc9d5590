import { Duration } from 'aws-cdk-lib';
import {
  OAuthScope,
  UserPoolClient,
  UserPoolClientIdentityProvider,
  type IUserPool,
  type UserPoolIdentityProviderGoogle,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';

export interface SiteAuthClientProps {
  userPool: IUserPool;
  googleProvider: UserPoolIdentityProviderGoogle;
  /** Origins the SPA is served on, e.g. https://d123.cloudfront.net (no trailing slash). */
  siteUrls: string[];
}

/**
 * The SPA's app client. It lives in the stateless stack, beside the distribution, because its
 * callback URLs need the CloudFront domain: in the stateful stack that would make the stateful
 * stack depend on the stateless one, which already depends on it (a cycle). The client holds
 * no data; it only issues tokens, and its id reaches the browser through config.json.
 */
export class SiteAuthClient extends Construct {
  readonly client: UserPoolClient;

  constructor(scope: Construct, id: string, props: SiteAuthClientProps) {
    super(scope, id);
    const redirectUrls = props.siteUrls.flatMap((origin) => [`${origin}/dashboard`, `${origin}/`]);

    this.client = new UserPoolClient(this, 'WebClient', {
      userPool: props.userPool,
      generateSecret: false,
      // SRP for email + password; CDK always adds ALLOW_REFRESH_TOKEN_AUTH.
      authFlows: { userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO, UserPoolClientIdentityProvider.GOOGLE],
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
        callbackUrls: redirectUrls,
        logoutUrls: redirectUrls,
      },
    });
    // The client names "Google" as a provider, so the provider must exist first.
    this.client.node.addDependency(props.googleProvider);
  }
}
