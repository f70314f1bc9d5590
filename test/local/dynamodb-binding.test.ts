import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalDynamo, type LocalDynamo } from '../../infra/local/dynamodb';
import { freePort } from '../../infra/local/ports';

/** Local addresses (IPv4 or IPv6, hex as the kernel writes them) of every socket listening on `port`. */
function listeningAddresses(port: number): string[] {
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue; // 0A = LISTEN
      const [address, localPort] = local.split(':');
      if (localPort === portHex && address) found.push(address);
    }
  }
  return found;
}

const LOOPBACK_V4 = '0100007F'; // 127.0.0.1, little-endian
const LOOPBACK_V4_MAPPED = '0000000000000000FFFF00000100007F'; // ::ffff:127.0.0.1

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

describe('DynamoDB Local binding', () => {
  let dynamo: LocalDynamo;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    dynamo = await startLocalDynamo({ port, tablePrefix: 'binding', shortLived: true });
  });
  afterAll(() => dynamo?.stop());

  it('listens on 127.0.0.1 only', async () => {
    const addresses = listeningAddresses(port);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect([LOOPBACK_V4, LOOPBACK_V4_MAPPED]).toContain(address);
    expect(await canConnect('127.0.0.1', port)).toBe(true);
  });

  it("refuses connections on the machine's other addresses", async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((info) => info && !info.internal && info.family === 'IPv4')
      .map((info) => info!.address);
    for (const address of external) expect(await canConnect(address, port)).toBe(false);
  });
});
