import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrailBuddyApp } from '../../../infra/bin/trailbuddy-app';
import { routeFactsOf, type RouteFacts } from '../../../functions/shared/route-facts';
import { LIVE_PUBLISHING_JOBS, LIVE_PUBLISHING_ROUTES, LIVE_ROUTES } from '../../../functions/shared/live-routes';
import { ROUTES, SCHEDULED_JOBS, tablesOf } from '../../../functions/shared/routes';
import { RuntimeConfig } from '../../../functions/shared/schemas/runtime-config';
import { TABLES, tableEnvVar, type TableId } from '../../../functions/shared/tables';
import {
  buildTestApp,
  flattenJoin,
  handlerExportsOf,
  onlyResourceOfType,
  resourcesOfType,
  statelessResources,
  templates,
  type CfnResource,
  type TestApp,
} from '../support/synth';

let testApp: TestApp;
let template: Template;
/** The stateless stack's resources and those of its nested route-area stacks. */
let allResources: Record<string, CfnResource>;

beforeAll(() => {
  // Bundles every function with esbuild, as `cdk synth` does.
  testApp = buildTestApp({ bundle: true });
  template = templates(testApp).stateless;
  allResources = statelessResources(testApp);
});
afterAll(() => testApp?.cleanup());

const resource = (logicalId: string): CfnResource => allResources[logicalId]!;
const allOfType = (type: string): CfnResource[] =>
  Object.values(allResources).filter((candidate) => candidate.Type === type);
/** The parameters the stateless stack passes to each nested route-area stack. */
const nestedStackParameters = (): Record<string, unknown>[] =>
  Object.values(resourcesOfType(template, 'AWS::CloudFormation::Stack')).map(
    (stack) => (stack.Properties.Parameters ?? {}) as Record<string, unknown>,
  );
/** Logical id of a function in whichever stack (nested or not) holds it. */
const logicalIdOf = (fn: NodejsFunction): string => Stack.of(fn).getLogicalId(fn.node.defaultChild as CfnFunction);
const routeKey = (route: { method: string; path: string }): string => `${route.method} ${route.path}`;
/** The realtime channel's WebSocket API (the stack's other API Gateway v2 API is the HTTP API). */
const liveApiId = (): string => testApp.stateless.getLogicalId(testApp.stateless.live.api.node.defaultChild as never);
const ofLiveApi = (candidate: CfnResource): boolean =>
  JSON.stringify(candidate.Properties.ApiId) === JSON.stringify({ Ref: liveApiId() });
/** The one resource of a type that belongs to the HTTP API (routes, authorizers, stages and the API itself). */
function onlyOfHttpApi(from: Template, type: string): [string, CfnResource] {
  const entries = Object.entries(resourcesOfType(from, type)).filter(([, candidate]) =>
    type === 'AWS::ApiGatewayV2::Api' ? candidate.Properties.ProtocolType === 'HTTP' : !ofLiveApi(candidate),
  );
  if (entries.length !== 1) throw new Error(`Expected exactly one ${type} of the HTTP API, found ${entries.length}`);
  return entries[0]!;
}

/** The Lambda function behind an API route, found through its integration. */
function functionBehindRoute(route: CfnResource): string {
  const integrationId = (route.Properties.Target as { 'Fn::Join': [string, [string, { Ref: string }]] })[
    'Fn::Join'
  ][1][1].Ref;
  const integration = resource(integrationId);
  return (integration.Properties.IntegrationUri as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
}

/** Table ids a function's role can read and write (from the DynamoDB statement of its policy). */
function tablesGrantedTo(functionLogicalId: string): TableId[] {
  const roleId = (resource(functionLogicalId).Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const policies = allOfType('AWS::IAM::Policy').filter((policy) =>
    (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId),
  );
  const dynamoStatements = policies
    .flatMap(
      (policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
    )
    .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('dynamodb:')));
  const text = JSON.stringify(dynamoStatements.map((statement) => statement.Resource));
  return TABLES.map((table) => table.id).filter((id) => text.includes(`Tables${id}`));
}

describe('HTTP API routes', () => {
  const routes = () => allOfType('AWS::ApiGatewayV2::Route').filter((route) => !ofLiveApi(route));

  it('has exactly one route per entry of ROUTES', () => {
    const synthesized = routes()
      .map((route) => route.Properties.RouteKey as string)
      .sort();
    expect(synthesized).toEqual(ROUTES.map(routeKey).sort());
  });

  it('puts the Cognito JWT authorizer on every non-public route and none on public routes', () => {
    const [authorizerId, authorizer] = onlyOfHttpApi(template, 'AWS::ApiGatewayV2::Authorizer');
    for (const route of routes()) {
      const definition = ROUTES.find((candidate) => routeKey(candidate) === route.Properties.RouteKey)!;
      if (definition.public) {
        expect(route.Properties.AuthorizationType, routeKey(definition)).toBe('NONE');
        expect(route.Properties.AuthorizerId, routeKey(definition)).toBeUndefined();
      } else {
        expect(route.Properties.AuthorizationType, routeKey(definition)).toBe('JWT');
        // A parameter of the route area's nested stack, which the stateless stack sets to the authorizer.
        const parameter = (route.Properties.AuthorizerId as { Ref: string }).Ref;
        const passed = nestedStackParameters()
          .map((parameters) => parameters[parameter])
          .filter((value) => value !== undefined);
        expect(passed.length, routeKey(definition)).toBeGreaterThan(0);
        for (const value of passed) expect(value, routeKey(definition)).toEqual({ Ref: authorizerId });
      }
    }
    expect(authorizer.Properties.AuthorizerType).toBe('JWT');
    expect(authorizer.Properties.IdentitySource).toEqual(['$request.header.Authorization']);
    const clientId = testApp.stateless.getLogicalId(testApp.stateless.authClient.client.node.defaultChild as never);
    expect(authorizer.Properties.JwtConfiguration.Audience).toEqual([{ Ref: clientId }]);
    expect(flattenJoin(authorizer.Properties.JwtConfiguration.Issuer)).toMatch(
      /^https:\/\/cognito-idp\..*amazonaws\.com\/.*PublishOutputRefUsersUserPool/,
    );
  });

  it("gives each route's function the facts of its own route, and no other, with the authorizer to match", () => {
    for (const route of routes()) {
      const definition = ROUTES.find((candidate) => routeKey(candidate) === route.Properties.RouteKey)!;
      const variables = resource(functionBehindRoute(route)).Properties.Environment.Variables as Record<
        string,
        unknown
      >;
      const facts = JSON.parse(variables.ROUTE_FACTS as string) as Record<string, RouteFacts>;
      expect(facts, definition.id).toEqual({ [routeKey(definition)]: routeFactsOf(definition) });
      expect(facts[routeKey(definition)]!.public, definition.id).toBe(route.Properties.AuthorizationType === 'NONE');
    }
  });

  /** The route's tables, plus users for every signed-in route: the shared auth path reads the deleted-account tombstone there. */
  const tablesOfRoute = (definition: (typeof ROUTES)[number]): TableId[] => [
    ...new Set([...tablesOf(definition.access), ...(definition.public ? [] : (['users'] as const))]),
  ];

  it('sends each route to its own function, which gets exactly the tables the route lists (and users when signed in)', () => {
    const seenFunctions = new Set<string>();
    for (const route of routes()) {
      const definition = ROUTES.find((candidate) => routeKey(candidate) === route.Properties.RouteKey)!;
      const functionId = functionBehindRoute(route);
      expect(functionId).toBe(logicalIdOf(testApp.stateless.apiRoutes.functions.get(definition.id)!.function));
      seenFunctions.add(functionId);

      const variables = resource(functionId).Properties.Environment.Variables as Record<string, unknown>;
      const tableVariables = Object.keys(variables)
        .filter((name) => name.startsWith('TABLE_'))
        .sort();
      expect(tableVariables, definition.id).toEqual(tablesOfRoute(definition).map(tableEnvVar).sort());
      for (const tableId of tablesOfRoute(definition)) {
        expect(JSON.stringify(variables[tableEnvVar(tableId)]), `${definition.id} ${tableId}`).toContain(
          `PublishOutputRefTables${tableId}`,
        );
      }
      expect(tablesGrantedTo(functionId).sort(), definition.id).toEqual(tablesOfRoute(definition).sort());
    }
    expect(seenFunctions.size).toBe(ROUTES.length);
  });

  it('lets only DELETE /api/me delete Cognito users (AdminDeleteUser on the pool) and tells it which pool', () => {
    const deleteMeId = logicalIdOf(testApp.stateless.apiRoutes.functions.get('delete-me')!.function);
    const variables = resource(deleteMeId).Properties.Environment.Variables as Record<string, unknown>;
    expect(JSON.stringify(variables.USER_POOL_ID)).toContain('UserPool');
    const roleId = (resource(deleteMeId).Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const policies = allOfType('AWS::IAM::Policy');
    const granting = policies.filter((policy) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes('cognito-idp:AdminDeleteUser'),
    );
    expect(granting).toHaveLength(1);
    expect(granting[0]!.Properties.Roles).toEqual([{ Ref: roleId }]);
    const statement = (
      granting[0]!.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[]
    ).find((s) => s.Action === 'cognito-idp:AdminDeleteUser')!;
    expect(JSON.stringify(statement.Resource)).toContain('UserPool');
    expect(JSON.stringify(statement.Resource)).not.toContain('*');
  });

  it('grants each table and its gsi1 index by name, never index/*', () => {
    const policiesText = JSON.stringify(allOfType('AWS::IAM::Policy'));
    expect(policiesText).toContain('/index/gsi1');
    expect(policiesText).not.toContain('/index/*');
  });

  it('configures CORS once, on the API', () => {
    const [, api] = onlyOfHttpApi(template, 'AWS::ApiGatewayV2::Api');
    expect(api.Properties.ProtocolType).toBe('HTTP');
    expect(api.Properties.CorsConfiguration).toMatchObject({
      AllowOrigins: expect.arrayContaining(['http://localhost:5173']),
      AllowHeaders: expect.arrayContaining(['authorization', 'content-type']),
      AllowMethods: expect.arrayContaining(['GET', 'POST', 'OPTIONS']),
    });
    expect(api.Properties.CorsConfiguration.AllowOrigins).not.toContain('*');
  });

  it('throttles the default stage and writes JSON access logs to a log group with retention', () => {
    const [, stage] = onlyOfHttpApi(template, 'AWS::ApiGatewayV2::Stage');
    expect(stage.Properties).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: expect.any(Number), ThrottlingBurstLimit: expect.any(Number) },
    });
    const logGroupId = stage.Properties.AccessLogSettings.DestinationArn['Fn::GetAtt'][0] as string;
    expect(resource(logGroupId).Properties.RetentionInDays).toBeGreaterThan(0);
    const format = JSON.parse(stage.Properties.AccessLogSettings.Format as string) as Record<string, string>;
    expect(format.requestId).toBe('$context.requestId');
    expect(format.status).toBe('$context.status');
  });
});

describe('realtime channel (WebSocket API)', () => {
  const live = () => testApp.stateless.live;
  const liveFunctionId = (key: Parameters<ReturnType<typeof live>['functions']['get']>[0]) =>
    logicalIdOf(live().functions.get(key)!);
  const liveRoutes = () => allOfType('AWS::ApiGatewayV2::Route').filter(ofLiveApi);
  const publishers = () => [
    ...LIVE_PUBLISHING_ROUTES.map((id) => testApp.stateless.apiRoutes.functions.get(id)!.function),
    ...LIVE_PUBLISHING_JOBS.map((id) => testApp.stateless.jobs.functions.get(id)!.function),
    testApp.stateless.imports.worker.function,
  ];
  /** Every statement of the policies on a function's role, in whichever stack holds them. */
  const statementsOf = (functionLogicalId: string) => {
    const roleId = (resource(functionLogicalId).Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    return allOfType('AWS::IAM::Policy')
      .filter((policy) => (policy.Properties.Roles as { Ref?: string }[]).some((role) => role.Ref === roleId))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Record<string, any>[]);
  };

  it("routes $connect, $disconnect and the heartbeat to their own functions, by the body's action", () => {
    const [, api] = Object.entries(resourcesOfType(template, 'AWS::ApiGatewayV2::Api')).find(
      ([id]) => id === liveApiId(),
    )!;
    expect(api.Properties).toMatchObject({
      ProtocolType: 'WEBSOCKET',
      RouteSelectionExpression: '$request.body.action',
    });
    const byKey = Object.fromEntries(liveRoutes().map((route) => [route.Properties.RouteKey as string, route]));
    expect(Object.keys(byKey).sort()).toEqual(Object.keys(LIVE_ROUTES).sort());
    for (const key of Object.keys(LIVE_ROUTES) as (keyof typeof LIVE_ROUTES)[]) {
      const target = byKey[key]!.Properties.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
      // A WebSocket Lambda integration's URI is the function's invocation path, which names its ARN.
      const uri = JSON.stringify(resource(target['Fn::Join'][1][1].Ref).Properties.IntegrationUri);
      expect(uri, key).toContain(`"${liveFunctionId(key)}"`);
    }
    // The heartbeat's answer goes back to the tab as the route's response.
    expect(byKey.ping!.Properties.RouteResponseSelectionExpression).toBe('$default');
  });

  it("checks the Cognito ID token from the handshake's query string on $connect, with a Lambda REQUEST authorizer", () => {
    const authorizers = allOfType('AWS::ApiGatewayV2::Authorizer').filter(ofLiveApi);
    expect(authorizers).toHaveLength(1);
    const authorizer = authorizers[0]!;
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      IdentitySource: ['route.request.querystring.token'],
    });
    expect(JSON.stringify(authorizer.Properties.AuthorizerUri)).toContain(liveFunctionId('authorizer'));
    const routes = liveRoutes();
    const connect = routes.find((route) => route.Properties.RouteKey === '$connect')!;
    expect(connect.Properties.AuthorizationType).toBe('CUSTOM');
    expect(connect.Properties.AuthorizerId).toEqual({ Ref: expect.any(String) });
    // API Gateway runs authorizers on $connect only: the later routes act on the authorized connection.
    for (const route of routes.filter((candidate) => candidate !== connect))
      expect(route.Properties.AuthorizerId, route.Properties.RouteKey).toBeUndefined();

    const variables = resource(liveFunctionId('authorizer')).Properties.Environment.Variables as Record<
      string,
      unknown
    >;
    const clientId = testApp.stateless.getLogicalId(testApp.stateless.authClient.client.node.defaultChild as never);
    expect(variables.USER_POOL_CLIENT_ID).toEqual({ Ref: clientId });
    expect(JSON.stringify(variables.USER_POOL_ID)).toContain('PublishOutputRefUsersUserPool');
  });

  it('throttles its stage and logs each event as JSON, without the query string that carries the token', () => {
    const stages = allOfType('AWS::ApiGatewayV2::Stage').filter(ofLiveApi);
    expect(stages).toHaveLength(1);
    const stage = stages[0]!;
    expect(stage.Properties).toMatchObject({
      StageName: 'live',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: expect.any(Number), ThrottlingBurstLimit: expect.any(Number) },
    });
    const logGroupId = stage.Properties.AccessLogSettings.DestinationArn['Fn::GetAtt'][0] as string;
    expect(resource(logGroupId).Properties.RetentionInDays).toBeGreaterThan(0);
    const format = stage.Properties.AccessLogSettings.Format as string;
    const fields = JSON.parse(format) as Record<string, string>;
    expect(fields).toMatchObject({
      requestId: '$context.requestId',
      routeKey: '$context.routeKey',
      status: '$context.status',
    });
    expect(format).not.toMatch(/querystring|requestOverride|authorization/i);
  });

  it('lets only the publishing functions post to connections, on this stage only, and tells them where', () => {
    const granting = allOfType('AWS::IAM::Policy').filter((policy) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes('execute-api:ManageConnections'),
    );
    expect(granting).toHaveLength(1);
    const [statement, ...others] = granting[0]!.Properties.PolicyDocument.Statement as Record<string, any>[];
    expect(others).toEqual([]);
    expect(statement!.Action).toBe('execute-api:ManageConnections');
    const target = flattenJoin(statement!.Resource);
    expect(target).toContain(`{"Ref":"${liveApiId()}"}/live/*/@connections/*`);
    expect(granting[0]!.Properties.Roles).toHaveLength(publishers().length);

    const withEndpoint = Object.entries(allResources)
      .filter(([, candidate]) => candidate.Type === 'AWS::Lambda::Function')
      .filter(([, fn]) => fn.Properties.Environment?.Variables?.LIVE_ENDPOINT !== undefined)
      .map(([id]) => id)
      .sort();
    expect(withEndpoint).toEqual(publishers().map(logicalIdOf).sort());
  });

  it("lets each publisher find the user's channels and forget gone ones, deleting LIVE# items only", () => {
    for (const fn of publishers()) {
      const statements = statementsOf(logicalIdOf(fn));
      const deletes = statements.filter(
        (statement) => statement.Action === 'dynamodb:DeleteItem' && statement.Condition !== undefined,
      );
      expect(deletes, fn.node.path).toHaveLength(1);
      expect(deletes[0]!.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LIVE#*'] } });
      expect(JSON.stringify(deletes[0]!.Resource)).toContain('Tablesusers');
      const queries = statements.filter((statement) => statement.Action === 'dynamodb:Query');
      expect(JSON.stringify(queries.map((statement) => statement.Resource)), fn.node.path).toContain('/index/gsi1');
    }
  });
});

describe('Lambda functions', () => {
  const houseFunctions = () => [
    ...testApp.stateless.apiRoutes.functions.values(),
    ...testApp.stateless.jobs.functions.values(),
  ];

  it('creates one function per route and scheduled job, all on nodejs22.x arm64 with tracing and log retention', () => {
    expect(houseFunctions()).toHaveLength(ROUTES.length + SCHEDULED_JOBS.length);
    for (const house of houseFunctions()) {
      const fn = resource(logicalIdOf(house.function));
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
        Environment: { Variables: { POWERTOOLS_SERVICE_NAME: 'trailbuddy' } },
      });
      expect([256, 512]).toContain(fn.Properties.MemorySize);
      const logGroupId = fn.Properties.LoggingConfig.LogGroup.Ref as string;
      expect(resource(logGroupId).Properties.RetentionInDays).toBeGreaterThan(0);
    }
  });

  it('bundles every handler into an ESM module that loads in plain Node and exports handler', () => {
    const bundles = new Map(
      houseFunctions().map((house) => {
        const fn = resource(logicalIdOf(house.function));
        const assetHash = (fn.Properties.Code.S3Key as string).replace(/\.zip$/, '');
        return [house.node.path, join(testApp.outdir, `asset.${assetHash}`, 'index.mjs')];
      }),
    );
    for (const [path, bundle] of bundles) expect(existsSync(bundle), `${path}: ${bundle}`).toBe(true);
    const handlerExports = handlerExportsOf([...bundles.values()]);
    for (const [path, bundle] of bundles) expect(handlerExports[bundle], path).toBe('function');
  });
});

describe('scheduled jobs', () => {
  it('runs each job on its EventBridge schedule, targeting its function', () => {
    const rules = Object.values(resourcesOfType(template, 'AWS::Events::Rule'));
    expect(rules).toHaveLength(SCHEDULED_JOBS.length);
    for (const job of SCHEDULED_JOBS) {
      const functionId = logicalIdOf(testApp.stateless.jobs.functions.get(job.id)!.function);
      // Several jobs may share a rate (e.g. the daily ones): match the rule by its target too.
      const rule = rules.find(
        (candidate) =>
          candidate.Properties.ScheduleExpression === job.schedule &&
          JSON.stringify(candidate.Properties.Targets).includes(`"${functionId}"`),
      );
      expect(rule, job.id).toBeDefined();
      expect(rule!.Properties.Targets).toEqual([
        expect.objectContaining({ Arn: { 'Fn::GetAtt': [functionId, 'Arn'] } }),
      ]);
      template.hasResourceProperties('AWS::Lambda::Permission', {
        FunctionName: { 'Fn::GetAtt': [functionId, 'Arn'] },
        Principal: 'events.amazonaws.com',
      });
    }
  });

  it('points the retention purge schedule at the purge handler with the provider-data tables', () => {
    const purge = SCHEDULED_JOBS.find((job) => job.id === 'retention-purge')!;
    expect(purge.entry).toBe('functions/handlers/retention/purge.ts');
    const functionId = logicalIdOf(testApp.stateless.jobs.functions.get(purge.id)!.function);
    expect(tablesGrantedTo(functionId).sort()).toEqual(tablesOf(purge.access).sort());
  });
});

describe('site hosting', () => {
  const distribution = () =>
    onlyResourceOfType(template, 'AWS::CloudFront::Distribution')[1].Properties.DistributionConfig;

  it('reaches the bucket through an origin access control, not an identity', () => {
    const [oacId, oac] = onlyResourceOfType(template, 'AWS::CloudFront::OriginAccessControl');
    expect(oac.Properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
    });
    const s3Origins = (distribution().Origins as Record<string, any>[]).filter((origin) => origin.S3OriginConfig);
    expect(s3Origins).toHaveLength(1);
    expect(s3Origins[0]!.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oacId, 'Id'] });
    expect(s3Origins[0]!.S3OriginConfig.OriginAccessIdentity ?? '').toBe('');
    template.resourceCountIs('AWS::CloudFront::CloudFrontOriginAccessIdentity', 0);
  });

  it('keeps the site bucket private, encrypted and TLS-only', () => {
    const bucketId = testApp.stateless.getLogicalId(testApp.stateless.site.bucket.node.defaultChild as never);
    expect(resource(bucketId).Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      LoggingConfiguration: { DestinationBucketName: expect.anything() },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
          }),
        ]),
      },
    });
  });

  it('serves index.html at the root and sends /api/* uncached to the HTTP API with all methods', () => {
    const config = distribution();
    expect(config.DefaultRootObject).toBe('index.html');
    const [apiBehaviour] = (config.CacheBehaviors as Record<string, any>[]).filter(
      (behaviour) => behaviour.PathPattern === '/api/*',
    );
    expect(apiBehaviour).toMatchObject({
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
    });
    const apiOrigin = (config.Origins as Record<string, any>[]).find(
      (origin) => origin.Id === apiBehaviour!.TargetOriginId,
    )!;
    const [apiId] = Object.keys(resourcesOfType(template, 'AWS::ApiGatewayV2::Api'));
    expect(flattenJoin(apiOrigin.DomainName)).toContain(`{"Ref":"${apiId}"}.execute-api.`);
    expect(apiOrigin.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
  });

  it('proves to the API that a request came through CloudFront (its WAF), with a value never written in a template', () => {
    const config = distribution();
    const [apiBehaviour] = (config.CacheBehaviors as Record<string, any>[]).filter(
      (behaviour) => behaviour.PathPattern === '/api/*',
    );
    const apiOrigin = (config.Origins as Record<string, any>[]).find(
      (origin) => origin.Id === apiBehaviour!.TargetOriginId,
    )!;
    const headers = apiOrigin.OriginCustomHeaders as { HeaderName: string; HeaderValue: unknown }[];
    const verify = headers.find((header) => header.HeaderName === 'x-origin-verify')!;
    expect(flattenJoin(verify.HeaderValue)).toMatch(/^\{\{resolve:secretsmanager:.+:SecretString:::\}\}$/);
    // Every function (nested stacks included) checks it, and resolves the same reference itself: the nested stacks'
    // parameters carry the secret's ARN only, never its value.
    for (const house of [
      ...testApp.stateless.apiRoutes.functions.values(),
      ...testApp.stateless.jobs.functions.values(),
    ]) {
      const variables = resource(logicalIdOf(house.function)).Properties.Environment.Variables;
      expect(flattenJoin(variables.ORIGIN_VERIFY_TOKEN)).toMatch(/^\{\{resolve:secretsmanager:.+:SecretString:::\}\}$/);
    }
    expect(JSON.stringify(nestedStackParameters())).not.toContain('{{resolve:');
  });

  it('routes the SPA with a viewer function on the default behaviour only, not with error pages', () => {
    const config = distribution();
    expect(config.CustomErrorResponses).toBeUndefined();
    const [functionId, cloudFrontFunction] = onlyResourceOfType(template, 'AWS::CloudFront::Function');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
      { EventType: 'viewer-response', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
    ]);
    for (const behaviour of config.CacheBehaviors as Record<string, unknown>[])
      expect(behaviour.FunctionAssociations).toBeUndefined();

    type Response = { statusCode: number; statusDescription?: string };
    const handler = new Function(`${cloudFrontFunction.Properties.FunctionCode as string}; return handler;`)() as (
      event: Record<string, unknown>,
    ) => { uri: string } & Response;
    const rewrite = (uri: string): string =>
      handler({ context: { eventType: 'viewer-request' }, request: { uri } }).uri;
    expect(rewrite('/dashboard')).toBe('/index.html');
    expect(rewrite('/plan-activity/act-1')).toBe('/index.html');
    expect(rewrite('/Find-Partners/')).toBe('/index.html');
    // the public pages built to HTML at build time (web/scripts/prerender.ts)
    expect(rewrite('/')).toBe('/prerendered/index.html');
    expect(rewrite('/login')).toBe('/prerendered/login.html');
    expect(rewrite('/terms')).toBe('/prerendered/terms.html');
    expect(rewrite('/terms/')).toBe('/index.html');
    // a path no route matches gets the prerendered not-found page
    expect(rewrite('/activities/2024/summary')).toBe('/prerendered/not-found.html');
    expect(rewrite('/plan-activity/a/b')).toBe('/prerendered/not-found.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/config.json')).toBe('/config.json');

    // ...and its 200 goes out as a 404, whichever URI the response event carries; other answers are untouched
    const respond = (uri: string, statusCode: number): number =>
      handler({ context: { eventType: 'viewer-response' }, request: { uri }, response: { statusCode } }).statusCode;
    expect(respond('/prerendered/not-found.html', 200)).toBe(404);
    expect(respond('/activities/2024/summary', 200)).toBe(404);
    expect(respond('/prerendered/not-found.html', 304)).toBe(304);
    for (const uri of ['/index.html', '/dashboard', '/prerendered/login.html', '/login', '/assets/a.js'])
      expect([uri, respond(uri, 200)]).toEqual([uri, 200]);
  });

  it('sends HSTS, nosniff, frame DENY, a referrer policy and a CSP for the SPA, its API and Cognito on every behaviour', () => {
    const [policyId, policy] = onlyResourceOfType(template, 'AWS::CloudFront::ResponseHeadersPolicy');
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: expect.any(Number), IncludeSubdomains: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY' },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin' },
    });
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);

    const csp = flattenJoin(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const connectSrc = csp.split('; ').find((directive) => directive.startsWith('connect-src'))!;
    const [self, cognitoIdp, hostedUi, live, ...more] = connectSrc.split(' ').slice(1);
    expect([self, cognitoIdp, more]).toEqual(["'self'", 'https://cognito-idp.{"Ref":"AWS::Region"}.amazonaws.com', []]);
    expect(hostedUi).toMatch(/^https:\/\/.*PublishOutputRefUsersUserPoolHostedUi.*\.amazoncognito\.com$/);
    // The realtime channel's own API, not every execute-api host in the region.
    expect(live).toBe(`wss://{"Ref":"${liveApiId()}"}.execute-api.{"Ref":"AWS::Region"}.{"Ref":"AWS::URLSuffix"}`);

    const config = distribution();
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    for (const behaviour of config.CacheBehaviors as Record<string, any>[])
      expect(behaviour.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });
});

describe('Cognito app client', () => {
  it('is a public SRP + code-grant client for Cognito and Google, redirecting to the site', () => {
    const [, client] = onlyResourceOfType(template, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties).toMatchObject({
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: ['openid', 'email', 'profile'],
      SupportedIdentityProviders: ['COGNITO', 'Google'],
    });
    const distributionId = testApp.stateless.getLogicalId(
      testApp.stateless.site.distribution.node.defaultChild as never,
    );
    const site = `https://{"Fn::GetAtt":["${distributionId}","DomainName"]}`;
    expect((client.Properties.CallbackURLs as unknown[]).map(flattenJoin)).toEqual([`${site}/dashboard`, `${site}/`]);
    expect((client.Properties.LogoutURLs as unknown[]).map(flattenJoin)).toContain(`${site}/`);
  });
});

describe('site deployment', () => {
  const deployments = () => Object.values(resourcesOfType(template, 'Custom::CDKBucketDeployment'));

  it('writes config.json beside the SPA, matching the RuntimeConfig schema, with deploy-time values', () => {
    const withConfig = deployments().filter(
      (deployment) => (deployment.Properties.SourceMarkers as unknown[] | undefined)?.length,
    );
    expect(withConfig).toHaveLength(1);
    const deployment = withConfig[0]!;

    const configDirs = readdirSync(testApp.outdir)
      .filter((name) => name.startsWith('asset.'))
      .map((name) => join(testApp.outdir, name, 'config.json'))
      .filter(existsSync);
    expect(configDirs).toHaveLength(1);
    const rawConfig = readFileSync(configDirs[0]!, 'utf8');
    const config = RuntimeConfig.parse(JSON.parse(rawConfig.replace(/<<marker:0xbaba:\d+>>/g, 'resolved-at-deploy')));
    expect(config.mode).toBe('aws');
    expect(config.apiBaseUrl).toBe('/api');

    const markers = (deployment.Properties.SourceMarkers as Record<string, unknown>[]).find(
      (entry) => Object.keys(entry).length > 0,
    )!;
    const valueOf = (field: keyof RuntimeConfig): string =>
      (JSON.parse(rawConfig) as Record<string, string>)[field]!.replace(/<<marker:0xbaba:\d+>>/g, (marker) =>
        JSON.stringify(markers[marker]),
      );
    const clientId = testApp.stateless.getLogicalId(testApp.stateless.authClient.client.node.defaultChild as never);
    expect(valueOf('userPoolClientId')).toBe(JSON.stringify({ Ref: clientId }));
    expect(valueOf('userPoolId')).toContain('PublishOutputRefUsersUserPool');
    expect(valueOf('region')).toBe(JSON.stringify({ Ref: 'AWS::Region' }));
    expect(valueOf('oauthDomain')).toMatch(/PublishOutputRefUsersUserPoolHostedUi.*\.auth\..*\.amazoncognito\.com$/);
    const liveUrl = valueOf('liveUrl');
    for (const part of ['wss://', liveApiId(), '.execute-api.', '/live']) expect(liveUrl).toContain(part);
  });

  it('deploys hashed assets with long caching and the rest with revalidation, then invalidates CloudFront', () => {
    const [hashed] = deployments().filter(
      (deployment) => JSON.stringify(deployment.Properties.Include) === '["assets/*"]',
    );
    expect(hashed?.Properties.SystemMetadata['cache-control']).toContain('immutable');
    const [shell] = deployments().filter(
      (deployment) => JSON.stringify(deployment.Properties.Exclude) === '["assets/*"]',
    );
    expect(shell?.Properties.SystemMetadata['cache-control']).toBe('no-cache');
    expect(shell?.Properties.DistributionPaths).toEqual(['/*']);
  });

  it('refuses to synthesize without a built web app, and says how to build it', () => {
    const missing = join(testApp.webDist, 'does-not-exist');
    expect(() =>
      createTrailBuddyApp({
        webDist: missing,
        outdir: join(testApp.outdir, '..', 'no-web-build'),
        context: { 'aws:cdk:bundling-stacks': [] },
      }),
    ).toThrow(/does-not-exist\/index\.html\)\. Run `npm run build:web` first/);
  });
});

describe('outputs', () => {
  it('exports the site URL, API URL, user pool id and client id', () => {
    const outputs = template.findOutputs('*');
    for (const name of ['SiteUrl', 'ApiUrl', 'UserPoolId', 'UserPoolClientId'])
      expect(Object.keys(outputs)).toContain(name);
    expect(flattenJoin(outputs.ApiUrl!.Value)).toMatch(/^https:\/\/.*\/api$/);
  });
});

describe('with a custom domain', () => {
  it('serves the domain with its certificate and TLS 1.2, and lets Cognito redirect to it', () => {
    const custom = buildTestApp({
      context: {
        siteDomain: 'trailbuddy.example.ca',
        siteCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
      },
    });
    try {
      // Synthesis runs cdk-nag: without the CFR4 acknowledgement the TLS policy must pass on its own.
      const { stateless } = templates(custom);
      const [, distribution] = onlyResourceOfType(stateless, 'AWS::CloudFront::Distribution');
      expect(distribution.Properties.DistributionConfig).toMatchObject({
        Aliases: ['trailbuddy.example.ca'],
        ViewerCertificate: {
          AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      });
      const [, client] = onlyResourceOfType(stateless, 'AWS::Cognito::UserPoolClient');
      expect(client.Properties.CallbackURLs).toEqual(
        expect.arrayContaining(['https://trailbuddy.example.ca/dashboard', 'https://trailbuddy.example.ca/']),
      );
      const [, api] = onlyOfHttpApi(stateless, 'AWS::ApiGatewayV2::Api');
      expect(api.Properties.CorsConfiguration.AllowOrigins).toContain('https://trailbuddy.example.ca');
      expect(stateless.findOutputs('SiteUrl').SiteUrl!.Value).toBe('https://trailbuddy.example.ca');
    } finally {
      custom.cleanup();
    }
  });
});
