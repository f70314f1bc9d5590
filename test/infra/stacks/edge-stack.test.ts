import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../../functions/shared/routes';
import {
  EDGE_RATE_RULES,
  EDGE_RATE_WINDOW_SECONDS,
  PUBLIC_PER_IP_ROUTES,
  SECRET_URL_PATHS,
} from '../../../infra/constructs/edge-limits';
import { webAclArnParameterName } from '../../../infra/stacks/edge-stack';
import { buildTestApp, httpApiStageOf, onlyResourceOfType, type CfnResource, type TestApp } from '../support/synth';

let testApp: TestApp;
let edge: Template;
let stateless: Template;
let webAcl: CfnResource;

beforeAll(() => {
  testApp = buildTestApp();
  testApp.app.synth();
  edge = Template.fromStack(testApp.edge);
  stateless = Template.fromStack(testApp.stateless);
  webAcl = onlyResourceOfType(edge, 'AWS::WAFv2::WebACL')[1];
});
afterAll(() => testApp?.cleanup());

type Rule = {
  Name: string;
  Priority: number;
  Statement: Record<string, any>;
  Action?: Record<string, any>;
  RuleLabels?: { Name: string }[];
  VisibilityConfig: { SampledRequestsEnabled: boolean };
};
const rules = (): Rule[] => webAcl.Properties.Rules as Rule[];
const rule = (name: string): Rule => rules().find((candidate) => candidate.Name === name)!;

/** Every path searched for anywhere in a statement tree. */
function searchStrings(statement: unknown): string[] {
  if (!statement || typeof statement !== 'object') return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(statement)) {
    if (key === 'ByteMatchStatement') found.push((value as { SearchString: string }).SearchString);
    else found.push(...searchStrings(value));
  }
  return found;
}

describe('the CloudFront web ACL (Edge stack)', () => {
  it('is a CLOUDFRONT web ACL in us-east-1, the only region CloudFront takes one from', () => {
    expect(testApp.edge.region).toBe('us-east-1');
    expect(webAcl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });

  it('limits each client IP per rule: the public routes, then all of /api/* but the webhooks', () => {
    for (const figures of EDGE_RATE_RULES) {
      const { Statement, Action } = rule(figures.name);
      expect(Statement.RateBasedStatement).toMatchObject({
        Limit: figures.limitPerWindow,
        EvaluationWindowSec: EDGE_RATE_WINDOW_SECONDS,
        AggregateKeyType: 'IP',
      });
      // WAF's floor and its allowed windows (rate-based rule settings, read 2026-11-28).
      expect(figures.limitPerWindow).toBeGreaterThanOrEqual(10);
      expect([60, 120, 300, 600]).toContain(EDGE_RATE_WINDOW_SECONDS);
      expect(Action).toEqual({
        Block: {
          CustomResponse: {
            ResponseCode: 429,
            CustomResponseBodyKey: 'too-many-requests',
            ResponseHeaders: [{ Name: 'retry-after', Value: String(EDGE_RATE_WINDOW_SECONDS) }],
          },
        },
      });
    }
    expect(JSON.parse(webAcl.Properties.CustomResponseBodies['too-many-requests'].Content as string)).toEqual({
      message: 'Too Many Requests',
    });

    const publicPaths = searchStrings(rule('public-per-ip').Statement);
    expect(publicPaths).toEqual(expect.arrayContaining(['/api/trip-links/', '/api/email/unsubscribe', '/api/health']));
    expect(publicPaths.some((path) => path.startsWith('/api/webhooks/'))).toBe(false);
    expect(PUBLIC_PER_IP_ROUTES.length).toBeGreaterThanOrEqual(4);

    const apiScope = rule('api-per-ip').Statement.RateBasedStatement.ScopeDownStatement;
    expect(searchStrings(apiScope.AndStatement.Statements[0])).toEqual(['/api/']);
    expect(searchStrings(apiScope.AndStatement.Statements[1].NotStatement)).toEqual(['/api/webhooks/']);
  });

  it('keeps a per-IP limit well under the stage limit everyone shares', () => {
    const [, stage] = httpApiStageOf(stateless);
    const stagePerMinute = (stage.Properties.DefaultRouteSettings.ThrottlingRateLimit as number) * 60;
    for (const figures of EDGE_RATE_RULES)
      expect(figures.limitPerWindow * (60 / EDGE_RATE_WINDOW_SECONDS)).toBeLessThanOrEqual(stagePerMinute / 10);
  });

  it('labels requests to secret-bearing paths first, without blocking them', () => {
    const secret = rules().find((candidate) => candidate.Priority === 0)!;
    expect(secret.Action).toEqual({ Count: {} });
    expect(secret.RuleLabels).toEqual([{ Name: 'trailbuddy:secret-url' }]);
    expect(searchStrings(secret.Statement).sort()).toEqual(SECRET_URL_PATHS.map((path) => path.value).sort());
  });

  it('keeps no sampled requests, which would hold whole URLs and headers', () => {
    for (const candidate of rules()) expect(candidate.VisibilityConfig.SampledRequestsEnabled).toBe(false);
    expect(webAcl.Properties.VisibilityConfig.SampledRequestsEnabled).toBe(false);
  });

  it('logs every request for 90 days, dropping secret-url records and redacting queries and credentials', () => {
    const [, logging] = onlyResourceOfType(edge, 'AWS::WAFv2::LoggingConfiguration');
    expect(logging.Properties.RedactedFields).toEqual([
      { QueryString: {} },
      { SingleHeader: { Name: 'authorization' } },
      { SingleHeader: { Name: 'cookie' } },
      { SingleHeader: { Name: 'referer' } },
    ]);
    const filter = logging.Properties.LoggingFilter;
    expect(filter.DefaultBehavior).toBe('KEEP');
    expect(filter.Filters).toHaveLength(1);
    expect(filter.Filters[0]).toMatchObject({ Behavior: 'DROP', Requirement: 'MEETS_ANY' });
    expect(JSON.stringify(filter.Filters[0].Conditions)).toContain(':webacl:trailbuddy-dev-edge:trailbuddy:secret-url');

    const [, logGroup] = onlyResourceOfType(edge, 'AWS::Logs::LogGroup');
    expect(logGroup.Properties).toMatchObject({
      LogGroupName: 'aws-waf-logs-trailbuddy-dev-edge',
      RetentionInDays: 90,
    });
  });

  it("publishes the web ACL's ARN for the stateless stack", () => {
    edge.hasResourceProperties('AWS::SSM::Parameter', {
      Name: webAclArnParameterName('dev'),
      Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('WebAcl'), 'Arn'] },
    });
  });
});

describe('the distribution and the HTTP API (stateless stack)', () => {
  it('attaches the web ACL read from us-east-1 and writes no CloudFront standard log', () => {
    const [, distribution] = onlyResourceOfType(stateless, 'AWS::CloudFront::Distribution');
    const config = distribution.Properties.DistributionConfig;
    expect(config.Logging).toBeUndefined();
    const [readId] = config.WebACLId['Fn::GetAtt'] as [string, string];
    expect(config.WebACLId['Fn::GetAtt'][1]).toBe('Parameter.Value');
    const read = stateless.toJSON().Resources[readId] as CfnResource;
    const call = JSON.parse(flatten(read.Properties.Create)) as { region: string; parameters: { Name: string } };
    expect(call.region).toBe('us-east-1');
    expect(call.parameters.Name).toBe(webAclArnParameterName('dev'));
    expect(testApp.stateless.dependencies).toContain(testApp.edge);
  });

  it('gives each public route a throttle of its own, under the stage default, once its route exists', () => {
    const [stageId, stage] = httpApiStageOf(stateless);
    const settings = stage.Properties.RouteSettings as Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    >;
    const publicKeys = ROUTES.filter((route) => route.public).map((route) => `${route.method} ${route.path}`);
    expect(Object.keys(settings).sort()).toEqual(publicKeys.sort());
    expect(settings['GET /api/trip-links/{token}']).toBeDefined();
    for (const throttle of Object.values(settings)) {
      expect(throttle.ThrottlingRateLimit).toBeLessThan(stage.Properties.DefaultRouteSettings.ThrottlingRateLimit);
      expect(throttle.ThrottlingBurstLimit).toBeLessThan(stage.Properties.DefaultRouteSettings.ThrottlingBurstLimit);
    }
    const nestedStacks = Object.keys(stateless.findResources('AWS::CloudFormation::Stack'));
    const dependsOn = (stateless.toJSON().Resources[stageId] as { DependsOn?: string[] }).DependsOn ?? [];
    expect(dependsOn).toEqual(expect.arrayContaining(nestedStacks));
  });
});

/** An Fn::Join of literals and tokens as one string (tokens as their JSON). */
function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join(join[0]);
  return JSON.stringify(value);
}
