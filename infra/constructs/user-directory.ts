import { Aws, Duration, Fn, RemovalPolicy, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  FeaturePlan,
  Mfa,
  ProviderAttribute,
  UserPool,
  UserPoolDomain,
  UserPoolEmail,
  UserPoolIdentityProviderGoogle,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { PASSWORD_POLICY } from '../../functions/shared/password-policy';

export interface UserDirectoryProps {
  stage: string;
  googleClientId: string;
  /** Name of the Secrets Manager secret whose JSON field `clientSecret` is Google's client secret. */
  googleClientSecretName: string;
  /** Hosted-UI prefix; defaults to `trailbuddy-<stage>-<account id>`, unique per account and region. */
  authDomainPrefix?: string;
  /**
   * The app's SES domain identity and configuration set, which the pool's codes (sign-up, resend, forgot password,
   * email change) go through; undefined keeps Cognito's own sender (CDK context `cognitoEmail=cognito`, for a first
   * deploy before the domain's DKIM records are in DNS).
   */
  sesSender?: { domain: string; configurationSetName: string };
}

/**
 * The pool's email: through the app's SES identity. Cognito's built-in sender is capped by AWS at 50 emails a day
 * per account (Cognito developer guide, "Email settings for Amazon Cognito user pools", read 2026-11-28), which
 * anyone could spend with ResendConfirmationCode or ForgotPassword and stop every sign-up and reset for the day;
 * through SES the account's SES quota applies. Cognito sends with its service-linked role
 * (AmazonCognitoIdpEmailServiceRolePolicy: ses:SendEmail, ses:SendRawEmail), so no sending policy is needed here.
 */
function poolEmail(sender: UserDirectoryProps['sesSender'], region: string): UserPoolEmail | undefined {
  if (!sender) return undefined;
  return UserPoolEmail.withSES({
    // The identity is in this stack, so in its region (the stacks are environment-agnostic: a token here).
    sesRegion: region,
    fromEmail: `no-reply@${sender.domain}`,
    fromName: 'TrailBuddy',
    sesVerifiedDomain: sender.domain,
    configurationSetName: sender.configurationSetName,
  });
}

/**
 * Who the users are: the Cognito user pool (email + password), Google federation and the
 * hosted-UI domain Google sign-in goes through. The app client lives with the site it
 * redirects to (see SiteAuthClient), so this stack never needs the CloudFront domain.
 */
export class UserDirectory extends Construct {
  readonly userPool: UserPool;
  readonly googleProvider: UserPoolIdentityProviderGoogle;
  readonly hostedUiDomain: UserPoolDomain;

  constructor(scope: Construct, id: string, props: UserDirectoryProps) {
    super(scope, id);

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      standardAttributes: { email: { required: true, mutable: true } },
      // A changed email takes effect only once its code is verified; until then the token keeps the verified one.
      keepOriginal: { email: true },
      email: poolEmail(props.sesSender, Stack.of(this).region),
      passwordPolicy: {
        ...PASSWORD_POLICY,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa: Mfa.OFF,
      featurePlan: FeaturePlan.ESSENTIALS,
      // Accounts outlive any one deployment.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is not required: most users sign in with Google (which applies its own 2-step verification), and the web app has no TOTP enrolment screen yet; a mandatory second factor would lock email users out.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'The Essentials feature plan is deliberate: Plus (threat protection) is billed per monthly active user, which this hobby-scale community app cannot justify yet; the strong password policy and email verification remain.',
      },
    );

    this.googleProvider = new UserPoolIdentityProviderGoogle(this, 'Google', {
      userPool: this.userPool,
      clientId: props.googleClientId,
      // A {{resolve:secretsmanager:...}} dynamic reference: CloudFormation reads the secret at
      // deploy time, so the value never appears in code, the template or the cloud assembly.
      clientSecretValue: SecretValue.secretsManager(props.googleClientSecretName, { jsonField: 'clientSecret' }),
      scopes: ['openid', 'email', 'profile'],
      attributeMapping: {
        email: ProviderAttribute.GOOGLE_EMAIL,
        emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
        fullname: ProviderAttribute.GOOGLE_NAME,
      },
    });

    const domainPrefix = props.authDomainPrefix ?? Fn.join('-', ['trailbuddy', props.stage, Aws.ACCOUNT_ID]);
    // Moderators review reports (functions/usecases/moderation.ts checks this group in the verified token).
    new CfnUserPoolGroup(this, 'ModeratorsGroup', {
      userPoolId: this.userPool.userPoolId,
      groupName: 'moderators',
      description: 'Review reports; can hide content and suspend accounts',
    });
    this.hostedUiDomain = this.userPool.addDomain('HostedUi', { cognitoDomain: { domainPrefix } });
  }

  /** Host name of the hosted UI, e.g. trailbuddy-dev-123456789012.auth.ca-central-1.amazoncognito.com */
  get hostedUiHost(): string {
    return `${this.hostedUiDomain.domainName}.auth.${Stack.of(this).region}.amazoncognito.com`;
  }
}
