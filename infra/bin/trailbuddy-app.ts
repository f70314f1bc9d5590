import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { StatefulStack } from '../stacks/stateful-stack';
import { EDGE_REGION, EdgeStack, webAclArnParameterName } from '../stacks/edge-stack';
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
  edge: EdgeStack;
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

  const edge = new EdgeStack(app, `${prefix}-Edge`, {
    description: "TrailBuddy's CloudFront web ACL: per-client rate limits and the request log (us-east-1)",
    stage: settings.stage,
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
    edgeWebAcl: { parameterName: webAclArnParameterName(settings.stage), region: EDGE_REGION },
  });
  stateless.addStackDependency(edge, 'The distribution attaches the web ACL whose ARN the Edge stack publishes');

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stateful, stateless, edge };
}
