import { Duration, Validations } from 'aws-cdk-lib';
import { HttpMethod, HttpNoneAuthorizer, type HttpApi, type IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { RouteDefinition } from '../../functions/shared/routes';
import { tableEnvVar, type TableId } from '../../functions/shared/tables';
import { secretsFor, type FunctionRuntime } from './function-runtime';
import { HouseFunction } from './house-function';

export interface ApiRoutesProps {
  api: HttpApi;
  routes: readonly RouteDefinition[];
  /** JWT authorizer put on every route that is not public. */
  authorizer: IHttpRouteAuthorizer;
  tables: Readonly<Record<TableId, ITable>>;
  /** Shared settings and the secrets routes may ask for. */
  runtime?: FunctionRuntime;
  /** The user pool, for routes that declare `userPoolActions` (moderation suspends accounts). */
  userPool?: IUserPool;
}

/** One function and one HTTP API route per entry of the shared route list. */
export class ApiRoutes extends Construct {
  readonly functions: ReadonlyMap<string, HouseFunction>;

  constructor(scope: Construct, id: string, props: ApiRoutesProps) {
    super(scope, id);
    const functions = new Map<string, HouseFunction>();

    for (const route of props.routes) {
      const handler = new HouseFunction(this, route.id, {
        entry: route.entry,
        tables: route.tables,
        allTables: props.tables,
        description: `${route.method} ${route.path}`,
        environment: route.userPoolActions?.length && props.userPool ? { ...props.runtime?.environment, USER_POOL_ID: props.userPool.userPoolId } : props.runtime?.environment,
        secrets: secretsFor(props.runtime, route.secrets),
        ...(route.timeoutSeconds ? { timeout: Duration.seconds(route.timeoutSeconds) } : {}),
      });
      if (route.userPoolActions?.length) {
        if (!props.userPool) throw new Error(`${route.id} needs the user pool (userPoolActions) but none was given`);
        props.userPool.grant(handler.function, ...route.userPoolActions);
      }
      functions.set(route.id, handler);
      if (!route.public && !route.tables.includes('users')) {
        // Every signed-in request reads the caller's deleted-account tombstone (functions/lib/http.ts): one GetItem.
        handler.function.addEnvironment(tableEnvVar('users'), props.tables.users.tableName);
        handler.function.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:GetItem'], resources: [props.tables.users.tableArn] }));
      }

      const [httpRoute] = props.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.id}-integration`, handler.function),
        // Explicit on both sides so that a public route is a decision, never a default.
        authorizer: route.public ? new HttpNoneAuthorizer() : props.authorizer,
      });
      if (route.public && httpRoute) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is public by design (health check, OAuth callback, webhook or token-authenticated ingest); the handler verifies whatever credential the caller must present.`,
        });
      }
    }
    this.functions = functions;
  }
}
