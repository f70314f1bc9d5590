import { Stack, type StackProps } from 'aws-cdk-lib';
import type { UserPool, UserPoolDomain, UserPoolIdentityProviderGoogle } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { DataTables, type TablesById } from '../constructs/data-tables';
import { UserDirectory } from '../constructs/user-directory';

export interface StatefulStackProps extends StackProps {
  stage: string;
  googleClientId: string;
  googleClientSecretName: string;
  authDomainPrefix?: string;
}

/** What the stateless stack builds on: passed as objects in app.ts, never as string imports. */
export interface StatefulResources {
  tables: TablesById;
  userPool: UserPool;
  googleProvider: UserPoolIdentityProviderGoogle;
  hostedUiDomain: UserPoolDomain;
  /** Host name of the hosted UI (no scheme). */
  hostedUiHost: string;
}

/** Data that must survive redeploys: the tables and the user directory. Everything here is RETAINed. */
export class StatefulStack extends Stack {
  readonly resources: StatefulResources;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);

    const tables = new DataTables(this, 'Tables');
    const users = new UserDirectory(this, 'Users', {
      stage: props.stage,
      googleClientId: props.googleClientId,
      googleClientSecretName: props.googleClientSecretName,
      authDomainPrefix: props.authDomainPrefix,
    });

    this.resources = {
      tables: tables.byId,
      userPool: users.userPool,
      googleProvider: users.googleProvider,
      hostedUiDomain: users.hostedUiDomain,
      hostedUiHost: users.hostedUiHost,
    };
  }
}
