import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message as the SES v2 emulator (aws-ses-v2-local) stores it: GET /store. */
export interface EmulatorEmail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  headers?: { name: string; value: string }[];
  at: number;
}

export interface SesEmulator {
  url: string;
  emails(): Promise<EmulatorEmail[]>;
  clear(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts aws-ses-v2-local in this process on a free loopback port and points the functions' SES client at it. */
export async function startSesEmulator(): Promise<SesEmulator> {
  const { default: start } = (await import('aws-ses-v2-local')) as unknown as {
    default: (config: { host: string; port: number }) => Promise<Server>;
  };
  setEmulatorQuota(GENEROUS_QUOTA);
  const server = await start({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.SES_ENDPOINT = url;
  process.env.SITE_URL ??= 'http://localhost:3000';
  return {
    url,
    emails: async () => ((await (await fetch(`${url}/store`)).json()) as { emails: EmulatorEmail[] }).emails,
    clear: async () => void (await fetch(`${url}/clear-store`, { method: 'POST' })),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The emails sent to `address`. */
export const sentTo = (emails: readonly EmulatorEmail[], address: string) =>
  emails.filter((e) => e.destination.to.includes(address));

/** A quota no test reaches, so runs are not paced. */
export const GENEROUS_QUOTA = { MaxSendRate: 1000, Max24HourSend: -1, SentLast24Hours: 0 };

/**
 * What the emulator answers SES v2 GetAccount with: it reads AWS_SES_ACCOUNT on every call, and without it answers
 * 400 (aws-ses-v2-local 2.10.2). Null removes it.
 */
export function setEmulatorQuota(
  quota: { MaxSendRate: number; Max24HourSend: number; SentLast24Hours: number } | null,
): void {
  if (quota === null) {
    delete process.env.AWS_SES_ACCOUNT;
    return;
  }
  process.env.AWS_SES_ACCOUNT = JSON.stringify({
    DedicatedIpAutoWarmupEnabled: false,
    Details: {
      AdditionalContactEmailAddresses: [],
      ContactLanguage: 'EN',
      MailType: 'TRANSACTIONAL',
      ReviewDetails: { CaseId: 'local', Status: 'GRANTED' },
      UseCaseDescription: 'TrailBuddy tests',
      WebsiteURL: 'http://localhost:3000',
    },
    EnforcementStatus: 'HEALTHY',
    ProductionAccessEnabled: true,
    SendingEnabled: true,
    SendQuota: quota,
    SuppressionAttributes: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
  });
}

/** The emulator for this test file: started before its tests, emptied before each one, stopped after them. */
export function useSesEmulator(): SesEmulator {
  let started: SesEmulator | undefined;
  const current = () => {
    if (!started) throw new Error('The SES emulator starts in beforeAll: use it inside a test or hook.');
    return started;
  };
  beforeAll(async () => {
    started = await startSesEmulator();
  });
  afterAll(() => started?.stop());
  beforeEach(() => started?.clear());
  return {
    get url() {
      return current().url;
    },
    emails: () => current().emails(),
    clear: () => current().clear(),
    stop: () => current().stop(),
  };
}
