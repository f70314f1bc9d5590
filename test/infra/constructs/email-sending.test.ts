import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, onlyResourceOfType, resourcesOfType, templates, type TestApp } from '../support/synth';

let testApp: TestApp;
let stateful: Template;
let stateless: Template;

beforeAll(() => {
  testApp = buildTestApp();
  ({ stateful, stateless } = templates(testApp));
});
afterAll(() => testApp?.cleanup());

describe('email sending', () => {
  it('verifies the context domain with Easy DKIM in the configuration set', () => {
    const [, identity] = onlyResourceOfType(stateful, 'AWS::SES::EmailIdentity');
    expect(identity.Properties.EmailIdentity).toBe('mail.trailbuddy.example');
    expect(identity.Properties.DkimSigningAttributes).toEqual({ NextSigningKeyLength: 'RSA_2048_BIT' });
    expect(identity.Properties.ConfigurationSetAttributes).toBeDefined();
  });

  it('sends bounces and complaints to SNS and on to the function that records them', () => {
    const [, destination] = onlyResourceOfType(stateful, 'AWS::SES::ConfigurationSetEventDestination');
    const config = destination.Properties.EventDestination as {
      Enabled?: boolean;
      MatchingEventTypes: string[];
      SnsDestination?: unknown;
    };
    expect([...config.MatchingEventTypes].sort()).toEqual(['bounce', 'complaint']);
    expect(config.SnsDestination).toBeDefined();
    const [, subscription] = onlyResourceOfType(stateful, 'AWS::SNS::Subscription');
    expect(subscription.Properties.Protocol).toBe('lambda');
    const recorder = Object.values(resourcesOfType(stateful, 'AWS::Lambda::Function')).filter((fn) =>
      String(fn.Properties.Description ?? '').includes('bounces and complaints'),
    );
    expect(recorder).toHaveLength(1);
  });

  it('lets only the outbox job send, from the domain, in the configuration set', () => {
    const senders = Object.values(resourcesOfType(stateless, 'AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes('ses:SendEmail'),
    );
    expect(senders).toHaveLength(1);
    // The same job reads the account's quota (GetAccount takes no resource but the account's own).
    expect(JSON.stringify(senders[0]!.Properties.PolicyDocument)).toContain('ses:GetAccount');
    const outbox = Object.values(resourcesOfType(stateless, 'AWS::Lambda::Function')).filter((fn) =>
      String(fn.Properties.Description ?? '').startsWith('Scheduled job email-outbox'),
    );
    expect(outbox).toHaveLength(1);
    const env = (outbox[0]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env.EMAIL_FROM).toBe('TrailBuddy <no-reply@mail.trailbuddy.example>');
    expect(env.SES_CONFIGURATION_SET).toBeDefined();
  });
});
