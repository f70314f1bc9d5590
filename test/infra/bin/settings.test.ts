import { describe, expect, it } from 'vitest';
import { GOOGLE_CLIENT_ID_PLACEHOLDER, readDeploymentSettings } from '../../../infra/bin/settings';

const settingsFrom = (context: Record<string, unknown>) =>
  readDeploymentSettings({ tryGetContext: (key) => context[key] });

describe('readDeploymentSettings', () => {
  it('has safe offline defaults when no context is given', () => {
    expect(settingsFrom({})).toEqual({
      stage: 'dev',
      region: undefined,
      googleClientId: GOOGLE_CLIENT_ID_PLACEHOLDER,
      googleClientSecretName: 'trailbuddy/google-oauth',
      authDomainPrefix: undefined,
      siteDomain: undefined,
      siteCertificateArn: undefined,
      appleShortcutUrl: undefined,
      activityOrderIndexes: 3,
    });
  });

  it('reads every key from context', () => {
    expect(
      settingsFrom({
        stage: 'prod',
        region: 'ca-central-1',
        googleClientId: 'id.apps.googleusercontent.com',
        googleClientSecretName: 'prod/google',
        authDomainPrefix: 'trailbuddy-auth',
        siteDomain: 'trailbuddy.example.ca',
        siteCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
        appleShortcutUrl: 'https://www.icloud.com/shortcuts/0123456789abcdef',
        activityOrderIndexes: '1',
      }),
    ).toEqual({
      stage: 'prod',
      region: 'ca-central-1',
      googleClientId: 'id.apps.googleusercontent.com',
      googleClientSecretName: 'prod/google',
      authDomainPrefix: 'trailbuddy-auth',
      siteDomain: 'trailbuddy.example.ca',
      siteCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      appleShortcutUrl: 'https://www.icloud.com/shortcuts/0123456789abcdef',
      activityOrderIndexes: 1,
    });
  });

  it('accepts only 0 to 3 activity order indexes (an upgrade adds them one deploy at a time)', () => {
    for (const value of ['4', '-1', '1.5', 'two'])
      expect(() => settingsFrom({ activityOrderIndexes: value }), value).toThrow(/activityOrderIndexes/);
    expect(settingsFrom({ activityOrderIndexes: '0' }).activityOrderIndexes).toBe(0);
  });

  it('rejects a stage that cannot be part of a stack name', () => {
    expect(() => settingsFrom({ stage: 'Prod Stage' })).toThrow(/'stage' must match/);
  });

  it('rejects a hosted-UI prefix Cognito would refuse', () => {
    expect(() => settingsFrom({ authDomainPrefix: 'TrailBuddy_Login' })).toThrow(/'authDomainPrefix'/);
  });

  it('requires siteDomain and siteCertificateArn together', () => {
    expect(() => settingsFrom({ siteDomain: 'trailbuddy.example.ca' })).toThrow(/go together/);
    expect(() => settingsFrom({ siteCertificateArn: 'arn:aws:acm:us-east-1:1:certificate/x' })).toThrow(/go together/);
  });

  it('accepts only an https link as the Apple Shortcut URL', () => {
    expect(() => settingsFrom({ appleShortcutUrl: 'http://www.icloud.com/shortcuts/x' })).toThrow(
      /'appleShortcutUrl' must be an https URL/,
    );
  });

  it('rejects non-string values', () => {
    expect(() => settingsFrom({ stage: 3 })).toThrow(/'stage' must be a string/);
  });
});
