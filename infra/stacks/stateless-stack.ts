import { CfnOutput, Duration, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { METRICS_NAMESPACE, type MetricName } from '../../functions/lib/metrics';
import type { EnvVar } from '../../functions/shared/env';
import {
  IMPORT_ENQUEUING_JOBS,
  IMPORT_ENQUEUING_ROUTES,
  ROUTE_AREAS,
  ROUTES,
  SCHEDULED_JOBS,
} from '../../functions/shared/routes';
import { ApiRoutes } from '../constructs/api-routes';
import { publicRouteThrottles } from '../constructs/edge-limits';
import { EdgeWebAclReference } from '../constructs/edge-web-acl-reference';
import type { FunctionRuntime } from '../constructs/function-runtime';
import { HttpApiGateway } from '../constructs/http-api-gateway';
import { assertWebBuilt, WEB_DIST } from '../constructs/paths';
import { ImportQueue } from '../constructs/import-queue';
import { LiveChannel } from '../constructs/live-channel';
import { LIVE_PUBLISHING_JOBS, LIVE_PUBLISHING_ROUTES } from '../../functions/shared/live-routes';
import { ScheduledJobs } from '../constructs/scheduled-jobs';
import { SiteAuthClient } from '../constructs/site-auth-client';
import { SiteDeployment } from '../constructs/site-deployment';
import { OriginVerify } from '../constructs/origin-verify';
import { SiteHosting } from '../constructs/site-hosting';
import type { StatefulResources } from './stateful-stack';
import { GOOGLE_CLIENT_ID_PLACEHOLDER } from '../bin/settings';

/** Vite's dev server, allowed by CORS so a developer can point it at a deployed API. */
const DEV_SERVER_ORIGIN = 'http://localhost:5173';

/**
 * Strava settings from CDK context. Public values only: the client secret lives in Secrets Manager under
 * `stravaClientSecretName` (JSON field clientSecret), created by the operator like the Google one.
 */
export interface StravaDeploymentSettings {
  clientId: string;
  clientSecretName: string;
  /** Shared with Strava when creating the webhook subscription; empty refuses every verification. */
  webhookVerifyToken: string;
  /** Strava's id for our push subscription; events naming another are ignored (unset: all are). */
  webhookSubscriptionId: string;
  oauthBaseUrl: string;
  apiBaseUrl: string;
  /** Where disconnecting posts; empty: the functions use `${oauthBaseUrl}/deauthorize` (set /oauth/revoke by June 2027). */
  revokeUrl: string;
}

export const STRAVA_CLIENT_ID_PLACEHOLDER = 'set-stravaClientId-in-cdk-context';

function stravaSettingsFrom(stack: Stack): StravaDeploymentSettings {
  const text = (key: string, fallback: string): string => {
    const value: unknown = stack.node.tryGetContext(key);
    if (value === undefined || value === null || value === '') return fallback;
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new Error(`CDK context '${key}' must be a string`);
    return String(value).trim();
  };
  return {
    clientId: text('stravaClientId', STRAVA_CLIENT_ID_PLACEHOLDER),
    clientSecretName: text('stravaClientSecretName', 'trailbuddy/strava-oauth'),
    webhookVerifyToken: text('stravaWebhookVerifyToken', ''),
    webhookSubscriptionId: text('stravaWebhookSubscriptionId', ''),
    oauthBaseUrl: text('stravaOauthBaseUrl', 'https://www.strava.com/oauth'),
    apiBaseUrl: text('stravaApiBaseUrl', 'https://www.strava.com/api/v3'),
    revokeUrl: text('stravaRevokeUrl', ''),
  };
}

/**
 * Google Health's server-side OAuth client, from CDK context. By default it is the sign-in client (`googleClientId` /
 * `googleClientSecretName`); a separate Cloud project with the Google Health API enabled can be named instead.
 */
export interface GoogleHealthDeploymentSettings {
  clientId: string;
  clientSecretName: string;
  accountsBaseUrl: string;
  oauthBaseUrl: string;
  healthApiBaseUrl: string;
}

function googleHealthSettingsFrom(stack: Stack): GoogleHealthDeploymentSettings {
  const text = (key: string, fallback: string): string => {
    const value: unknown = stack.node.tryGetContext(key);
    if (value === undefined || value === null || value === '') return fallback;
    if (typeof value !== 'string') throw new Error(`CDK context '${key}' must be a string`);
    return value.trim();
  };
  return {
    clientId: text('googleHealthClientId', text('googleClientId', GOOGLE_CLIENT_ID_PLACEHOLDER)),
    clientSecretName: text('googleHealthClientSecretName', text('googleClientSecretName', 'trailbuddy/google-oauth')),
    accountsBaseUrl: text('googleAccountsBaseUrl', 'https://accounts.google.com'),
    oauthBaseUrl: text('googleOauthBaseUrl', 'https://oauth2.googleapis.com'),
    healthApiBaseUrl: text('googleHealthApiBaseUrl', 'https://health.googleapis.com'),
  };
}

/**
 * Web Push's VAPID key pair (RFC 8292), from CDK context: the public key is plain configuration the browser needs;
 * the private key stays in a Secrets Manager secret (JSON field `privateKey`) only the `push-outbox` job reads.
 * Without a public key the app offers no push (docs/notifications.md says how to make a pair).
 */
function webPushSettingsFrom(stack: Stack): { publicKey: string; privateKeySecretName: string; subject: string } {
  const text = (key: string, fallback: string): string => {
    const value: unknown = stack.node.tryGetContext(key);
    if (value === undefined || value === null || value === '') return fallback;
    if (typeof value !== 'string') throw new Error(`CDK context '${key}' must be a string`);
    return value.trim();
  };
  return {
    publicKey: text('vapidPublicKey', ''),
    privateKeySecretName: text('vapidPrivateKeySecretName', 'trailbuddy/vapid'),
    subject: text('vapidSubject', ''),
  };
}

/**
 * Stripe, from CDK context: the Premium Price's id (plain configuration) and the name of the Secrets Manager secret
 * holding the secret key and the webhook endpoint's signing secret (JSON fields `secretKey` and `webhookSecret`),
 * which only the billing functions read (docs/billing.md says how to set both up).
 */
function stripeSettingsFrom(stack: Stack): { priceId: string; secretName: string } {
  const text = (key: string, fallback: string): string => {
    const value: unknown = stack.node.tryGetContext(key);
    if (value === undefined || value === null || value === '') return fallback;
    if (typeof value !== 'string') throw new Error(`CDK context '${key}' must be a string`);
    return value.trim();
  };
  return { priceId: text('stripePriceId', ''), secretName: text('stripeSecretName', 'trailbuddy/stripe') };
}

export interface StatelessStackProps extends StackProps {
  stateful: StatefulResources;
  customDomain?: { domainName: string; certificateArn: string };
  /** Built SPA folder; defaults to web/dist. */
  webDist?: string;
  /** The published Apple Shortcut (settings `appleShortcutUrl`); unset, the setup dialog explains how to build it. */
  appleShortcutUrl?: string;
  /** Where the Edge stack publishes the distribution's web ACL ARN (infra/stacks/edge-stack.ts). */
  edgeWebAcl?: { parameterName: string; region: string };
}

/** Everything that can be replaced at will: functions, the API, schedules, the site and its deployment. */
export class StatelessStack extends Stack {
  readonly gateway: HttpApiGateway;
  readonly site: SiteHosting;
  readonly authClient: SiteAuthClient;
  readonly apiRoutes: ApiRoutes;
  readonly jobs: ScheduledJobs;
  readonly imports: ImportQueue;
  readonly live: LiveChannel;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    const { stateful } = props;
    const webDist = props.webDist ?? WEB_DIST;
    // Fail before bundling anything: without the built SPA there is nothing to deploy.
    assertWebBuilt(webDist);

    this.gateway = new HttpApiGateway(this, 'Gateway', {
      corsAllowedOrigins: [
        DEV_SERVER_ORIGIN,
        ...(props.customDomain ? [`https://${props.customDomain.domainName}`] : []),
      ],
    });

    const webAclArn = props.edgeWebAcl
      ? new EdgeWebAclReference(this, 'EdgeWebAcl', props.edgeWebAcl).webAclArn
      : undefined;
    const originVerify = new OriginVerify(this, 'OriginVerify');
    this.site = new SiteHosting(this, 'Site', {
      originVerifyToken: originVerify.token,
      apiHost: this.gateway.host,
      hostedUiHost: stateful.hostedUiHost,
      userPoolRegion: this.region,
      // The channel is defined below (its authorizer needs the site's app client); its origin is filled in at synth.
      liveOrigin: Lazy.string({ produce: () => this.live.origin }),
      customDomain: props.customDomain,
      webAclArn,
    });

    this.authClient = new SiteAuthClient(this, 'Auth', {
      userPool: stateful.userPool,
      googleProvider: stateful.googleProvider,
      siteUrls: this.site.siteUrls,
    });

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', stateful.userPool, {
      userPoolClients: [this.authClient.client],
      identitySource: ['$request.header.Authorization'],
    });

    // With a custom domain, people use that; the CloudFront domain keeps working either way.
    const siteUrl = this.site.siteUrls.at(-1)!;
    const strava = stravaSettingsFrom(this);
    const googleHealth = googleHealthSettingsFrom(this);
    const webPush = webPushSettingsFrom(this);
    const stripe = stripeSettingsFrom(this);
    const stripeSecret = Secret.fromSecretNameV2(this, 'StripeSecret', stripe.secretName);
    const runtime: FunctionRuntime = {
      environment: {
        SITE_URL: siteUrl,
        STRAVA_CLIENT_ID: strava.clientId,
        STRAVA_OAUTH_BASE_URL: strava.oauthBaseUrl,
        STRAVA_API_BASE_URL: strava.apiBaseUrl,
        ...(strava.revokeUrl ? { STRAVA_REVOKE_URL: strava.revokeUrl } : {}),
        ...(strava.webhookVerifyToken ? { STRAVA_WEBHOOK_VERIFY_TOKEN: strava.webhookVerifyToken } : {}),
        ...(strava.webhookSubscriptionId ? { STRAVA_WEBHOOK_SUBSCRIPTION_ID: strava.webhookSubscriptionId } : {}),
        GOOGLE_CLIENT_ID: googleHealth.clientId,
        GOOGLE_ACCOUNTS_BASE_URL: googleHealth.accountsBaseUrl,
        GOOGLE_OAUTH_BASE_URL: googleHealth.oauthBaseUrl,
        GOOGLE_HEALTH_API_BASE_URL: googleHealth.healthApiBaseUrl,
        ...(props.appleShortcutUrl ? { APPLE_SHORTCUT_URL: props.appleShortcutUrl } : {}),
        ORIGIN_VERIFY_TOKEN: originVerify.token,
        ...(webPush.publicKey ? { VAPID_PUBLIC_KEY: webPush.publicKey } : {}),
        ...(webPush.subject ? { VAPID_SUBJECT: webPush.subject } : {}),
        ...(stripe.priceId ? { STRIPE_PRICE_ID: stripe.priceId } : {}),
      },
      secrets: {
        stravaClientSecret: {
          envVar: 'STRAVA_CLIENT_SECRET_ARN',
          secret: Secret.fromSecretNameV2(this, 'StravaClientSecret', strava.clientSecretName),
        },
        googleClientSecret: {
          envVar: 'GOOGLE_CLIENT_SECRET_ARN',
          secret: Secret.fromSecretNameV2(this, 'GoogleHealthClientSecret', googleHealth.clientSecretName),
        },
        appSecret: { envVar: 'APP_SECRET_ARN', secret: stateful.appSecret },
        vapidPrivateKey: {
          envVar: 'VAPID_PRIVATE_KEY_ARN',
          secret: Secret.fromSecretNameV2(this, 'VapidPrivateKey', webPush.privateKeySecretName),
        },
        stripeSecretKey: { envVar: 'STRIPE_SECRET_KEY_ARN', secret: stripeSecret },
        stripeWebhookSecret: { envVar: 'STRIPE_WEBHOOK_SECRET_ARN', secret: stripeSecret },
      },
    };

    this.apiRoutes = new ApiRoutes(this, 'Routes', {
      api: this.gateway.api,
      routes: ROUTES,
      areas: ROUTE_AREAS,
      authorizer,
      tables: stateful.tables,
      runtime,
      userPool: stateful.userPool,
    });

    this.gateway.throttleRoutes(publicRouteThrottles(ROUTES), [...this.apiRoutes.areaStacks.values()]);

    // Account deletion removes the Cognito user on the server; only that one function may.
    const deleteMe = this.apiRoutes.functions.get('delete-me')!.function;
    deleteMe.addEnvironment('USER_POOL_ID' satisfies EnvVar, stateful.userPool.userPoolId);
    deleteMe.addToRolePolicy(
      new PolicyStatement({ actions: ['cognito-idp:AdminDeleteUser'], resources: [stateful.userPool.userPoolArn] }),
    );

    this.jobs = new ScheduledJobs(this, 'Jobs', { jobs: SCHEDULED_JOBS, tables: stateful.tables, runtime });

    // Email: only the outbox job talks to SES; requests and other jobs enqueue into the social table.
    const { email } = stateful;
    const outbox = this.jobs.functions.get('email-outbox')!.function;
    email.grantSend(outbox);
    outbox.addEnvironment('EMAIL_FROM', email.fromAddress);
    outbox.addEnvironment('SES_CONFIGURATION_SET', email.configurationSet.configurationSetName);
    this.apiRoutes.functions
      .get('post-support')!
      .function.addEnvironment('SUPPORT_EMAIL' satisfies EnvVar, email.supportAddress);

    // Import jobs on SQS; the routes that start them may send to the queue.
    this.imports = new ImportQueue(this, 'Imports', { tables: stateful.tables, runtime });
    for (const id of IMPORT_ENQUEUING_ROUTES) this.imports.grantEnqueue(this.apiRoutes.functions.get(id)!);
    for (const id of IMPORT_ENQUEUING_JOBS) this.imports.grantEnqueue(this.jobs.functions.get(id)!);

    // The realtime channel; the functions that tell tabs of changes may push to it.
    this.live = new LiveChannel(this, 'Live', {
      tables: stateful.tables,
      userPool: stateful.userPool,
      client: this.authClient.client,
    });
    for (const id of LIVE_PUBLISHING_ROUTES) this.live.grantPublish(this.apiRoutes.functions.get(id)!);
    for (const id of LIVE_PUBLISHING_JOBS) this.live.grantPublish(this.jobs.functions.get(id)!);
    this.live.grantPublish(this.imports.worker);

    // Strava refused a new athlete: the app is at its athlete capacity (functions/lib/metrics.ts counts it). The
    // operator asks Strava for more capacity; until then people are told to use Google Health or Apple Health.
    new Alarm(this, 'StravaAthleteCapacityAlarm', {
      alarmDescription: 'Strava refused a new athlete: ask Strava to raise the app athlete capacity',
      metric: new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: 'StravaAthleteCapacityRefusals' satisfies MetricName,
        dimensionsMap: { Provider: 'strava' },
        statistic: 'Sum',
        period: Duration.hours(1),
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    new SiteDeployment(this, 'SiteDeployment', {
      bucket: this.site.bucket,
      distribution: this.site.distribution,
      webDist,
      runtimeConfig: {
        mode: 'aws',
        region: this.region,
        userPoolId: stateful.userPool.userPoolId,
        userPoolClientId: this.authClient.client.userPoolClientId,
        oauthDomain: stateful.hostedUiHost,
        apiBaseUrl: '/api',
        liveUrl: this.live.url,
      },
    });

    new CfnOutput(this, 'SiteUrl', { value: siteUrl, description: 'Open this in a browser' });
    new CfnOutput(this, 'ApiUrl', { value: `${siteUrl}/api`, description: 'The API, same-origin under the site' });
    new CfnOutput(this, 'ApiGatewayUrl', {
      value: this.gateway.api.apiEndpoint,
      description: 'The HTTP API endpoint behind CloudFront',
    });
    new CfnOutput(this, 'UserPoolId', { value: stateful.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.authClient.client.userPoolClientId });
    new CfnOutput(this, 'HostedUiDomain', {
      value: stateful.hostedUiHost,
      description: "Google's authorized redirect URI is https://<this>/oauth2/idpresponse",
    });
  }
}
