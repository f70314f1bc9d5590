import { ACTIVITY_ORDER_INDEXES } from '../../functions/shared/tables';

/**
 * Deployment settings, read from CDK context (`cdk.json` or `-c key=value`).
 * Every key has a safe default so `cdk synth` works offline with no AWS account.
 * Secrets are never settings: only the *name* of the Secrets Manager secret is.
 */
export interface DeploymentSettings {
  /** Deployment stage, part of every stack name (e.g. dev, prod). */
  stage: string;
  /** Region to pin both stacks to; undefined keeps them environment-agnostic. */
  region: string | undefined;
  /** Google OAuth client id (public; the Google console calls it "Client ID"). */
  googleClientId: string;
  /** Secrets Manager secret holding `{ "clientSecret": "..." }` for Google. */
  googleClientSecretName: string;
  /** Hosted-UI prefix domain; undefined means `trailbuddy-<stage>-<account id>`. */
  authDomainPrefix: string | undefined;
  /** Custom site domain (needs `siteCertificateArn`, an ACM certificate in us-east-1). */
  siteDomain: string | undefined;
  siteCertificateArn: string | undefined;
  /** A published iCloud link to the TrailBuddy Shortcut (https), passed to the functions as APPLE_SHORTCUT_URL. */
  appleShortcutUrl: string | undefined;
  /**
   * How many of the activity list's order indexes (ACTIVITY_ORDER_INDEXES) the activities table declares; all by
   * default. CloudFormation adds one index to an existing table per update, so a stage deployed before them is
   * upgraded with 1, then 2, then the default (README: Deploying to AWS).
   */
  activityOrderIndexes: number;
}

const ACTIVITY_ORDER_INDEX_COUNT = Object.keys(ACTIVITY_ORDER_INDEXES).length;

export const GOOGLE_CLIENT_ID_PLACEHOLDER = 'set-googleClientId-in-cdk-context.apps.googleusercontent.com';

const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,19}$/;
const DOMAIN_PREFIX_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Where settings come from: a construct node (`app.node`) in the app, a plain object in tests. */
export interface ContextSource {
  tryGetContext(key: string): unknown;
}

export function readDeploymentSettings(context: ContextSource): DeploymentSettings {
  const text = (key: string): string | undefined => {
    const value: unknown = context.tryGetContext(key);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') throw new Error(`CDK context '${key}' must be a string, got ${typeof value}`);
    return value.trim();
  };

  const stage = text('stage') ?? 'dev';
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(
      `CDK context 'stage' must match ${STAGE_PATTERN} (lowercase, starts with a letter), got '${stage}'`,
    );
  }
  const authDomainPrefix = text('authDomainPrefix');
  if (authDomainPrefix !== undefined && !DOMAIN_PREFIX_PATTERN.test(authDomainPrefix)) {
    throw new Error(
      `CDK context 'authDomainPrefix' must be lowercase letters, digits and hyphens, got '${authDomainPrefix}'`,
    );
  }
  const siteDomain = text('siteDomain');
  const siteCertificateArn = text('siteCertificateArn');
  if ((siteDomain === undefined) !== (siteCertificateArn === undefined)) {
    throw new Error(
      "CDK context 'siteDomain' and 'siteCertificateArn' go together: CloudFront serves a custom domain only with an ACM certificate (in us-east-1)",
    );
  }

  const appleShortcutUrl = text('appleShortcutUrl');
  if (appleShortcutUrl !== undefined && !/^https:\/\/\S+$/.test(appleShortcutUrl)) {
    throw new Error(`CDK context 'appleShortcutUrl' must be an https URL, got '${appleShortcutUrl}'`);
  }

  const orderIndexes = text('activityOrderIndexes');
  const activityOrderIndexes = orderIndexes === undefined ? ACTIVITY_ORDER_INDEX_COUNT : Number(orderIndexes);
  if (
    !Number.isInteger(activityOrderIndexes) ||
    activityOrderIndexes < 0 ||
    activityOrderIndexes > ACTIVITY_ORDER_INDEX_COUNT
  ) {
    throw new Error(
      `CDK context 'activityOrderIndexes' must be a whole number from 0 to ${ACTIVITY_ORDER_INDEX_COUNT}, got '${orderIndexes}'`,
    );
  }

  return {
    stage,
    region: text('region'),
    googleClientId: text('googleClientId') ?? GOOGLE_CLIENT_ID_PLACEHOLDER,
    googleClientSecretName: text('googleClientSecretName') ?? 'trailbuddy/google-oauth',
    authDomainPrefix,
    siteDomain,
    siteCertificateArn,
    appleShortcutUrl,
    activityOrderIndexes,
  };
}
