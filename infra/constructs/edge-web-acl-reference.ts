import { ArnFormat, Stack, Validations } from 'aws-cdk-lib';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct, type IConstruct } from 'constructs';

export interface EdgeWebAclReferenceProps {
  /** The SSM parameter the Edge stack writes the web ACL's ARN to. */
  parameterName: string;
  /** The Edge stack's region (us-east-1). */
  region: string;
}

/**
 * The Edge stack's web ACL ARN, read at deploy time from its SSM parameter in us-east-1: CloudFormation resolves
 * references only within one region, and the stateless stack may be in any (or be environment-agnostic). If the web
 * ACL is ever replaced, deploy the stateless stack again with a changed parameter name to read the new ARN.
 */
export class EdgeWebAclReference extends Construct {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeWebAclReferenceProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const read = new AwsCustomResource(this, 'Read', {
      onUpdate: {
        service: 'SSM',
        action: 'GetParameter',
        parameters: { Name: props.parameterName },
        region: props.region,
        physicalResourceId: PhysicalResourceId.of(props.parameterName),
      },
      policy: AwsCustomResourcePolicy.fromSdkCalls({
        resources: [
          stack.formatArn({
            service: 'ssm',
            region: props.region,
            resource: 'parameter',
            resourceName: props.parameterName.replace(/^\//, ''),
            arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
          }),
        ],
      }),
      installLatestAwsSdk: false,
    });
    this.webAclArn = read.getResponseField('Parameter.Value');
    acknowledgeCustomResourceHandler(stack);
  }
}

/** The one Lambda aws-cdk-lib shares among a stack's AwsCustomResources. */
function acknowledgeCustomResourceHandler(stack: Stack): void {
  const handler: IConstruct | undefined = stack.node.tryFindChild(
    `AWS${AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`,
  );
  if (!handler) return;
  Validations.of(handler).acknowledge(
    {
      id: 'AwsSolutions-L1',
      reason: 'The AwsCustomResource handler runtime is chosen and maintained by aws-cdk-lib, not by this app.',
    },
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'The CDK-owned AwsCustomResource handler uses the AWS baseline policy for writing its own logs.',
    },
  );
}
