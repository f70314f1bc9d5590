import { Duration, NestedStack, Validations } from 'aws-cdk-lib';
import {
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  type HttpApi,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { EnvSettings } from '../../functions/shared/env';
import { routeFactsSetting } from '../../functions/shared/route-facts';
import { tablesOf, type RouteDefinition } from '../../functions/shared/routes';
import { tableEnvVar, type TableId } from '../../functions/shared/tables';
import { secretsFor, type FunctionRuntime } from './function-runtime';
import { HouseFunction } from './house-function';

export interface ApiRoutesProps {
  api: HttpApi;
  routes: readonly RouteDefinition[];
  /** Routes by area (functions/shared/routes.ts ROUTE_AREAS): each area's functions and routes go in one nested stack. */
  areas: Readonly<Record<string, readonly RouteDefinition[]>>;
  /** JWT authorizer put on every route that is not public. */
  authorizer: IHttpRouteAuthorizer;
  tables: Readonly<Record<TableId, ITable>>;
  /** Shared settings and the secrets routes may ask for. */
  runtime?: FunctionRuntime;
  /** The user pool, for routes that declare `userPoolActions` (moderation suspends accounts). */
  userPool?: IUserPool;
}

/** `plan` → `RoutesPlan`: the construct id of an area's nested stack. */
export function areaStackId(area: string): string {
  return `Routes${area.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase())}`;
}

/**
 * One function and one HTTP API route per entry of the shared route list, in one nested stack per route area so
 * that no stack nears CloudFormation's 500-resource limit (test/infra/stacks/stack-size.test.ts).
 */
export class ApiRoutes extends Construct {
  readonly functions: ReadonlyMap<string, HouseFunction>;
  /** The nested stack of each area, by area name. */
  readonly areaStacks: ReadonlyMap<string, NestedStack>;

  constructor(scope: Construct, id: string, props: ApiRoutesProps) {
    super(scope, id);
    const functions = new Map<string, HouseFunction>();
    const areaStacks = new Map<string, NestedStack>();
    const areaOf = (route: RouteDefinition): string => {
      const areas = Object.entries(props.areas).filter(([, routes]) => routes.includes(route));
      if (areas.length !== 1)
        throw new Error(
          `Route ${route.id} must be in exactly one area of ROUTE_AREAS (functions/shared/routes.ts), found ${areas.length}`,
        );
      return areas[0]![0];
    };
    const stackOf = (area: string): NestedStack => {
      let stack = areaStacks.get(area);
      if (!stack) {
        stack = new NestedStack(this, areaStackId(area), { description: `TrailBuddy API routes: ${area}` });
        areaStacks.set(area, stack);
      }
      return stack;
    };

    for (const route of props.routes) {
      const areaStack = stackOf(areaOf(route));
      const handler = new HouseFunction(areaStack, route.id, {
        entry: route.entry,
        access: route.access,
        allTables: props.tables,
        description: `${route.method} ${route.path}`,
        environment: {
          ...props.runtime?.environment,
          // Whether the route is public and whether it only reads: the handler acts on its route's entry, not on
          // anything it states itself.
          ROUTE_FACTS: routeFactsSetting([route]),
          ...(route.userPoolActions?.length && props.userPool ? { USER_POOL_ID: props.userPool.userPoolId } : {}),
        } satisfies EnvSettings,
        secrets: secretsFor(props.runtime, route.secrets),
        ...(route.timeoutSeconds ? { timeout: Duration.seconds(route.timeoutSeconds) } : {}),
      });
      if (route.userPoolActions?.length) {
        if (!props.userPool) throw new Error(`${route.id} needs the user pool (userPoolActions) but none was given`);
        props.userPool.grant(handler.function, ...route.userPoolActions);
      }
      functions.set(route.id, handler);
      if (!route.public && !tablesOf(route.access).includes('users')) {
        // Every signed-in request reads the caller's account-status item, deleted or suspended (functions/lib/http.ts): one GetItem.
        handler.function.addEnvironment(tableEnvVar('users'), props.tables.users.tableName);
        handler.function.addToRolePolicy(
          new PolicyStatement({ actions: ['dynamodb:GetItem'], resources: [props.tables.users.tableArn] }),
        );
      }

      // Created in the area's stack (api.addRoutes would put every route in the API's stack).
      const httpRoute = new HttpRoute(areaStack, `${route.id}-route`, {
        httpApi: props.api,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${route.id}-integration`, handler.function),
        // Explicit on both sides so that a public route is a decision, never a default.
        authorizer: route.public ? new HttpNoneAuthorizer() : props.authorizer,
      });
      if (route.public) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is public by design (health check, OAuth callback, webhook or token-authenticated ingest); the handler verifies whatever credential the caller must present.`,
        });
      }
    }
    this.functions = functions;
    this.areaStacks = areaStacks;
  }
}
