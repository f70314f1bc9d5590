import { Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, SCHEDULED_JOBS } from '../../../functions/shared/routes';
import { STRAVA_CLIENT_ID_PLACEHOLDER } from '../../../infra/stacks/stateless-stack';
import {
  buildTestApp,
  resourcesOfType,
  statelessTemplate,
  templates,
  type CfnResource,
  type TestApp,
} from '../support/synth';

let testApp: TestApp;
let stateless: Template;
let stateful: Template;

beforeAll(() => {
  testApp = buildTestApp({
    context: {
      stravaClientId: '424242',
      stravaClientSecretName: 'trailbuddy/strava-test',
      stravaWebhookVerifyToken: 'verify-xyz',
      stravaRevokeUrl: 'https://www.strava.com/oauth/revoke',
    },
  });
  ({ stateful } = templates(testApp));
  // The route functions sit in nested stacks, one per route area.
  stateless = statelessTemplate(testApp);
});
afterAll(() => testApp?.cleanup());

const logicalIdOf = (fn: NodejsFunction) => Stack.of(fn).getLogicalId(fn.node.defaultChild as CfnFunction);
const resource = (id: string) => stateless.toJSON().Resources[id] as CfnResource;

function functionOf(id: string): CfnResource {
  const house = testApp.stateless.apiRoutes.functions.get(id) ?? testApp.stateless.jobs.functions.get(id);
  if (!house) throw new Error(`no function ${id}`);
  return resource(logicalIdOf(house.function));
}

/** Secrets Manager statements in the policies attached to a function's role. */
function secretStatements(fn: CfnResource): { Action: string | string[]; Resource: unknown }[] {
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return Object.values(resourcesOfType(stateless, 'AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId))
    .flatMap(
      (policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
    )
    .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('secretsmanager:')));
}

const everything = [
  ...ROUTES.map((r) => ({ id: r.id, secrets: r.secrets ?? [] })),
  ...SCHEDULED_JOBS.map((j) => ({ id: j.id, secrets: j.secrets ?? [] })),
];

describe('Strava runtime settings and secrets', () => {
  it('gives every function the public Strava settings and the site URL from context, never a secret value', () => {
    for (const { id } of everything) {
      const variables = functionOf(id).Properties.Environment.Variables as Record<string, unknown>;
      expect(variables, id).toMatchObject({
        STRAVA_CLIENT_ID: '424242',
        STRAVA_OAUTH_BASE_URL: 'https://www.strava.com/oauth',
        STRAVA_API_BASE_URL: 'https://www.strava.com/api/v3',
        STRAVA_WEBHOOK_VERIFY_TOKEN: 'verify-xyz',
        STRAVA_REVOKE_URL: 'https://www.strava.com/oauth/revoke',
      });
      expect(JSON.stringify(variables.SITE_URL), id).toContain('DomainName');
      expect(Object.keys(variables), id).not.toContain('STRAVA_CLIENT_SECRET');
      expect(Object.keys(variables), id).not.toContain('APP_SECRET');
    }
  });

  it('lets exactly the functions that list secrets read them, by ARN in env', () => {
    const appSecretId = Object.keys(resourcesOfType(stateful, 'AWS::SecretsManager::Secret'))[0]!;
    for (const { id, secrets } of everything) {
      const fn = functionOf(id);
      const variables = fn.Properties.Environment.Variables as Record<string, unknown>;
      const statements = JSON.stringify(secretStatements(fn));
      if (!secrets.some((secret) => secret.startsWith('stripe'))) {
        expect(variables.STRIPE_SECRET_KEY_ARN, id).toBeUndefined();
        expect(variables.STRIPE_WEBHOOK_SECRET_ARN, id).toBeUndefined();
        expect(statements, id).not.toContain('secret:trailbuddy/stripe');
      }
      if (secrets.length === 0) {
        expect(statements, id).toBe('[]');
        expect(variables.STRAVA_CLIENT_SECRET_ARN, id).toBeUndefined();
        expect(variables.APP_SECRET_ARN, id).toBeUndefined();
        continue;
      }
      // The push job signs with the VAPID key alone; no other function reads it.
      if (secrets.includes('vapidPrivateKey')) {
        expect(secrets, id).toEqual(['vapidPrivateKey']);
        expect(JSON.stringify(variables.VAPID_PRIVATE_KEY_ARN), id).toContain('secret:trailbuddy/vapid');
        expect(variables.APP_SECRET_ARN, id).toBeUndefined();
        continue;
      }
      // The billing functions that call Stripe read Stripe's secret (the webhook also its signing secret), nothing else.
      if (secrets.includes('stripeSecretKey')) {
        expect(
          secrets.every((secret) => secret.startsWith('stripe')),
          id,
        ).toBe(true);
        expect(JSON.stringify(variables.STRIPE_SECRET_KEY_ARN), id).toContain('secret:trailbuddy/stripe');
        if (secrets.includes('stripeWebhookSecret'))
          expect(JSON.stringify(variables.STRIPE_WEBHOOK_SECRET_ARN), id).toContain('secret:trailbuddy/stripe');
        else expect(variables.STRIPE_WEBHOOK_SECRET_ARN, id).toBeUndefined();
        expect(statements, id).toContain('secret:trailbuddy/stripe');
        expect(variables.APP_SECRET_ARN, id).toBeUndefined();
        continue;
      }
      expect(variables.VAPID_PRIVATE_KEY_ARN, id).toBeUndefined();
      // Every other function with secrets signs or decrypts with APP_SECRET; only those that call Strava read its secret.
      expect(secrets, id).toContain('appSecret');
      expect(JSON.stringify(variables.APP_SECRET_ARN), id).toContain('SecretsAppSecret');
      expect(statements, id).toContain('secretsmanager:GetSecretValue');
      expect(statements, id).toContain('SecretsAppSecret');
      if (secrets.includes('stravaClientSecret')) {
        expect(JSON.stringify(variables.STRAVA_CLIENT_SECRET_ARN), id).toContain('secret:trailbuddy/strava-test');
        expect(statements, id).toContain('secret:trailbuddy/strava-test');
      } else {
        expect(variables.STRAVA_CLIENT_SECRET_ARN, id).toBeUndefined();
        expect(statements, id).not.toContain('secret:trailbuddy/strava-test');
      }
      expect(appSecretId).toContain('SecretsAppSecret');
    }
  });

  it('gives routes that call Strava repeatedly the longer timeout they ask for', () => {
    for (const route of ROUTES) {
      expect(functionOf(route.id).Properties.Timeout, route.id).toBe(route.timeoutSeconds ?? 10);
    }
  });

  it('keeps APP_SECRET with the data: generated, retained, in the stateful stack', () => {
    const secrets = Object.values(resourcesOfType(stateful, 'AWS::SecretsManager::Secret'));
    expect(secrets).toHaveLength(1);
    expect(secrets[0]).toMatchObject({
      DeletionPolicy: 'Retain',
      Properties: {
        GenerateSecretString: { GenerateStringKey: 'appSecret', PasswordLength: 64, ExcludePunctuation: true },
      },
    });
    // The stateless stack's one secret is the CloudFront origin-verify value (infra/constructs/origin-verify.ts).
    expect(Object.keys(resourcesOfType(stateless, 'AWS::SecretsManager::Secret'))).toEqual([
      expect.stringMatching(/^OriginVerifyToken/),
    ]);
  });

  it('defaults to a visible placeholder client id when none is configured', () => {
    const plain = buildTestApp();
    try {
      const template = templates(plain).stateless;
      const fn = Object.values(resourcesOfType(template, 'AWS::Lambda::Function')).find(
        (f) => f.Properties.Environment?.Variables?.STRAVA_CLIENT_ID,
      );
      expect(fn!.Properties.Environment.Variables.STRAVA_CLIENT_ID).toBe(STRAVA_CLIENT_ID_PLACEHOLDER);
      expect(fn!.Properties.Environment.Variables.STRAVA_WEBHOOK_VERIFY_TOKEN).toBeUndefined();
    } finally {
      plain.cleanup();
    }
  });

  it('alarms the operator when Strava refuses a new athlete for capacity', () => {
    const alarms = Object.values(resourcesOfType(stateless, 'AWS::CloudWatch::Alarm')).filter(
      (alarm) => alarm.Properties.MetricName === 'StravaAthleteCapacityRefusals',
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.Properties).toMatchObject({
      Namespace: 'TrailBuddy',
      Dimensions: [{ Name: 'Provider', Value: 'strava' }],
      Statistic: 'Sum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
  });
});
