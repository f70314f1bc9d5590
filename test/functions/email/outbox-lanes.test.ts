// own module registry: it starts an SES emulator of its own, and the email client keeps the endpoint it first sees.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueEmail, type OutboxMessage } from '../../../functions/repositories/email';
import { notifyWithEmail, sendDueEmails } from '../../../functions/usecases/email';
import type { OutgoingEmail } from '../../../functions/lib/email';
import {
  GENEROUS_QUOTA,
  setEmulatorQuota,
  startSesEmulator,
  sentTo,
  type SesEmulator,
} from '../../support/ses-emulator';
import { createOwnTables } from '../../support/own-tables';
import { setDisplayName } from '../group-activities/helpers';

// Each test has tables of its own: on shared tables another file's run would send (or hold back) this file's mail, and a
// test's leftovers would be the next one's queue (emptying a thousand messages cost as much as queueing them).
let restoreTables = () => {};
beforeEach(async () => {
  restoreTables = await createOwnTables('outbox');
});

/** A thousand writes and reads on DynamoDB Local, on a shared 2-core machine. */
const FLOOD_TIMEOUT_MS = 180_000;

let ses: SesEmulator;
beforeAll(async () => {
  ses = await startSesEmulator();
});
afterAll(() => ses.stop());
afterEach(() => {
  setEmulatorQuota(GENEROUS_QUOTA);
  delete process.env.SES_FALLBACK_MAX_SEND_RATE;
  restoreTables();
});

const tag = () => randomBytes(4).toString('hex');
const NOW = new Date('2026-11-20T18:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);
const noPause = async () => {};

const mail = (overrides: Partial<OutboxMessage> & Pick<OutboxMessage, 'to'>): OutboxMessage => ({
  id: `m-${tag()}`,
  subject: 'Hello',
  text: 'Hi',
  html: '<p>Hi</p>',
  category: 'activityChanges',
  userIds: [],
  ...overrides,
});

/** Enqueues `count` messages from one sender, a few at a time. */
async function flood(count: number, make: (i: number) => OutboxMessage, at: Date): Promise<void> {
  for (let i = 0; i < count; i += 50)
    await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, j) => enqueueEmail(make(i + j), at)));
}

/** A send that records each recipient instead of calling SES (a thousand messages need not reach the emulator). */
function recordingSend() {
  const to: string[] = [];
  return { to, send: async (email: OutgoingEmail) => void to.push(email.to) };
}

describe('lanes', () => {
  it(
    'an overdue alert falling due behind 1,000 queued messages from one user goes in the next run',
    async () => {
      const flooder = `flooder-${tag()}`;
      await flood(
        500,
        (i) => mail({ to: `notice-${i}@example.org`, category: null, userIds: [flooder] }),
        later(-60_000),
      );
      await flood(500, (i) => mail({ to: `news-${i}@example.org`, userIds: [flooder] }), later(-60_000));
      const contact = `contact-${tag()}@example.org`;
      await enqueueEmail(mail({ to: contact, category: null, lane: 'alert', userIds: [`hiker-${tag()}`] }), NOW);

      // A quota of 2 a second: 100 messages in a run's window, a tenth of what waits.
      const { to, send } = recordingSend();
      const report = await sendDueEmails(NOW, {
        send,
        quota: async () => ({ maxSendRate: 2, max24HourSend: -1, sentLast24Hours: 0 }),
        pause: noPause,
        laneReadMs: 120_000,
      });
      expect(report.sent).toBe(100);
      expect(to[0]).toBe(contact);
      // Mail to contacts (the flooder's notices) before other mail.
      expect(to.slice(1).every((address) => address.startsWith('notice-'))).toBe(true);
    },
    FLOOD_TIMEOUT_MS,
  );

  it(
    'senders take turns: one user queued first with 1,000 messages does not hold back another user',
    async () => {
      const flooder = `flooder-${tag()}`;
      await flood(
        1000,
        (i) => mail({ to: `flood-${i}@example.org`, senderId: flooder, userIds: [flooder] }),
        later(-60_000),
      );
      // Another user's partner request, through the app's own path (its sender is the person asking).
      const recipient = `mail-user-${tag()}`;
      await setDisplayName(recipient, 'Pat');
      await notifyWithEmail(
        recipient,
        {
          type: 'partner_request',
          message: 'Sam would like to be your activity partner.',
          link: '/find-partners',
          actorId: `sam-${tag()}`,
        },
        NOW,
      );

      const { to, send } = recordingSend();
      await sendDueEmails(NOW, {
        send,
        quota: async () => ({ maxSendRate: 1, max24HourSend: -1, sentLast24Hours: 0 }),
        pause: noPause,
        laneReadMs: 120_000,
      });
      expect(to).toHaveLength(50);
      expect(to).toContain(`${recipient}@example.com`);
    },
    FLOOD_TIMEOUT_MS,
  );
});

describe('the SES quota', () => {
  it('sends no more than the day left in the account quota SES GetAccount reports', async () => {
    const address = `quota-${tag()}@example.org`;
    await flood(5, () => mail({ to: address, userIds: ['someone'] }), NOW);
    setEmulatorQuota({ MaxSendRate: 14, Max24HourSend: 200, SentLast24Hours: 198 });
    await ses.clear();
    const report = await sendDueEmails(NOW, { pause: noPause });
    expect(report.sent).toBe(2);
    expect(sentTo(await ses.emails(), address)).toHaveLength(2);
  });

  it('paces sending at the account rate, and falls back to the configured quota when GetAccount does not answer', async () => {
    const address = `fallback-${tag()}@example.org`;
    await flood(20, () => mail({ to: address, userIds: ['someone'] }), NOW);
    setEmulatorQuota(null);
    process.env.SES_FALLBACK_MAX_SEND_RATE = '0.1';
    const pauses: number[] = [];
    const { to, send } = recordingSend();
    const report = await sendDueEmails(NOW, { send, pause: async (ms) => void pauses.push(ms) });
    // 0.1 a second over the 50-second window: 5 messages, one every 10 seconds.
    expect(report.sent).toBe(5);
    expect(to).toHaveLength(5);
    expect(pauses).toHaveLength(4);
    for (const ms of pauses) expect(ms).toBeGreaterThan(9_000);
  });
});
