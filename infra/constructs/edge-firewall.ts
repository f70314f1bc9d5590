import { ArnFormat, Aws, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import {
  EDGE_RATE_RULES,
  EDGE_RATE_WINDOW_SECONDS,
  SECRET_URL_PATHS,
  TOO_MANY_REQUESTS,
  type EdgeRateRule,
  type PathMatch,
} from './edge-limits';

export interface EdgeFirewallProps {
  /** The web ACL's name, part of every label it adds (and so of the log filter). */
  webAclName: string;
}

/** The label the first rule puts on requests to a secret-bearing path; the log filter drops those records. */
export const SECRET_URL_LABEL = 'trailbuddy:secret-url';
const TOO_MANY_REQUESTS_BODY = 'too-many-requests';

/**
 * The CloudFront distribution's WAF web ACL: the per-client rate limits of edge-limits.ts (429 with the API
 * Gateway's own throttle body) and the distribution's request log, without secret tokens. A CLOUDFRONT-scoped web
 * ACL must be created in us-east-1 (docs.aws.amazon.com/waf/latest/developerguide/how-aws-waf-works-resources.html,
 * read 2026-11-28), so this construct lives in the Edge stack, pinned to that region.
 */
export class EdgeFirewall extends Construct {
  readonly webAcl: CfnWebACL;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: EdgeFirewallProps) {
    super(scope, id);

    const rules: CfnWebACL.RuleProperty[] = [
      {
        name: 'secret-url',
        priority: 0,
        statement: anyPath(SECRET_URL_PATHS),
        action: { count: {} },
        ruleLabels: [{ name: SECRET_URL_LABEL }],
        visibilityConfig: metricsOnly('secret-url'),
      },
      ...EDGE_RATE_RULES.map((rule, index) => rateRule(rule, index + 1)),
    ];

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: props.webAclName,
      description: 'TrailBuddy per-client rate limits in front of the site and /api',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: {
        [TOO_MANY_REQUESTS_BODY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify(TOO_MANY_REQUESTS.body) },
      },
      rules,
      visibilityConfig: metricsOnly(props.webAclName),
    });

    // WAF delivers only to a log group whose name starts with aws-waf-logs-.
    const logGroupName = `aws-waf-logs-${props.webAclName}`;
    this.logGroup = new LogGroup(this, 'Logs', {
      logGroupName,
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const logging = new CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      // The log group's ARN without the ':*' that LogGroup.logGroupArn ends with: WAF refuses that form.
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: [
        { queryString: {} },
        { singleHeader: { Name: 'authorization' } },
        { singleHeader: { Name: 'cookie' } },
        { singleHeader: { Name: 'referer' } },
      ],
      loggingFilter: {
        DefaultBehavior: 'KEEP',
        Filters: [
          {
            Behavior: 'DROP',
            Requirement: 'MEETS_ANY',
            Conditions: [
              {
                LabelNameCondition: {
                  LabelName: `awswaf:${Aws.ACCOUNT_ID}:webacl:${props.webAclName}:${SECRET_URL_LABEL}`,
                },
              },
            ],
          },
        ],
      },
    });
    logging.node.addDependency(this.logGroup);
  }
}

function rateRule(rule: EdgeRateRule, priority: number): CfnWebACL.RuleProperty {
  const counted = anyPath(rule.paths);
  return {
    name: rule.name,
    priority,
    statement: {
      rateBasedStatement: {
        limit: rule.limitPerWindow,
        evaluationWindowSec: EDGE_RATE_WINDOW_SECONDS,
        aggregateKeyType: 'IP',
        scopeDownStatement: rule.unless.length
          ? { andStatement: { statements: [counted, { notStatement: { statement: anyPath(rule.unless) } }] } }
          : counted,
      },
    },
    action: {
      block: {
        customResponse: {
          responseCode: TOO_MANY_REQUESTS.status,
          customResponseBodyKey: TOO_MANY_REQUESTS_BODY,
          responseHeaders: [{ name: 'retry-after', value: String(EDGE_RATE_WINDOW_SECONDS) }],
        },
      },
    },
    visibilityConfig: metricsOnly(rule.name),
  };
}

function anyPath(paths: readonly PathMatch[]): CfnWebACL.StatementProperty {
  const statements = paths.map(pathStatement);
  if (statements.length === 1) return statements[0]!;
  return { orStatement: { statements } };
}

/** Matched on the decoded, normalised path, so `/api//trip-links/x` or `%2F` spellings are counted like the plain one. */
function pathStatement(match: PathMatch): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: match.kind === 'exact' ? 'EXACTLY' : 'STARTS_WITH',
      searchString: match.value,
      textTransformations: [
        { priority: 0, type: 'URL_DECODE' },
        { priority: 1, type: 'NORMALIZE_PATH' },
      ],
    },
  };
}

/**
 * CloudWatch metrics per rule, but no sampled requests: a sample holds the whole URL and headers, tokens included,
 * for three hours in the console.
 */
function metricsOnly(metricName: string): CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: false };
}
