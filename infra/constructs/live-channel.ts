import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnApi,
  LogGroupLogDestination,
  WebSocketApi,
  WebSocketStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { EnvVar } from '../../functions/shared/env';
import { LIVE_AUTHORIZER_ENTRY, LIVE_ROUTES, LIVE_TOKEN_PARAMETER } from '../../functions/shared/live-routes';
import type { TableId } from '../../functions/shared/tables';
import { HouseFunction, TABLE_READ_ACTIONS } from './house-function';

export interface LiveChannelProps {
  tables: Readonly<Record<TableId, ITable>>;
  userPool: UserPool;
  client: UserPoolClient;
}

/** The stage name, part of the wss:// URL and of the management endpoint. */
const STAGE = 'live';

/**
 * The realtime channel: an API Gateway WebSocket API whose $connect runs a Lambda REQUEST authorizer on the Cognito
 * ID token in `?token=`, $connect/$disconnect record and forget the channel (users table, TTL), and `ping` answers
 * the tab's heartbeat as a route response. Functions that publish get the stage's management endpoint and
 * execute-api:ManageConnections on its connections only.
 */
export class LiveChannel extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  private readonly usersTable: ITable;
  /** One policy, in this stack, that every publishing function's role gets. */
  private readonly publishPolicy: Policy;

  constructor(scope: Construct, id: string, props: LiveChannelProps) {
    super(scope, id);
    this.usersTable = props.tables.users;
    const handler = (name: string, entry: string, description: string, write: boolean) =>
      new HouseFunction(this, name, {
        entry,
        access: write ? { users: 'write' } : {},
        allTables: props.tables,
        description,
        timeout: Duration.seconds(10),
      }).function;

    const authorizerFunction = handler(
      'Authorize',
      LIVE_AUTHORIZER_ENTRY,
      'Realtime channel: checks the Cognito ID token on $connect',
      false,
    );
    authorizerFunction.addEnvironment('USER_POOL_ID' satisfies EnvVar, props.userPool.userPoolId);
    authorizerFunction.addEnvironment('USER_POOL_CLIENT_ID' satisfies EnvVar, props.client.userPoolClientId);

    const integration = (name: string, entry: string, description: string, write: boolean) =>
      new WebSocketLambdaIntegration(name, handler(name, entry, description, write));

    this.api = new WebSocketApi(this, 'Api', {
      description: 'TrailBuddy realtime channel',
      routeSelectionExpression: '$request.body.action',
      connectRouteOptions: {
        integration: integration('Connect', LIVE_ROUTES.$connect, 'Realtime channel: $connect', true),
        authorizer: new WebSocketLambdaAuthorizer('TokenAuthorizer', authorizerFunction, {
          identitySource: [`route.request.querystring.${LIVE_TOKEN_PARAMETER}`],
        }),
      },
      disconnectRouteOptions: {
        integration: integration('Disconnect', LIVE_ROUTES.$disconnect, 'Realtime channel: $disconnect', true),
      },
    });
    this.api.addRoute('ping', {
      integration: integration('Ping', LIVE_ROUTES.ping, 'Realtime channel: heartbeat', false),
      returnResponse: true,
    });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: STAGE,
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(
          new LogGroup(this, 'AccessLogs', {
            retention: RetentionDays.THREE_MONTHS,
            removalPolicy: RemovalPolicy.DESTROY,
          }),
        ),
        // No query strings: the handshake's carries the ID token.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            requestTime: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            routeKey: '$context.routeKey',
            eventType: '$context.eventType',
            status: '$context.status',
            connectionId: '$context.connectionId',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });
    for (const route of ['$disconnect-Route', 'ping-Route'])
      Validations.of(this.api.node.findChild(route)).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          'A WebSocket API authorizes on $connect only (API Gateway runs no authorizer on later routes); these routes act on the already authorized connection.',
      });

    const stack = Stack.of(this);
    const connections = stack.formatArn({
      service: 'execute-api',
      resource: this.api.apiId,
      resourceName: `${STAGE}/*/@connections/*`,
    });
    this.publishPolicy = new Policy(this, 'PublishPolicy', {
      statements: [
        new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connections] }),
        new PolicyStatement({
          actions: [...TABLE_READ_ACTIONS, 'dynamodb:DeleteItem'],
          resources: [this.usersTable.tableArn, `${this.usersTable.tableArn}/index/gsi1`],
        }),
      ],
    });
    const apiLogicalId = stack.getLogicalId(this.api.node.defaultChild as CfnApi);
    Validations.of(this.publishPolicy).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<${apiLogicalId}>/${STAGE}/*/@connections/*]`,
      reason:
        'Connection ids exist only at run time; the grant covers posting to and deleting connections of this one API stage.',
    });
  }

  /** Where tabs connect (runtime config `liveUrl`). */
  get url(): string {
    return this.stage.url;
  }

  /**
   * Lets a function push: LIVE_ENDPOINT, ManageConnections on this stage's connections, and reading the user's channels
   * (users gsi1) and forgetting a gone one.
   */
  grantPublish(fn: HouseFunction): void {
    fn.function.addEnvironment('LIVE_ENDPOINT' satisfies EnvVar, this.stage.callbackUrl);
    fn.function.addEnvironment('TABLE_USERS', this.usersTable.tableName);
    this.publishPolicy.attachToRole(fn.function.role!);
  }
}
