import { optionalEnv } from './config';
import { GetAccountCommand, SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { SendQuota } from '../domain/outbox';

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

/**
 * The account's sending quota, from SES v2 GetAccount (SendQuota: MaxSendRate per second, Max24HourSend with -1 for
 * unlimited, SentLast24Hours; AWS API reference, read 2026-11-28). Throws when SES does not answer; the local
 * emulator answers only when its AWS_SES_ACCOUNT is set (aws-ses-v2-local 2.10.2, else a 400).
 */
export async function readSendQuota(): Promise<SendQuota> {
  const quota = (await ses().send(new GetAccountCommand({}))).SendQuota;
  if (quota?.MaxSendRate === undefined || quota.Max24HourSend === undefined)
    throw new Error('SES GetAccount returned no SendQuota');
  return {
    maxSendRate: quota.MaxSendRate,
    max24HourSend: quota.Max24HourSend,
    sentLast24Hours: quota.SentLast24Hours ?? 0,
  };
}

/**
 * The quota to assume when GetAccount does not answer (SES_FALLBACK_MAX_SEND_RATE, SES_FALLBACK_MAX_24H_SEND).
 * Unset: the SES sandbox's quota, 1 message a second and 200 a day, so a guess never outruns a new account.
 */
export function fallbackSendQuota(): SendQuota {
  const number = (name: 'SES_FALLBACK_MAX_SEND_RATE' | 'SES_FALLBACK_MAX_24H_SEND', fallback: number) => {
    const value = Number(optionalEnv(name) ?? fallback);
    return Number.isFinite(value) ? value : fallback;
  };
  return {
    maxSendRate: number('SES_FALLBACK_MAX_SEND_RATE', 1),
    max24HourSend: number('SES_FALLBACK_MAX_24H_SEND', 200),
    sentLast24Hours: 0,
  };
}

/** The site's origin, for links in email (SITE_URL). */
export function siteUrl(): string {
  const url = optionalEnv('SITE_URL');
  if (!url) throw new Error('Missing env SITE_URL');
  return url.replace(/\/+$/, '');
}
