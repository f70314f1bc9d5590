import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { CfnStage, CorsHttpMethod, HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct, type IDependable } from 'constructs';
import { jsonAccessLogFormat } from './access-log-format';

export interface HttpApiGatewayProps {
  /**
   * Origins allowed to call the API cross-origin. The deployed SPA calls `/api` on its own
   * origin through CloudFront and needs no CORS; these are for a dev server (and a custom domain).
   */
  corsAllowedOrigins: string[];
}

/** The HTTP API itself: CORS, the $default stage with throttling and JSON access logs. Routes are added by ApiRoutes. */
export class HttpApiGateway extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: HttpApiGatewayProps) {
    super(scope, id);

    this.api = new HttpApi(this, 'Api', {
      apiName: `${Stack.of(this).stackName}-api`,
      description: 'TrailBuddy API (served to browsers under /api through CloudFront)',
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: props.corsAllowedOrigins,
        allowMethods: [
          CorsHttpMethod.GET,
          CorsHttpMethod.POST,
          CorsHttpMethod.PUT,
          CorsHttpMethod.PATCH,
          CorsHttpMethod.DELETE,
          CorsHttpMethod.OPTIONS,
        ],
        allowHeaders: ['authorization', 'content-type', 'idempotency-key'],
        allowCredentials: false,
        maxAge: Duration.hours(1),
      },
    });

    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.stage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: jsonAccessLogFormat('http'),
      },
    });
  }

  /**
   * Route-level throttles (all clients together) that replace the stage default for those routes, so public routes
   * have budgets of their own. CloudFormation checks each route key exists, so the stage waits for `routesFrom`.
   */
  throttleRoutes(
    throttles: Readonly<Record<string, { rateLimit: number; burstLimit: number }>>,
    routesFrom: readonly IDependable[],
  ): void {
    const stage = this.stage.node.defaultChild as CfnStage;
    // RouteSettings is plain JSON in CloudFormation: its keys are written as CloudFormation spells them.
    stage.routeSettings = Object.fromEntries(
      Object.entries(throttles).map(([routeKey, throttle]) => [
        routeKey,
        { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit },
      ]),
    );
    for (const dependency of routesFrom) stage.node.addDependency(dependency);
  }

  /** The API's host name, for the CloudFront origin. */
  get host(): string {
    const stack = Stack.of(this);
    return `${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}
