import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { ProfileSettingsInput } from '../../functions/shared/schemas/profile';
import { useBrowserPage } from '../support/chromium';
import { createConfirmedUser, idTokenOf, newEmail, signInThroughUi } from '../support/e2e-accounts';
import { secondSession } from '../support/e2e-activities';

const stack = inject('stack');
const currentPage = useBrowserPage(stack.url);

async function api(page: Page, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${stack.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${await idTokenOf(page)}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function call(page: Page, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await api(page, method, path, body);
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return response.json();
}

const profile = (displayName: string, discoverable: boolean): ProfileSettingsInput => ({
  displayName,
  homeArea: 'north-vancouver',
  activities: ['running'],
  availability: ['weekends'],
  bio: '',
  discoverable,
  visibleFields: ['homeArea', 'activities', 'level', 'availability', 'bio'],
});

/**
 * Runs in the page before the app: keeps every WebSocket the page opens, so the test can tell when the realtime
 * channel is open and can drop it as a lost connection would. Typed structurally (no DOM lib in this tsconfig).
 */
function keepSockets(): void {
  type Socket = { readyState: number; close(): void };
  const page = globalThis as unknown as {
    WebSocket: new (...args: unknown[]) => Socket;
    liveSockets: Socket[];
  };
  const Native = page.WebSocket;
  page.liveSockets = [];
  page.WebSocket = class extends Native {
    constructor(...args: unknown[]) {
      super(...args);
      page.liveSockets.push(this);
    }
  };
}

/** How many channels the page has opened so far, counting only those open now. */
const openChannels = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as { liveSockets: { readyState: number }[] }).liveSockets.filter(
        (socket) => socket.readyState === 1,
      ).length,
  );
const channelsEver = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { liveSockets: unknown[] }).liveSockets.length);

/** Every GET of the conversation's messages the page makes, in order. */
function recordThreadReads(page: Page, otherUserId: string): string[] {
  const reads: string[] = [];
  const path = `/api/conversations/${encodeURIComponent(otherUserId)}/messages`;
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === path) reads.push(request.url());
  });
  return reads;
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

const shown = (page: Page, text: string) =>
  expect
    .poll(
      () =>
        page
          .getByRole('list', { name: /^Messages with / })
          .getByText(text)
          .isVisible(),
      { timeout: 15_000 },
    )
    .toBe(true);

describe('live chat in a real browser, two members', () => {
  it('each message reaches the other screen on the realtime channel, with no read of the conversation; after a drop the channel comes back and catches up', async () => {
    const pageA = currentPage();
    const sessionB = await secondSession(pageA, stack.url);
    const pageB = sessionB.page;
    try {
      await pageA.context().addInitScript(keepSockets);
      await pageB.context().addInitScript(keepSockets);
      const suffix = Math.random().toString(36).slice(2, 7);
      const [emailA, emailB] = [newEmail('live-chat-a'), newEmail('live-chat-b')];
      await Promise.all([createConfirmedUser(stack, emailA), createConfirmedUser(stack, emailB)]);
      await signInThroughUi(pageA, emailA);
      await signInThroughUi(pageB, emailB);

      // Partners through the API: A can be found, B asks, A accepts.
      await call(pageA, 'PUT', '/profile', profile(`Avery ${suffix}`, true));
      await call(pageB, 'PUT', '/profile', profile(`Blake ${suffix}`, false));
      const { id: userA } = (await call(pageA, 'GET', '/me')) as { id: string };
      const { id: userB } = (await call(pageB, 'GET', '/me')) as { id: string };
      await call(pageB, 'POST', `/partners/${userA}/connect`);
      await call(pageA, 'POST', `/partners/${userB}/accept`);

      const readsByA = recordThreadReads(pageA, userB);
      const readsByB = recordThreadReads(pageB, userA);
      await pageA.goto(`/messages?with=${userB}`);
      await pageB.goto(`/messages?with=${userA}`);
      for (const page of [pageA, pageB]) {
        await expect
          .poll(() => page.getByText('Say hello and suggest a first outing', { exact: false }).isVisible())
          .toBe(true);
        await expect.poll(() => openChannels(page), { timeout: 15_000 }).toBe(1);
      }

      // A writes: B's screen shows it, and B's page never asked for the conversation meanwhile.
      const readsBeforeFirst = readsByB.length;
      await send(pageA, 'Lynn Canyon loop on Saturday?');
      await shown(pageB, 'Lynn Canyon loop on Saturday?');
      expect(readsByB.slice(readsBeforeFirst)).toEqual([]);

      // And back.
      const readsBeforeReply = readsByA.length;
      await send(pageB, 'Yes, 9:00 at the suspension bridge.');
      await shown(pageA, 'Yes, 9:00 at the suspension bridge.');
      expect(readsByA.slice(readsBeforeReply)).toEqual([]);

      // B's channel drops (as a lost connection would). A message sent meanwhile reaches B once the channel is
      // back (the first retry comes a second later), by the one read that catches up on what was missed.
      const channelsBefore = await channelsEver(pageB);
      const readsBeforeDrop = readsByB.length;
      await pageB.evaluate(() => {
        for (const socket of (globalThis as unknown as { liveSockets: { close(): void }[] }).liveSockets)
          socket.close();
      });
      await call(pageA, 'POST', `/conversations/${userB}/messages`, { text: 'Bringing a map.' });
      await expect.poll(() => channelsEver(pageB), { timeout: 15_000 }).toBe(channelsBefore + 1);
      await expect.poll(() => openChannels(pageB), { timeout: 15_000 }).toBe(1);
      await shown(pageB, 'Bringing a map.');
      expect(readsByB.length).toBeGreaterThan(readsBeforeDrop);
      expect(sessionB.errors).toEqual([]);
    } finally {
      await sessionB.close();
    }
  }, 180_000);
});
