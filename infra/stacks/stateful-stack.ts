import { Stack, type StackProps } from 'aws-cdk-lib';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { UserPool, UserPoolDomain, UserPoolIdentityProviderGoogle } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { AppSecrets } from '../constructs/app-secrets';
import { DataTables, type TablesById } from '../constructs/data-tables';
import { EmailSending, emailDomainFrom } from '../constructs/email-sending';
import { UserDirectory } from '../constructs/user-directory';

export interface StatefulStackProps extends StackProps {
  stage: string;
  googleClientId: string;
  googleClientSecretName: string;
  authDomainPrefix?: string;
  /** How many of the activity list's order indexes to declare (DeploymentSettings.activityOrderIndexes). */
  activityOrderIndexes: number;
}

/** What the stateless stack builds on: passed as objects in app.ts, never as string imports. */
export interface StatefulResources {
  tables: TablesById;
  userPool: UserPool;
  googleProvider: UserPoolIdentityProviderGoogle;
  hostedUiDomain: UserPoolDomain;
  /** Host name of the hosted UI (no scheme). */
  hostedUiHost: string;
  /** APP_SECRET (JSON field appSecret): kept with the data it encrypts. */
  appSecret: ISecret;
  /** The SES identity and configuration set (long-lived: the domain's DKIM verification is done once). */
  email: EmailSending;
}

/**
 * Whether the user pool sends its codes through the app's SES identity (CDK context `cognitoEmail`: 'ses', the
 * default, or 'cognito' for a first deploy, before the domain's DKIM records are in DNS and SES has verified it).
 */
function cognitoEmailThroughSes(scope: Construct): boolean {
  const value: unknown = scope.node.tryGetContext('cognitoEmail');
  if (value === undefined || value === null || value === '' || value === 'ses') return true;
  if (value === 'cognito') return false;
  throw new Error("CDK context 'cognitoEmail' must be 'ses' or 'cognito'");
}

/** Data that must survive redeploys: the tables and the user directory. Everything here is RETAINed. */
export class StatefulStack extends Stack {
  readonly resources: StatefulResources;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);

    const tables = new DataTables(this, 'Tables', { activityOrderIndexes: props.activityOrderIndexes });
    const email = new EmailSending(this, 'Email', { domain: emailDomainFrom(this), tables: tables.byId });
    const users = new UserDirectory(this, 'Users', {
      stage: props.stage,
      googleClientId: props.googleClientId,
      googleClientSecretName: props.googleClientSecretName,
      authDomainPrefix: props.authDomainPrefix,
      sesSender: cognitoEmailThroughSes(this)
        ? { domain: emailDomainFrom(this), configurationSetName: email.configurationSet.configurationSetName }
        : undefined,
    });
    if (cognitoEmailThroughSes(this)) users.userPool.node.addDependency(email.identity);

    const secrets = new AppSecrets(this, 'Secrets');

    this.resources = {
      appSecret: secrets.appSecret,
      email,
      tables: tables.byId,
      userPool: users.userPool,
      googleProvider: users.googleProvider,
      hostedUiDomain: users.hostedUiDomain,
      hostedUiHost: users.hostedUiHost,
    };
  }
}
