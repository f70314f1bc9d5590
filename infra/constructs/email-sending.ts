import { Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import {
  ConfigurationSet,
  EasyDkimSigningKeyLength,
  DkimIdentity,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { TableId } from '../../functions/shared/tables';
import { HouseFunction } from './house-function';

/** The domain mail is sent from (CDK context `emailDomain`); synth works offline with the placeholder. */
export function emailDomainFrom(scope: Construct): string {
  const value: unknown = scope.node.tryGetContext('emailDomain');
  if (value === undefined || value === null || value === '') return 'mail.trailbuddy.example';
  if (typeof value !== 'string' || !/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(value.trim()))
    throw new Error("CDK context 'emailDomain' must be a domain name, e.g. mail.example.org");
  return value.trim();
}

export interface EmailSendingProps {
  /** The sending domain (CDK context `emailDomain`); SES verifies it through the DKIM CNAMEs it asks for. */
  domain: string;
  tables: Readonly<Record<TableId, ITable>>;
}

/**
 * Email through SES v2: the domain identity with Easy DKIM, a configuration set whose bounce and complaint
 * events go to an SNS topic, and a small function on that topic that records the addresses (the outbox job skips
 * them from then on). SES's own account-level suppression is on for both reasons as well.
 */
export class EmailSending extends Construct {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly fromAddress: string;
  /** Where members' support requests go (POST /api/support queues them for it). */
  readonly supportAddress: string;

  constructor(scope: Construct, id: string, props: EmailSendingProps) {
    super(scope, id);
    this.fromAddress = `TrailBuddy <no-reply@${props.domain}>`;
    this.supportAddress = `support@${props.domain}`;
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
    });
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: Identity.domain(props.domain),
      dkimIdentity: DkimIdentity.easyDkim(EasyDkimSigningKeyLength.RSA_2048_BIT),
      configurationSet: this.configurationSet,
    });

    const events = new Topic(this, 'Events', {
      enforceSSL: true,
      displayName: 'TrailBuddy SES bounces and complaints',
    });
    Validations.of(events).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'The topic carries only SES bounce and complaint notices (an address and a status); SES publishing to a KMS-encrypted topic needs a customer key policy this small app does not keep.',
    });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: EventDestination.snsTopic(events),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });

    const recorder = new HouseFunction(this, 'SuppressionRecorder', {
      entry: 'functions/handlers/email/ses-events.ts',
      access: { social: 'write' },
      allTables: props.tables,
      description: 'Records SES bounces and complaints so the app stops mailing those addresses',
    });
    events.addSubscription(new LambdaSubscription(recorder.function));
  }

  /**
   * Lets `grantee` send from this identity in this configuration set (SES v2 checks both), and read the account's
   * sending quota, which paces its sending. GetAccount has no resource type, so its statement names `*` (Service
   * Authorization Reference, Amazon SES v2, read 2026-11-28).
   */
  grantSend(grantee: IGrantable): void {
    const stack = Stack.of(this);
    grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: ['ses:GetAccount'], resources: ['*'] }));
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          this.identity.emailIdentityArn,
          stack.formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: this.configurationSet.configurationSetName,
          }),
        ],
      }),
    );
  }
}
