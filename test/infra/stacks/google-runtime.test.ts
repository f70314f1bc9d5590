import { Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, SCHEDULED_JOBS } from '../../../functions/shared/routes';
import { GOOGLE_CLIENT_ID_PLACEHOLDER } from '../../../infra/bin/settings';
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

beforeAll(() => {
  testApp = buildTestApp({
    context: {
      googleClientId: '1234-signin.apps.googleusercontent.com',
      googleHealthClientId: '5678-health.apps.googleusercontent.com',
      googleHealthClientSecretName: 'trailbuddy/google-health-test',
    },
  });
  templates(testApp);
  // The route functions sit in nested stacks, one per route area.
  stateless = statelessTemplate(testApp);
});
afterAll(() => testApp?.cleanup());

const logicalIdOf = (fn: NodejsFunction) => Stack.of(fn).getLogicalId(fn.node.defaultChild as CfnFunction);

function functionOf(id: string): CfnResource {
  const house = testApp.stateless.apiRoutes.functions.get(id) ?? testApp.stateless.jobs.functions.get(id);
  if (!house) throw new Error(`no function ${id}`);
  return stateless.toJSON().Resources[logicalIdOf(house.function)] as CfnResource;
}

function secretStatements(fn: CfnResource): string {
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return JSON.stringify(
    Object.values(resourcesOfType(stateless, 'AWS::IAM::Policy'))
      .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[])
      .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('secretsmanager:'))),
  );
}

const everything = [
  ...ROUTES.map((r) => ({ id: r.id, secrets: r.secrets ?? [] })),
  ...SCHEDULED_JOBS.map((j) => ({ id: j.id, secrets: j.secrets ?? [] })),
];

describe('Google Health runtime settings and secrets', () => {
  it('gives every function the public Google Health settings from context, never the secret value', () => {
    for (const { id } of everything) {
      const variables = functionOf(id).Properties.Environment.Variables as Record<string, unknown>;
      expect(variables, id).toMatchObject({
        GOOGLE_CLIENT_ID: '5678-health.apps.googleusercontent.com',
        GOOGLE_ACCOUNTS_BASE_URL: 'https://accounts.google.com',
        GOOGLE_OAUTH_BASE_URL: 'https://oauth2.googleapis.com',
        GOOGLE_HEALTH_API_BASE_URL: 'https://health.googleapis.com',
      });
      expect(Object.keys(variables), id).not.toContain('GOOGLE_CLIENT_SECRET');
    }
  });

  it('lets exactly the functions that list googleClientSecret read it, by ARN in env', () => {
    const readers = everything.filter((f) => f.secrets.includes('googleClientSecret')).map((f) => f.id);
    expect(readers).toEqual(
      expect.arrayContaining(['delete-connection', 'post-connection-sync', 'post-google-connect']),
    );
    expect(readers).not.toContain('get-google-authorize-url');
    for (const { id, secrets } of everything) {
      const fn = functionOf(id);
      const arn = (fn.Properties.Environment.Variables as Record<string, unknown>).GOOGLE_CLIENT_SECRET_ARN;
      if (secrets.includes('googleClientSecret')) {
        expect(JSON.stringify(arn), id).toContain('secret:trailbuddy/google-health-test');
        expect(secretStatements(fn), id).toContain('secret:trailbuddy/google-health-test');
      } else {
        expect(arn, id).toBeUndefined();
        expect(secretStatements(fn), id).not.toContain('google-health-test');
      }
    }
  });

  it('refreshes Google Health daily through the one refresh job, which queues import jobs and reads no secret', () => {
    const refresh = functionOf('provider-refresh');
    expect(Object.keys(refresh.Properties.Environment.Variables as Record<string, unknown>)).toContain(
      'IMPORT_QUEUE_URL',
    );
    expect(secretStatements(refresh)).toBe('[]');
    const refreshId = logicalIdOf(testApp.stateless.jobs.functions.get('provider-refresh')!.function);
    const daily = Object.values(resourcesOfType(stateless, 'AWS::Events::Rule')).filter(
      (r) =>
        r.Properties.ScheduleExpression === 'rate(1 day)' &&
        JSON.stringify(r.Properties.Targets).includes(`"${refreshId}"`),
    );
    expect(daily).toHaveLength(1);
  });

  it('falls back to the sign-in client and its secret when no separate Google Health client is named', () => {
    const plain = buildTestApp({ context: { googleClientId: '1234-signin.apps.googleusercontent.com' } });
    try {
      const template = templates(plain).stateless;
      const fn = Object.values(resourcesOfType(template, 'AWS::Lambda::Function')).find(
        (f) => f.Properties.Environment?.Variables?.GOOGLE_CLIENT_SECRET_ARN,
      );
      expect(fn!.Properties.Environment.Variables.GOOGLE_CLIENT_ID).toBe('1234-signin.apps.googleusercontent.com');
      expect(JSON.stringify(fn!.Properties.Environment.Variables.GOOGLE_CLIENT_SECRET_ARN)).toContain(
        'secret:trailbuddy/google-oauth',
      );
    } finally {
      plain.cleanup();
    }
    const none = buildTestApp();
    try {
      const fn = Object.values(resourcesOfType(templates(none).stateless, 'AWS::Lambda::Function')).find(
        (f) => f.Properties.Environment?.Variables?.GOOGLE_CLIENT_ID,
      );
      expect(fn!.Properties.Environment.Variables.GOOGLE_CLIENT_ID).toBe(GOOGLE_CLIENT_ID_PLACEHOLDER);
    } finally {
      none.cleanup();
    }
  });
});
