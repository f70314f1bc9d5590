import { Stack, type StackProps } from 'aws-cdk-lib';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { EdgeFirewall } from '../constructs/edge-firewall';

/** CloudFront takes its web ACL from us-east-1 only, whatever region the rest of the app is in. */
export const EDGE_REGION = 'us-east-1';

/** Where the Edge stack publishes its web ACL's ARN for the stateless stack (in EDGE_REGION). */
export function webAclArnParameterName(stage: string): string {
  return `/trailbuddy/${stage}/edge/web-acl-arn`;
}

export interface EdgeStackProps extends StackProps {
  stage: string;
}

/** The distribution's WAF web ACL (per-client rate limits, the request log without secrets), in us-east-1. */
export class EdgeStack extends Stack {
  readonly firewall: EdgeFirewall;
  readonly webAclArnParameter: StringParameter;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION } });
    this.firewall = new EdgeFirewall(this, 'Firewall', { webAclName: `trailbuddy-${props.stage}-edge` });
    this.webAclArnParameter = new StringParameter(this, 'WebAclArn', {
      parameterName: webAclArnParameterName(props.stage),
      stringValue: this.firewall.webAcl.attrArn,
      description: "The CloudFront web ACL's ARN, read by the stateless stack in its own region",
    });
  }
}
