import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import {
  CLIENT_ROUTE_PATTERNS,
  NOT_FOUND_FILE,
  PRERENDERED_DIR,
  PRERENDERED_PAGES,
} from '../../web/src/prerender/pages';

export interface SiteHostingProps {
  /** Host name of the HTTP API, served under /api/*. */
  apiHost: string;
  /** Host name of the Cognito hosted UI (Google sign-in redirects there and the SPA fetches tokens from it). */
  hostedUiHost: string;
  /** Region of the user pool, for the Cognito endpoint the SPA talks to (SRP sign-in). */
  userPoolRegion: string;
  /** The realtime channel's `wss://` origin, allowed in connect-src (may be a token resolved after the site is defined). */
  liveOrigin: string;
  customDomain?: { domainName: string; certificateArn: string };
  /** The Edge stack's WAF web ACL (per-client rate limits and the request log), by ARN. */
  webAclArn?: string;
  /** Sent to the API as `x-origin-verify` on every /api/* request (infra/constructs/origin-verify.ts). */
  originVerifyToken?: string;
}

/**
 * Rewrites extension-less paths on viewer request: a public page built to HTML (web/src/prerender/pages.ts) to its
 * prerendered file, any other client-side route (like /dashboard) to the SPA shell, and a path no route matches to
 * the prerendered not-found page. On viewer response the same function turns that page's 200 into a 404 (a
 * distribution's error responses would also replace the API's JSON 403s and 404s). It runs only on the default
 * behaviour, so /api/* errors reach the browser as the API's JSON, never as HTML.
 */
const PRERENDERED_URIS = Object.fromEntries(
  PRERENDERED_PAGES.map((page) => [page.path, `/${PRERENDERED_DIR}/${page.file}`]),
);
const SPA_REWRITE_CODE = `var PRERENDERED = ${JSON.stringify(PRERENDERED_URIS)};
var NOT_FOUND = ${JSON.stringify(`/${NOT_FOUND_FILE}`)};
var ROUTES = [${CLIENT_ROUTE_PATTERNS.map((source) => `new RegExp(${JSON.stringify(source)}, 'i')`).join(', ')}];
function isUnknownPage(uri) {
  if (uri.substring(uri.lastIndexOf('/') + 1).indexOf('.') !== -1) return false;
  for (var i = 0; i < ROUTES.length; i++) if (ROUTES[i].test(uri)) return false;
  return true;
}
function handler(event) {
  var request = event.request;
  if (event.context.eventType === 'viewer-response') {
    var response = event.response;
    if (response.statusCode === 200 && (request.uri === NOT_FOUND || isUnknownPage(request.uri))) {
      response.statusCode = 404;
      response.statusDescription = 'Not Found';
    }
    return response;
  }
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = PRERENDERED[request.uri] || (isUnknownPage(request.uri) ? NOT_FOUND : '/index.html');
  }
  return request;
}`;

/** The SPA's bucket, its CloudFront distribution (with /api/* in front of the HTTP API) and the security headers. */
export class SiteHosting extends Construct {
  readonly bucket: Bucket;
  readonly logBucket: Bucket;
  readonly distribution: Distribution;
  readonly responseHeadersPolicy: ResponseHeadersPolicy;
  private readonly customDomainName: string | undefined;

  constructor(scope: Construct, id: string, props: SiteHostingProps) {
    super(scope, id);
    this.customDomainName = props.customDomain?.domainName;

    this.logBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // As when CloudFront logged here through bucket ACLs; the site bucket still logs here.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This is the access-log bucket for the site bucket and CloudFront; logging it into itself would log its own log deliveries.',
    });

    this.bucket = new Bucket(this, 'Content', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'TrailBuddy security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props), override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365 * 2),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Serve index.html for client-side routes, the not-found page (404) for unknown ones',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'TrailBuddy web app and /api',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      // The (legacy) standard log always holds each URL's path and query, and so the tokens of trip and unsubscribe
      // links; the web ACL's log (infra/constructs/edge-firewall.ts) is the request log instead.
      enableLogging: false,
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      ...(props.customDomain
        ? {
            domainNames: [props.customDomain.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        compress: true,
        functionAssociations: [
          { function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST },
          { function: spaRewrite, eventType: FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(props.apiHost, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            ...(props.originVerifyToken ? { customHeaders: { 'x-origin-verify': props.originVerifyToken } } : {}),
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Forward everything the API needs (Authorization, query, cookies) but not Host:
          // API Gateway routes by its own host name.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.responseHeadersPolicy,
        },
      },
    });

    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'No geo restriction: the audience is in British Columbia but travels, and nothing served is region-licensed.',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason:
          "CloudFront standard logs would keep secret link tokens (URL path and query) for 90 days; every request is logged by the distribution's WAF web ACL instead, with query strings and credentials redacted.",
      },
    );
    if (!props.webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'Built without the Edge stack (a test of this construct alone); the app always attaches the Edge web ACL.',
      });
    }
    if (!props.customDomain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum TLS version cannot be set; deploy with siteDomain + siteCertificateArn to enforce TLSv1.2_2021.',
      });
    }
  }

  /** Origins the site is served on: the CloudFront domain, and the custom domain if there is one. */
  get siteUrls(): string[] {
    const urls = [`https://${this.distribution.distributionDomainName}`];
    if (this.customDomainName) urls.push(`https://${this.customDomainName}`);
    return urls;
  }
}

function contentSecurityPolicy(props: SiteHostingProps): string {
  const cognitoIdp = `https://cognito-idp.${props.userPoolRegion}.amazonaws.com`;
  const hostedUi = `https://${props.hostedUiHost}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Chart libraries set inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Avatars and map tiles come from other HTTPS hosts.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${cognitoIdp} ${hostedUi} ${props.liveOrigin}`,
    `form-action 'self' ${hostedUi}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}
