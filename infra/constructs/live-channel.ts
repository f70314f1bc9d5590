import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { type CfnApi, LogGroupLogDestination, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import type { EnvVar } from '../../functions/shared/env';
import {
  LIVE_AUTHORIZER_ENTRY,
  LIVE_ROUTES,
  LIVE_TOKEN_PARAMETER,
  type LiveRouteKey,
} from '../../functions/shared/live-routes';
import type { TableId } from '../../functions/shared/tables';
import { LIVE_CONNECTION_KEY_PREFIX } from '../../functions/repositories/keys/live-connections';
import { jsonAccessLogFormat } from './access-log-format';
import { HouseFunction } from './house-function';

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
 *
 * Relied on (API Gateway developer guide, checked 2026-11-29, "Control and manage access to WebSocket APIs" and
 * "Control access to WebSocket APIs with AWS Lambda REQUEST authorizers"): a WebSocket API authorizes with IAM or a
 * Lambda authorizer (no JWT/Cognito authorizer as on HTTP APIs), on the $connect route only; a REQUEST authorizer may
 * take its identity from the query string (`route.request.querystring.token`), which a browser can set where it
 * cannot set headers, and a handshake without it is refused with 401 before the function runs. A frame whose
 * `action` selects no route and no $default route gets an error frame back, which the tab ignores; the tab only
 * ever sends `{"action":"ping"}`, so there is no $default route (the local host behaves the same).
 */
export class LiveChannel extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  /** The channel's own functions: the $connect authorizer and one per route. */
  readonly functions = new Map<LiveRouteKey | 'authorizer', NodejsFunction>();
  private readonly usersTable: ITable;
  /** One policy, in this stack, that every publishing function's role gets. */
  private readonly publishPolicy: Policy;

  constructor(scope: Construct, id: string, props: LiveChannelProps) {
    super(scope, id);
    this.usersTable = props.tables.users;
    const handler = (
      key: LiveRouteKey | 'authorizer',
      name: string,
      entry: string,
      description: string,
      write: boolean,
    ) => {
      const fn = new HouseFunction(this, name, {
        entry,
        access: write ? { users: 'write' } : {},
        allTables: props.tables,
        description,
        timeout: Duration.seconds(10),
      }).function;
      this.functions.set(key, fn);
      return fn;
    };

    const authorizerFunction = handler(
      'authorizer',
      'Authorize',
      LIVE_AUTHORIZER_ENTRY,
      'Realtime channel: checks the Cognito ID token on $connect',
      false,
    );
    authorizerFunction.addEnvironment('USER_POOL_ID' satisfies EnvVar, props.userPool.userPoolId);
    authorizerFunction.addEnvironment('USER_POOL_CLIENT_ID' satisfies EnvVar, props.client.userPoolClientId);

    const integration = (key: LiveRouteKey, name: string, description: string, write: boolean) =>
      new WebSocketLambdaIntegration(name, handler(key, name, LIVE_ROUTES[key], description, write));

    this.api = new WebSocketApi(this, 'Api', {
      description: 'TrailBuddy realtime channel',
      routeSelectionExpression: '$request.body.action',
      connectRouteOptions: {
        integration: integration('$connect', 'Connect', 'Realtime channel: $connect', true),
        authorizer: new WebSocketLambdaAuthorizer('TokenAuthorizer', authorizerFunction, {
          identitySource: [`route.request.querystring.${LIVE_TOKEN_PARAMETER}`],
        }),
      },
      disconnectRouteOptions: {
        integration: integration('$disconnect', 'Disconnect', 'Realtime channel: $disconnect', true),
      },
    });
    this.api.addRoute('ping', {
      integration: integration('ping', 'Ping', 'Realtime channel: heartbeat', false),
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
        format: jsonAccessLogFormat('websocket'),
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
      statements: [new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connections] })],
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

  /** The origin the site's CSP allows in connect-src: this API only, not every execute-api host. */
  get origin(): string {
    return `wss://${this.api.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
  }

  /**
   * Lets a function push: LIVE_ENDPOINT, ManageConnections on this stage's connections (the one shared policy), and,
   * on its own role, finding the user's channels (Query on users gsi1) and forgetting a gone one (DeleteItem on
   * `LIVE#` items only: `dynamodb:LeadingKeys` limits an item action to partition keys that match, checked
   * 2026-11-29, DynamoDB developer guide "Using IAM policy conditions for fine-grained access control"). The function
   * must declare the users table itself (its TABLE_USERS comes from its declaration).
   */
  grantPublish(fn: HouseFunction): void {
    fn.function.addEnvironment('LIVE_ENDPOINT' satisfies EnvVar, this.stage.callbackUrl);
    fn.function.addToRolePolicy(
      new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${this.usersTable.tableArn}/index/gsi1`] }),
    );
    fn.function.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:DeleteItem'],
        resources: [this.usersTable.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${LIVE_CONNECTION_KEY_PREFIX}*`] } },
      }),
    );
    this.publishPolicy.attachToRole(fn.function.role!);
  }
}
