// own module registry: it starts an SES emulator of its own, and the email client keeps the endpoint it first sees.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler as sesEvents } from '../../../functions/handlers/email/ses-events';
import { handler as getUnsubscribe } from '../../../functions/handlers/email/get-unsubscribe';
import { handler as postUnsubscribe } from '../../../functions/handlers/email/post-unsubscribe';
import { handler as putPreferences } from '../../../functions/handlers/email/put-email-preferences';
import { handler as getPreferences } from '../../../functions/handlers/email/get-email-preferences';
import { enqueueEmail } from '../../../functions/repositories/email';
import { TRIP_PLAN_ROUTES } from '../../../functions/shared/route-areas/trip-plans';
import { DEFAULT_EMAIL_PREFERENCES } from '../../../functions/shared/schemas/email';
import { notifyWithEmail, sendDueEmails } from '../../../functions/usecases/email';
import { invoke, userClaims } from '../../support/api-events';
import { startSesEmulator, sentTo, type SesEmulator } from '../../support/ses-emulator';
import { useOwnTables } from '../../support/own-tables';
import { setDisplayName } from '../group-activities/helpers';

// The outbox job sends every due message in its table: on shared tables, another file's run (with another clock)
// would send this file's mail to that file's emulator, whenever the two files run at the same time.
useOwnTables();

let ses: SesEmulator;
beforeAll(async () => {
  // Links in email are built from SITE_URL; other suites in the same worker may have set another origin.
  process.env.SITE_URL = 'http://localhost:3000';
  ses = await startSesEmulator();
});
afterAll(() => ses.stop());
beforeEach(() => ses.clear());

const tag = () => randomBytes(4).toString('hex');
const route = (id: string) => TRIP_PLAN_ROUTES.find((r) => r.id === id)!;
const NOW = new Date('2026-11-20T18:00:00Z');
const message = (to: string, id = `test-${tag()}`) => ({
  id,
  to,
  subject: 'Hello',
  text: 'Hi',
  html: '<p>Hi</p>',
  category: null,
  userIds: [],
});
const snsOf = (payload: unknown) => ({ Records: [{ Sns: { Message: JSON.stringify(payload) } }] }) as never;

describe('sending', () => {
  it('sends each enqueued message once through SES, even when two runs overlap', async () => {
    const to = `once-${tag()}@example.org`;
    const id = `once-${tag()}`;
    expect(await enqueueEmail(message(to, id), NOW)).toBe(true);
    expect(await enqueueEmail(message(to, id), NOW)).toBe(false);
    await Promise.all([sendDueEmails(NOW), sendDueEmails(NOW)]);
    await sendDueEmails(new Date(NOW.getTime() + 3_600_000));
    expect(sentTo(await ses.emails(), to)).toHaveLength(1);
  });

  it('retries a failed send later, with backoff, and never fails the caller', async () => {
    const to = `retry-${tag()}@example.org`;
    await enqueueEmail(message(to), NOW);
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      throw new Error('SES is down');
    };
    const first = await sendDueEmails(NOW, { send: flaky });
    expect(first.retried).toBeGreaterThanOrEqual(1);
    // Not due again at once; due a minute later, and then it goes out.
    await sendDueEmails(new Date(NOW.getTime() + 1_000));
    expect(sentTo(await ses.emails(), to)).toHaveLength(0);
    await sendDueEmails(new Date(NOW.getTime() + 61_000));
    expect(sentTo(await ses.emails(), to)).toHaveLength(1);
    expect(calls).toBeGreaterThanOrEqual(1);
  });
});

describe('bounces and complaints', () => {
  it('a permanent bounce recorded from the SES event stops further mail to that address; a soft bounce does not', async () => {
    const hard = `hard-${tag()}@example.org`;
    const soft = `soft-${tag()}@example.org`;
    expect(
      await sesEvents(
        snsOf({
          eventType: 'Bounce',
          bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: hard }] },
        }),
      ),
    ).toEqual({ suppressed: 1 });
    expect(
      await sesEvents(
        snsOf({
          eventType: 'Bounce',
          bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: soft }] },
        }),
      ),
    ).toEqual({ suppressed: 0 });
    await enqueueEmail(message(hard), NOW);
    await enqueueEmail(message(soft), NOW);
    const report = await sendDueEmails(NOW);
    expect(report.suppressed).toBeGreaterThanOrEqual(1);
    expect(sentTo(await ses.emails(), hard)).toHaveLength(0);
    expect(sentTo(await ses.emails(), soft)).toHaveLength(1);
  });

  it('a complaint suppresses the address too; a malformed event changes nothing', async () => {
    const address = `complains-${tag()}@example.org`;
    await sesEvents(
      snsOf({ eventType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: address }] } }),
    );
    expect(await sesEvents({ Records: [{ Sns: { Message: 'not json' } }] } as never)).toEqual({ suppressed: 0 });
    await enqueueEmail(message(address), NOW);
    await sendDueEmails(NOW);
    expect(sentTo(await ses.emails(), address)).toHaveLength(0);
  });
});

describe('preferences and one-click unsubscribe', () => {
  it('a partner request is emailed with List-Unsubscribe headers; POSTing the header link turns that kind off', async () => {
    const user = `mail-user-${tag()}`;
    await setDisplayName(user, 'Pat');
    const address = `${user}@example.com`;
    await notifyWithEmail(
      user,
      { type: 'partner_request', message: 'Sam would like to be your activity partner.', link: '/find-partners' },
      NOW,
    );
    await sendDueEmails(NOW);
    const [mail] = sentTo(await ses.emails(), address);
    expect(mail!.body.text).toContain('Sam would like to be your activity partner.');
    expect(mail!.body.text).toContain('http://localhost:3000/find-partners');
    const headers = Object.fromEntries((mail!.headers ?? []).map((h) => [h.name, h.value]));
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(/^<(.+)>$/.exec(headers['List-Unsubscribe']!)![1]!);
    expect(url.pathname).toBe('/api/email/unsubscribe');
    // The footer's link, which people click (a GET), opens the page that asks before it unsubscribes.
    const footer = new URL(/Unsubscribe: (\S+)/.exec(mail!.body.text!)![1]!);
    expect(footer.pathname).toBe('/unsubscribe');
    expect(footer.search).toBe(url.search);
    expect(mail!.body.html).toContain(`href="http://localhost:3000/unsubscribe${url.search}"`);
    // A mail client without one-click support opens the header's URL in a browser (a GET): it reaches the same page,
    // and the GET itself changes nothing.
    const opened = await invoke(getUnsubscribe, route('get-email-unsubscribe'), { query: url.search.slice(1) });
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe${url.search}`);
    const unchanged = await invoke(getPreferences, route('get-email-preferences'), { claims: userClaims(user) });
    expect(unchanged.json).toEqual(DEFAULT_EMAIL_PREFERENCES);
    expect((await invoke(getUnsubscribe, route('get-email-unsubscribe'), { query: 'token=abc' })).status).toBe(400);

    const result = await invoke(postUnsubscribe, route('post-email-unsubscribe'), {
      query: url.search.slice(1),
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ unsubscribed: 'connectionRequests' });
    const prefs = await invoke(getPreferences, route('get-email-preferences'), { claims: userClaims(user) });
    expect(prefs.json).toEqual({ ...DEFAULT_EMAIL_PREFERENCES, connectionRequests: false });

    await ses.clear();
    await notifyWithEmail(
      user,
      { type: 'partner_request', message: 'Lee would like to be your activity partner.', link: '/find-partners' },
      NOW,
    );
    await notifyWithEmail(
      user,
      { type: 'activity_cancelled', message: 'Sunday hike was cancelled.', link: '/plan-activity/x' },
      NOW,
    );
    await sendDueEmails(NOW);
    expect(sentTo(await ses.emails(), address).map((m) => m.body.text?.split('\n')[0])).toEqual([
      'Sunday hike was cancelled.',
    ]);
  });

  it('an unknown or malformed unsubscribe token is refused and changes nothing', async () => {
    const unknown = await invoke(postUnsubscribe, route('post-email-unsubscribe'), {
      query: `token=${randomBytes(32).toString('base64url')}`,
    });
    expect(unknown.status).toBe(404);
    const malformed = await invoke(postUnsubscribe, route('post-email-unsubscribe'), { query: 'token=abc' });
    expect(malformed.status).toBe(400);
  });

  it('PUT changes only the named choices and refuses unknown ones', async () => {
    const user = `prefs-${tag()}`;
    const put = await invoke(putPreferences, route('put-email-preferences'), {
      claims: userClaims(user),
      body: { reminders: false },
    });
    expect(put.json).toEqual({ ...DEFAULT_EMAIL_PREFERENCES, reminders: false });
    const bad = await invoke(putPreferences, route('put-email-preferences'), {
      claims: userClaims(user),
      body: { marketing: true },
    });
    expect(bad.status).toBe(400);
  });
});
