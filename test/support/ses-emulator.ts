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
