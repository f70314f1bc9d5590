import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { StatefulStack } from '../stacks/stateful-stack';
import { StatelessStack } from '../stacks/stateless-stack';
import { readDeploymentSettings } from './settings';

export interface TrailBuddyAppOptions {
  /** Context as `cdk.json` + `-c` would give it (tests pass cdk.json's context here). */
  context?: Record<string, unknown>;
  outdir?: string;
  /** Built SPA folder; defaults to web/dist. */
  webDist?: string;
  /**
   * CDK's built-in CloudFormation template validation (a few seconds per synth). On by default;
   * tests that only inspect templates turn it off, the cdk-nag test keeps it on.
   */
  builtinCloudFormationValidation?: boolean;
}

export interface TrailBuddyApp {
  app: App;
  stateful: StatefulStack;
  stateless: StatelessStack;
}

/**
 * The whole CDK app: both stacks plus cdk-nag's AWS Solutions checks. Used by bin/app.ts and by
 * the tests, so what the tests check is exactly what `cdk synth` builds.
 */
export function createTrailBuddyApp(options: TrailBuddyAppOptions = {}): TrailBuddyApp {
  const app = new App({
    context: options.context,
    outdir: options.outdir,
    builtinCloudFormationValidation: options.builtinCloudFormationValidation ?? true,
    // Any finding cdk-nag reports, warning or error, fails synthesis unless acknowledged with a reason.
    postCliContext: { '@aws-cdk/core:strictCfnValidateErrors': true },
  });
  const settings = readDeploymentSettings(app.node);
  const env = settings.region ? { region: settings.region } : undefined;
  const prefix = `TrailBuddy-${settings.stage}`;

  const stateful = new StatefulStack(app, `${prefix}-Stateful`, {
    env,
    description: 'TrailBuddy data: DynamoDB tables and the Cognito user pool (retained on delete)',
    stage: settings.stage,
    googleClientId: settings.googleClientId,
    googleClientSecretName: settings.googleClientSecretName,
    authDomainPrefix: settings.authDomainPrefix,
    activityOrderIndexes: settings.activityOrderIndexes,
  });

  const stateless = new StatelessStack(app, `${prefix}-Stateless`, {
    env,
    description: 'TrailBuddy functions, HTTP API, schedules and the CloudFront site',
    stateful: stateful.resources,
    customDomain:
      settings.siteDomain && settings.siteCertificateArn
        ? { domainName: settings.siteDomain, certificateArn: settings.siteCertificateArn }
        : undefined,
    webDist: options.webDist,
    appleShortcutUrl: settings.appleShortcutUrl,
  });

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stateful, stateless };
}
