import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV_VARS, isEnvVar } from '../../functions/shared/env';
import { TABLE_IDS, tableEnvVar } from '../../functions/shared/tables';
import { REPO_ROOT } from '../../infra/constructs/paths';
import { localFunctionEnv } from '../../infra/local/stack';
import { filesUnder } from '../support/files-under';
import { buildTestApp, type TestApp } from './support/synth';

const TABLE_VARS = new Set(TABLE_IDS.map(tableEnvVar));
const known = (name: string) => isEnvVar(name) || TABLE_VARS.has(name);
const SHORTCUT = 'https://www.icloud.com/shortcuts/0123456789abcdef';

/** Environment variable names of every Lambda in the app (nested route-area stacks included), by construct path. */
function lambdaEnvironments(testApp: TestApp): Map<string, Record<string, unknown>> {
  testApp.app.synth();
  const stacks = testApp.app.node.findAll().filter((construct): construct is Stack => Stack.isStack(construct));
  const environments = new Map<string, Record<string, unknown>>();
  for (const stack of stacks) {
    const functions = Template.fromStack(stack).findResources('AWS::Lambda::Function') as Record<
      string,
      { Properties: { Environment?: { Variables?: Record<string, unknown> } } }
    >;
    for (const [id, fn] of Object.entries(functions))
      environments.set(`${stack.node.path}/${id}`, fn.Properties.Environment?.Variables ?? {});
  }
  return environments;
}

let withShortcut: TestApp;
let environments: Map<string, Record<string, unknown>>;

beforeAll(() => {
  withShortcut = buildTestApp({ context: { appleShortcutUrl: SHORTCUT } });
  environments = lambdaEnvironments(withShortcut);
});
afterAll(() => withShortcut?.cleanup());

const localEnv = () =>
  localFunctionEnv({
    siteUrl: 'http://localhost:3000',
    appSecret: 'local-secret',
    userPoolId: 'local_pool',
    cognitoEndpoint: 'http://127.0.0.1:9229',
    strava: {
      clientId: '1',
      clientSecret: 's',
      oauthBaseUrl: 'http://strava/oauth',
      apiBaseUrl: 'http://strava/api/v3',
    },
    google: {
      clientId: 'g',
      clientSecret: 'gs',
      accountsBaseUrl: 'http://google',
      oauthBaseUrl: 'http://google',
      healthApiBaseUrl: 'http://google',
    },
    emailEndpoint: 'http://127.0.0.1:8005',
    push: { vapid: { publicKey: 'vapid-public', privateKey: 'vapid-private' }, serviceUrl: 'http://127.0.0.1:4300' },
    liveEndpoint: 'http://127.0.0.1:3000',
    stripe: {
      apiUrl: 'http://127.0.0.1:4400',
      secretKey: 'sk_test_local',
      webhookSecret: 'whsec_local',
      priceId: 'price_local',
    },
  });

describe('one catalogue of environment variables (functions/shared/env.ts)', () => {
  it('gives the CDK functions only names from the catalogue and table variables', () => {
    // The app's own functions; CDK's bucket-deployment helper keeps its own environment.
    const ours = [...environments].filter(([, variables]) => 'POWERTOOLS_SERVICE_NAME' in variables);
    expect(ours.length).toBeGreaterThan(50);
    const unknown = ours.flatMap(([path, variables]) =>
      Object.keys(variables)
        .filter((name) => !known(name))
        .map((name) => `${path}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('passes APPLE_SHORTCUT_URL from the appleShortcutUrl setting to the functions, and nothing when unset', () => {
    const values = [...environments.values()]
      .map((variables) => variables.APPLE_SHORTCUT_URL)
      .filter((value) => value !== undefined);
    expect(values.length).toBeGreaterThan(0);
    expect(new Set(values)).toEqual(new Set([SHORTCUT]));

    const without = buildTestApp();
    try {
      const none = [...lambdaEnvironments(without).values()].filter((variables) => 'APPLE_SHORTCUT_URL' in variables);
      expect(none).toEqual([]);
    } finally {
      without.cleanup();
    }
  });

  it('has the local host set only catalogue names, and every setting the CDK gives (secrets directly instead of by ARN)', () => {
    const local = new Set(Object.keys(localEnv()));
    expect([...local].filter((name) => !known(name))).toEqual([]);
    const cdkNames = new Set([...environments.values()].flatMap((variables) => Object.keys(variables)).filter(known));
    // Tables come from DynamoDB Local's env; the Shortcut is optional; locally an in-process queue stands in for SQS and
    // the SES emulator has no configuration set; the local host is its own edge (no CloudFront to prove).
    const awsOnly = new Set([
      'NODE_OPTIONS',
      'ORIGIN_VERIFY_TOKEN',
      'APPLE_SHORTCUT_URL',
      'IMPORT_QUEUE_URL',
      'SES_CONFIGURATION_SET',
      // Locally the host checks the channel's token with its own JWT authorizer, as it does for HTTP.
      'USER_POOL_CLIENT_ID',
      ...TABLE_VARS,
    ]);
    const missing = [...cdkNames]
      .filter((name) => !awsOnly.has(name))
      .map((name) => name.replace(/_ARN$/, ''))
      .filter((name) => !local.has(name));
    expect(missing).toEqual([]);
  });

  it('documents every name', () => {
    for (const [name, description] of Object.entries(ENV_VARS)) expect(description.length, name).toBeGreaterThan(10);
  });

  it('lets functions read the environment only through functions/lib/config.ts and functions/lib/secrets.ts, by catalogue name', () => {
    const allowed = new Set(['functions/lib/config.ts', 'functions/lib/secrets.ts']);
    const offenders: string[] = [];
    for (const file of filesUnder(join(REPO_ROOT, 'functions'))) {
      const path = relative(REPO_ROOT, file);
      const text = readFileSync(file, 'utf8');
      if (!allowed.has(path) && /process\.env/.test(text)) offenders.push(`${path} reads process.env`);
      for (const [, name] of text.matchAll(/(?:requiredEnv|optionalEnv|positiveIntEnv)\('([A-Z0-9_]+)'/g))
        if (!known(name!)) offenders.push(`${path}: ${name}`);
    }
    expect(offenders).toEqual([]);
  });
});
