import { optionalEnv } from './config';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';

let client: SESv2Client | undefined;

/**
 * One SES v2 client per process. SES_ENDPOINT points it at the local emulator (aws-ses-v2-local); in AWS it is unset.
 * The same SendEmail call runs in both places.
 */
function ses(): SESv2Client {
  client ??= new SESv2Client({ endpoint: optionalEnv('SES_ENDPOINT'), maxAttempts: 2 });
  return client;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post for optional mail. */
  headers?: Readonly<Record<string, string>>;
}

/** Sends one message through SES v2 (from EMAIL_FROM, in the SES_CONFIGURATION_SET whose events record bounces). */
export async function sendEmail(email: OutgoingEmail): Promise<string | undefined> {
  const from = optionalEnv('EMAIL_FROM') ?? 'TrailBuddy <no-reply@trailbuddy.local>';
  const result = await ses().send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [email.to] },
      ConfigurationSetName: optionalEnv('SES_CONFIGURATION_SET'),
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: email.text, Charset: 'UTF-8' }, Html: { Data: email.html, Charset: 'UTF-8' } },
          ...(email.headers
            ? { Headers: Object.entries(email.headers).map(([Name, Value]) => ({ Name, Value })) }
            : {}),
        },
      },
    }),
  );
  return result.MessageId;
}

/** The site's origin, for links in email (SITE_URL). */
export function siteUrl(): string {
  const url = optionalEnv('SITE_URL');
  if (!url) throw new Error('Missing env SITE_URL');
  return url.replace(/\/+$/, '');
}
