import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalEmail {
  /** The inbox web page (and its JSON at /store); also the SES v2 endpoint the functions send to. */
  url: string;
  stop(): Promise<void>;
}

/**
 * The SES v2 emulator (`aws-ses-v2-local`) on loopback: it answers the same SendEmail call SES does, and shows what
 * was sent on its inbox page. The functions reach it through SES_ENDPOINT, so the local path is the deployed path.
 */
export async function startLocalEmail(options: { port: number }): Promise<LocalEmail> {
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
