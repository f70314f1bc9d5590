import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_LIST_ATTRIBUTES, ACTIVITY_ORDER_INDEXES, TABLES } from '../../../functions/shared/tables';
import { buildTestApp, onlyResourceOfType, resourcesOfType, templates, type TestApp } from '../support/synth';

let testApp: TestApp;
let template: Template;

beforeAll(() => {
  testApp = buildTestApp();
  template = templates(testApp).stateful;
});
afterAll(() => testApp?.cleanup());

describe('DynamoDB tables', () => {
  const tables = () => Object.entries(resourcesOfType(template, 'AWS::DynamoDB::Table'));

  it('creates exactly one table per entry of TABLES', () => {
    expect(tables()).toHaveLength(TABLES.length);
    const logicalIds = tables().map(([logicalId]) => logicalId);
    for (const definition of TABLES) {
      expect(
        logicalIds.filter((id) => id.startsWith(`Tables${definition.id}`)),
        definition.id,
      ).toHaveLength(1);
    }
  });

  it('copies only the list fields into the activities indexes, and whole items into the others', () => {
    for (const [logicalId, table] of tables()) {
      for (const index of table.Properties.GlobalSecondaryIndexes as { Projection: unknown }[]) {
        expect(index.Projection, logicalId).toEqual(
          logicalId.startsWith('Tablesactivities')
            ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...ACTIVITY_LIST_ATTRIBUTES] }
            : { ProjectionType: 'ALL' },
        );
      }
    }
  });

  it('gives every table pk/sk string keys and the gsi1 index, and the activities table its order indexes', () => {
    for (const [logicalId, table] of tables()) {
      expect(table.Properties.KeySchema, logicalId).toEqual([
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ]);
      const orderIndexes = logicalId.startsWith('Tablesactivities') ? Object.values(ACTIVITY_ORDER_INDEXES) : [];
      expect(table.Properties.GlobalSecondaryIndexes, logicalId).toEqual(
        [{ name: 'gsi1', sortKey: 'gsi1sk' }, ...orderIndexes].map((index) =>
          expect.objectContaining({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: 'gsi1pk', KeyType: 'HASH' },
              { AttributeName: index.sortKey, KeyType: 'RANGE' },
            ],
          }),
        ),
      );
      const attributes =
        (table.Properties.AttributeDefinitions as { AttributeName: string; AttributeType: string }[]) ?? [];
      expect(
        attributes.every((attribute) => attribute.AttributeType === 'S'),
        logicalId,
      ).toBe(true);
    }
  });

  it('declares only as many order indexes as activityOrderIndexes says (CloudFormation adds one per update)', () => {
    const upgrading = buildTestApp({ context: { activityOrderIndexes: '1' } });
    try {
      const [, activities] = Object.entries(
        resourcesOfType(templates(upgrading).stateful, 'AWS::DynamoDB::Table'),
      ).find(([logicalId]) => logicalId.startsWith('Tablesactivities'))!;
      const names = (activities.Properties.GlobalSecondaryIndexes as { IndexName: string }[]).map((i) => i.IndexName);
      expect(names).toEqual(['gsi1', ACTIVITY_ORDER_INDEXES.distance.name]);
    } finally {
      upgrading.cleanup();
    }
  });

  it('turns on TTL on expiresAt and point-in-time recovery for every table', () => {
    for (const [logicalId, table] of tables()) {
      expect(table.Properties.TimeToLiveSpecification, logicalId).toEqual({
        AttributeName: 'expiresAt',
        Enabled: true,
      });
      expect(table.Properties.PointInTimeRecoverySpecification, logicalId).toMatchObject({
        PointInTimeRecoveryEnabled: true,
      });
    }
  });

  it('bills on demand, encrypts with the AWS-managed key and retains every table', () => {
    for (const [logicalId, table] of tables()) {
      expect(table.Properties.BillingMode, logicalId).toBe('PAY_PER_REQUEST');
      expect(table.Properties.SSESpecification, logicalId).toEqual({ SSEEnabled: true });
      expect(table.DeletionPolicy, logicalId).toBe('Retain');
      expect(table.UpdateReplacePolicy, logicalId).toBe('Retain');
    }
  });
});

describe('Cognito user pool', () => {
  it('signs in by email, allows self sign-up, verifies email by code and recovers accounts by email', () => {
    const [, pool] = onlyResourceOfType(template, 'AWS::Cognito::UserPool');
    expect(pool.Properties).toMatchObject({
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE' },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
    expect(pool.DeletionPolicy).toBe('Retain');
  });

  it("sends its codes through the app's SES identity and configuration set, not Cognito's capped sender", () => {
    const [, pool] = onlyResourceOfType(template, 'AWS::Cognito::UserPool');
    const [identityId, identity] = onlyResourceOfType(template, 'AWS::SES::EmailIdentity');
    const [configurationSetId] = onlyResourceOfType(template, 'AWS::SES::ConfigurationSet');
    const domain = identity.Properties.EmailIdentity as string;
    expect(pool.Properties.EmailConfiguration).toEqual({
      EmailSendingAccount: 'DEVELOPER',
      From: `TrailBuddy <no-reply@${domain}>`,
      ConfigurationSet: { Ref: configurationSetId },
      SourceArn: {
        'Fn::Join': [
          '',
          [
            'arn:',
            { Ref: 'AWS::Partition' },
            ':ses:',
            expect.anything(),
            ':',
            expect.anything(),
            `:identity/${domain}`,
          ],
        ],
      },
    });
    expect(pool.DependsOn).toContain(identityId);
  });

  it("keeps Cognito's own sender when context cognitoEmail is 'cognito' (a first deploy, before DKIM verifies)", () => {
    const first = buildTestApp({ context: { cognitoEmail: 'cognito' } });
    try {
      const [, pool] = onlyResourceOfType(templates(first).stateful, 'AWS::Cognito::UserPool');
      expect(pool.Properties.EmailConfiguration).toBeUndefined();
    } finally {
      first.cleanup();
    }
    expect(() => buildTestApp({ context: { cognitoEmail: 'smtp' } })).toThrow(/cognitoEmail/);
  });

  it('keeps the verified email until a changed one is verified', () => {
    const [, pool] = onlyResourceOfType(template, 'AWS::Cognito::UserPool');
    expect(pool.Properties.UserAttributeUpdateSettings).toEqual({
      AttributesRequireVerificationBeforeUpdate: ['email'],
    });
  });

  it('requires passwords of at least 8 characters with upper and lower case, digits and symbols', () => {
    const [, pool] = onlyResourceOfType(template, 'AWS::Cognito::UserPool');
    expect(pool.Properties.Policies.PasswordPolicy).toMatchObject({
      MinimumLength: 8,
      RequireLowercase: true,
      RequireUppercase: true,
      RequireNumbers: true,
      RequireSymbols: true,
    });
  });

  it('federates Google with the client secret as a Secrets Manager dynamic reference, never plaintext', () => {
    const [, google] = onlyResourceOfType(template, 'AWS::Cognito::UserPoolIdentityProvider');
    expect(google.Properties.ProviderName).toBe('Google');
    expect(google.Properties.ProviderType).toBe('Google');
    expect(google.Properties.AttributeMapping).toMatchObject({ email: 'email' });
    expect(google.Properties.ProviderDetails.authorize_scopes).toBe('openid email profile');
    expect(google.Properties.ProviderDetails.client_secret).toBe(
      '{{resolve:secretsmanager:trailbuddy/google-oauth:SecretString:clientSecret::}}',
    );
    // The only mention of the secret in the whole template is that reference.
    const templateText = JSON.stringify(template.toJSON());
    expect(templateText.match(/client_secret/g)).toHaveLength(1);
  });

  it('has a hosted-UI prefix domain unique to the stage and account', () => {
    const [, domain] = onlyResourceOfType(template, 'AWS::Cognito::UserPoolDomain');
    expect(domain.Properties.Domain).toEqual({ 'Fn::Join': ['-', ['trailbuddy-dev', { Ref: 'AWS::AccountId' }]] });
    expect(domain.Properties.UserPoolId).toEqual({ Ref: expect.stringMatching(/^UsersUserPool/) });
  });

  it('keeps app clients out of this stack, so it never depends on the site', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 0);
  });
});

describe('settings from context', () => {
  it('uses the secret name, Google client id and domain prefix given as context', () => {
    const custom = buildTestApp({
      context: {
        googleClientSecretName: 'prod/google',
        googleClientId: 'abc.apps.googleusercontent.com',
        authDomainPrefix: 'trailbuddy-login',
        stage: 'prod',
      },
    });
    try {
      const { stateful } = templates(custom);
      expect(custom.stateful.stackName).toBe('TrailBuddy-prod-Stateful');
      stateful.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
        ProviderDetails: {
          client_id: 'abc.apps.googleusercontent.com',
          client_secret: '{{resolve:secretsmanager:prod/google:SecretString:clientSecret::}}',
        },
      });
      stateful.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'trailbuddy-login' });
    } finally {
      custom.cleanup();
    }
  });
});
