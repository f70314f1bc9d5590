// own module registry: it starts an SES emulator of its own, and the email client keeps the endpoint it first sees.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler as postAccept } from '../../../functions/handlers/partners/post-accept';
import { handler as postBlock } from '../../../functions/handlers/partners/post-block';
import { handler as postConnect } from '../../../functions/handlers/partners/post-connect';
import { sendDueEmails, updateEmailPreferences } from '../../../functions/usecases/email';
import { runMessageDigest } from '../../../functions/usecases/message-digest';
import { sendMessage } from '../../../functions/usecases/messages';
import { useOwnTables } from '../../support/own-tables';
import { startSesEmulator, sentTo, type SesEmulator } from '../../support/ses-emulator';
import { call, member } from '../partners/helpers';

// The job reads every user with news: this file's users only, not those of files running beside it.
useOwnTables();

let ses: SesEmulator;
beforeAll(async () => {
  process.env.SITE_URL = 'http://localhost:3000';
  ses = await startSesEmulator();
});
afterAll(() => ses.stop());
beforeEach(() => ses.clear());

/** Noon in Vancouver on 20 Nov 2026, and the same time the next days. */
const DAY1 = new Date('2026-11-20T20:00:00.000Z');
const at = (day: number, minutes = 0) => new Date(DAY1.getTime() + (day - 1) * 86_400_000 + minutes * 60_000);

const on = (userId: string) => ({ pathParameters: { userId } });
const addressOf = (userId: string) => `${userId}@example.com`;

async function partnersOf(userId: string, name: string): Promise<string> {
  const other = await member({ name });
  await call(postConnect, 'post-partner-connect', other, on(userId));
  await call(postAccept, 'post-partner-accept', userId, on(other));
  return other;
}

const send = (from: string, to: string, text: string, now: Date) =>
  sendMessage({ userId: from, email: addressOf(from) }, to, text, now);

/** The digest job fired twice at once (a duplicated schedule event), then the outbox job. */
async function digestAt(now: Date) {
  await Promise.all([runMessageDigest(now), runMessageDigest(now)]);
  await sendDueEmails(new Date(now.getTime() + 60_000));
}

const digestsTo = async (userId: string) => sentTo(await ses.emails(), addressOf(userId));

describe('the daily message digest', () => {
  it('lists who wrote and how much, once a day even when the job fires twice, with a link back', async () => {
    const ana = await member({ name: 'Ana' });
    const ben = await partnersOf(ana, 'Ben');
    const cy = await partnersOf(ana, 'Cy');
    await send(ben, ana, 'Grouse Grind on Saturday?', at(1, -120));
    await send(ben, ana, 'We could leave at 7.', at(1, -110));
    await send(cy, ana, 'Still up for Lynn Peak?', at(1, -100));

    await digestAt(at(1));
    const [digest, ...more] = await digestsTo(ana);
    expect(more).toEqual([]);
    expect(digest!.subject).toBe('TrailBuddy: 3 new messages from 2 partners');
    expect(digest!.body.text).toContain(`Ben ${ben.slice(2, 8)}: 2 new messages`);
    expect(digest!.body.text).toContain(`Cy ${cy.slice(2, 8)}: 1 new message`);
    expect(digest!.body.text).toContain('Open your messages: http://localhost:3000/messages');
    expect(digest!.body.text).not.toContain('Grouse Grind'); // names and counts, never the messages themselves
    const unsubscribe = digest!.headers?.find((h) => h.name === 'List-Unsubscribe')?.value;
    expect(unsubscribe).toMatch(/^<http:\/\/localhost:3000\/api\/email\/unsubscribe\?token=/);

    // More news the same day waits for tomorrow's digest, which lists only what is new since today's.
    await send(ben, ana, 'Or 8, if you prefer.', at(1, 30));
    await digestAt(at(1, 60));
    expect(await digestsTo(ana)).toHaveLength(1);
    await ses.clear();
    await digestAt(at(2));
    const [next, ...another] = await digestsTo(ana);
    expect(another).toEqual([]);
    expect(next!.subject).toBe(`TrailBuddy: 1 new message from Ben ${ben.slice(2, 8)}`);
    expect(next!.body.text).not.toContain('Cy ');

    // Nothing new: no digest.
    await ses.clear();
    await digestAt(at(3));
    expect(await digestsTo(ana)).toEqual([]);
  });

  it('counts only messages not yet answered', async () => {
    const dee = await member({ name: 'Dee' });
    const eli = await partnersOf(dee, 'Eli');
    await send(eli, dee, 'Ride to Squamish?', at(1, -60));
    await send(dee, eli, 'Yes please!', at(1, -50));
    await digestAt(at(1));
    expect(await digestsTo(dee)).toEqual([]);
    expect((await digestsTo(eli)).map((e) => e.subject)).toEqual([
      `TrailBuddy: 1 new message from Dee ${dee.slice(2, 8)}`,
    ]);
  });

  it('sends nothing to someone who turned the digest off', async () => {
    const fay = await member({ name: 'Fay' });
    const gus = await partnersOf(fay, 'Gus');
    await updateEmailPreferences(fay, { messagesDigest: false }, at(1, -200));
    await send(gus, fay, 'Hello!', at(1, -60));
    await digestAt(at(1));
    expect(await digestsTo(fay)).toEqual([]);
  });

  it('leaves out people the reader blocked, and people who blocked the reader', async () => {
    const hal = await member({ name: 'Hal' });
    const ivy = await partnersOf(hal, 'Ivy');
    const jon = await partnersOf(hal, 'Jon');
    const kim = await partnersOf(hal, 'Kim');
    await send(ivy, hal, 'Hi from Ivy', at(1, -90));
    await send(jon, hal, 'Hi from Jon', at(1, -80));
    await send(kim, hal, 'Hi from Kim', at(1, -70));
    await call(postBlock, 'post-partner-block', hal, on(ivy));
    await call(postBlock, 'post-partner-block', jon, on(hal));
    await digestAt(at(1));
    const [digest, ...more] = await digestsTo(hal);
    expect(more).toEqual([]);
    expect(digest!.subject).toBe(`TrailBuddy: 1 new message from Kim ${kim.slice(2, 8)}`);
    expect(digest!.body.text).not.toContain('Ivy');
    expect(digest!.body.text).not.toContain('Jon');

    // Only blocked people wrote: no digest at all.
    const lou = await member({ name: 'Lou' });
    const max = await partnersOf(lou, 'Max');
    await send(max, lou, 'Hi from Max', at(2, -60));
    await call(postBlock, 'post-partner-block', lou, on(max));
    await digestAt(at(2));
    expect(await digestsTo(lou)).toEqual([]);
  });
});
