import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalEmail {
  /** The inbox web page (and its JSON at /store); also the SES v2 endpoint the functions send to. */
  url: string;
  stop(): Promise<void>;
}

/** What the local SES says of its account: production access at 14 messages a second and 50,000 a day. */
const LOCAL_SES_ACCOUNT = {
  DedicatedIpAutoWarmupEnabled: false,
  Details: {
    AdditionalContactEmailAddresses: [],
    ContactLanguage: 'EN',
    MailType: 'TRANSACTIONAL',
    ReviewDetails: { CaseId: 'local', Status: 'GRANTED' },
    UseCaseDescription: 'TrailBuddy on this machine',
    WebsiteURL: 'http://localhost:3000',
  },
  EnforcementStatus: 'HEALTHY',
  ProductionAccessEnabled: true,
  SendingEnabled: true,
  SendQuota: { MaxSendRate: 14, Max24HourSend: 50_000, SentLast24Hours: 0 },
  SuppressionAttributes: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
};

/**
 * The SES v2 emulator (`aws-ses-v2-local`) on loopback: it answers the same SendEmail call SES does, and shows what
 * was sent on its inbox page. The functions reach it through SES_ENDPOINT, so the local path is the deployed path.
 */
export async function startLocalEmail(options: { port: number }): Promise<LocalEmail> {
  // The emulator answers SES v2 GetAccount with AWS_SES_ACCOUNT (its own process's, read on each call), and with a
  // 400 when that is unset: give it a production-like account so the outbox job reads its quota as it does on AWS.
  process.env.AWS_SES_ACCOUNT ??= JSON.stringify(LOCAL_SES_ACCOUNT);
  const { default: start } = (await import('aws-ses-v2-local')) as unknown as {
    default: (config: { host: string; port: number }) => Promise<Server>;
  };
  const server = await start({ host: '127.0.0.1', port: options.port }).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EADDRINUSE'
      ? new Error(`Port ${options.port} is already in use; set EMAIL_PORT to another port.`)
      : error;
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}
