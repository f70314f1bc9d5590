import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PushPayload } from '../../functions/shared/schemas/push';
import type { ProfileSettingsInput } from '../../functions/shared/schemas/profile';
import type { ReceivedPush } from '../../infra/local/simulators/push';
import { chromiumPath, launchChromium } from '../support/chromium';
import { createConfirmedUser, idTokenOf, newEmail, signInThroughUi } from '../support/e2e-accounts';
import { simulatorControl } from '../support/simulator-control';

const stack = inject('stack');

/** The full Chromium: the headless shell the other suites share has no notifications at all. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium(chromiumPath());
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh browser profile on the stack, with every uncaught page error collected. */
async function newSession(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: stack.url });
  const errors: string[] = [];
  context.on('weberror', (error) => errors.push(error.error().message));
  return { context, page: await context.newPage(), errors };
}
const SHOTS = '/tmp/shots';

const SUBSCRIBE_BINDING = 'trailbuddyLocalPushSubscribe';

/**
 * Headless Chromium's real PushManager subscribes at its vendor's push service, which this offline machine cannot
 * reach. This stands in for that link only: `subscribe` gets a subscription from the local push service (as the
 * vendor would hand one out, with its own key pair), `getSubscription` returns it, `unsubscribe` drops it. The
 * service worker, the permission, the API, the outbox job, the encryption and VAPID are all real.
 */
async function pushThroughLocalService(context: BrowserContext): Promise<void> {
  await context.grantPermissions(['notifications']);
  await context.exposeFunction(SUBSCRIBE_BINDING, (applicationServerKey: string) =>
    simulatorControl(stack.pushUrl, 'POST', 'subscriptions', { applicationServerKey }),
  );
  await context.addInitScript((binding: string) => {
    // Runs in the page; typed structurally because this project's Node tsconfig has no DOM lib.
    type Json = { endpoint: string; keys: { p256dh: string; auth: string } };
    const page = globalThis as unknown as {
      PushManager?: { prototype: Record<string, unknown> };
      localStorage: {
        getItem(k: string): string | null;
        setItem(k: string, v: string): void;
        removeItem(k: string): void;
      };
      btoa(s: string): string;
    } & Record<string, unknown>;
    const STORED = 'test.localPushSubscription';
    const base64url = (bytes: Uint8Array) =>
      page
        .btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const asSubscription = (json: Json) => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
      unsubscribe: async () => {
        page.localStorage.removeItem(STORED);
        return true;
      },
    });
    const prototype = page.PushManager?.prototype;
    if (!prototype) return;
    prototype.getSubscription = async function getSubscription() {
      const stored = page.localStorage.getItem(STORED);
      return stored ? asSubscription(JSON.parse(stored) as Json) : null;
    };
    prototype.subscribe = async function subscribe(options: { applicationServerKey: Uint8Array }) {
      const subscribeAtLocalService = page[binding] as (key: string) => Promise<Json>;
      const json = await subscribeAtLocalService(base64url(new Uint8Array(options.applicationServerKey)));
      page.localStorage.setItem(STORED, JSON.stringify(json));
      return asSubscription(json);
    };
  }, SUBSCRIBE_BINDING);
}

async function api(token: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${stack.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function ok<T>(response: Promise<Response>): Promise<T> {
  const res = await response;
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as T;
}

const profile = (displayName: string, discoverable: boolean): ProfileSettingsInput => ({
  displayName,
  homeArea: 'north-vancouver',
  activities: ['hiking'],
  availability: ['weekends'],
  bio: '',
  discoverable,
  visibleFields: ['homeArea', 'activities', 'level', 'availability', 'bio'],
});

/** The `push-outbox` job, as EventBridge would fire it (the e2e stack runs no schedules of its own). */
async function runPushOutbox() {
  Object.assign(process.env, stack.dynamoEnv, stack.pushEnv);
  const { sendDuePushes } = await import('../../functions/usecases/push-outbox');
  return sendDuePushes();
}

async function received(endpoint: string): Promise<ReceivedPush[]> {
  const all = await simulatorControl<ReceivedPush[]>(stack.pushUrl, 'GET', 'received');
  return all.filter((push) => push.endpoint === endpoint);
}

async function thisBrowsersEndpoint(page: Page): Promise<string> {
  const stored = await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(
      'test.localPushSubscription',
    ),
  );
  if (!stored) throw new Error('This browser has no push subscription.');
  return (JSON.parse(stored) as { endpoint: string }).endpoint;
}

async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const section = page.getByRole('region', { name: 'Notifications on this device' });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

describe('push notifications in a real browser', () => {
  it('a person turns on push for messages; with their tab closed, a partner’s message arrives as a push; signing out forgets the device', async () => {
    const sessionA = await newSession();
    const sessionB = await newSession();
    const pageA = sessionA.page;
    const suffix = Math.random().toString(36).slice(2, 7);
    const [nameA, nameB] = [`Avery ${suffix}`, `Blake ${suffix}`];
    const [emailA, emailB] = [newEmail('push-a'), newEmail('push-b')];
    try {
      await Promise.all([createConfirmedUser(stack, emailA), createConfirmedUser(stack, emailB)]);
      await pushThroughLocalService(sessionA.context);
      await signInThroughUi(pageA, emailA);
      await signInThroughUi(sessionB.page, emailB);
      const [tokenA, tokenB] = [await idTokenOf(pageA), await idTokenOf(sessionB.page)];
      await sessionB.context.close();
      const [{ id: idA }, { id: idB }] = await Promise.all([
        ok<{ id: string }>(api(tokenA, 'GET', '/me')),
        ok<{ id: string }>(api(tokenB, 'GET', '/me')),
      ]);
      await ok(api(tokenA, 'PUT', '/profile', profile(nameA, true)));
      await ok(api(tokenB, 'PUT', '/profile', profile(nameB, false)));
      await ok(api(tokenB, 'POST', `/partners/${idA}/connect`));
      await ok(api(tokenA, 'POST', `/partners/${idB}/accept`));

      // A turns push on for messages only, on the profile page.
      await pageA.goto('/profile');
      const section = pageA.getByRole('region', { name: 'Notifications on this device' });
      await section.getByRole('button', { name: 'Turn on push notifications' }).waitFor({ timeout: 20_000 });
      await screenshots(pageA, 'push-off');
      for (const label of [
        'Partner requests and answers',
        'Activity and ride changes',
        'Reminders before activities you joined',
      ])
        await section.getByRole('checkbox', { name: label }).uncheck();
      await section.getByRole('button', { name: 'Turn on push notifications' }).click();
      await section.getByText('Push notifications are on for this device.').waitFor({ timeout: 20_000 });
      expect(await section.getByText('On for this device.', { exact: true }).isVisible()).toBe(true);
      await screenshots(pageA, 'push-on');

      // The real service worker is registered and active.
      const worker = await pageA.evaluate(async () => {
        const container = (
          globalThis as unknown as {
            navigator: { serviceWorker: { ready: Promise<{ active: { scriptURL: string } | null }> } };
          }
        ).navigator.serviceWorker;
        return (await container.ready).active?.scriptURL ?? null;
      });
      expect(worker).toBe(`${stack.url}/sw.js`);
      const endpoint = await thisBrowsersEndpoint(pageA);
      expect(endpoint.startsWith(`${stack.pushUrl}/push/`)).toBe(true);

      // The tab closes; B sends A a message; the scheduled job pushes it.
      await pageA.close();
      const text = `Lynn Peak on Saturday? ${suffix}`;
      await ok(api(tokenB, 'POST', `/conversations/${idA}/messages`, { text }));
      const report = await runPushOutbox();
      expect(report.pushed).toBeGreaterThanOrEqual(1);

      const pushes = await received(endpoint);
      expect(pushes).toHaveLength(1);
      const payload = PushPayload.parse(JSON.parse(pushes[0]!.text));
      expect(payload).toEqual({
        title: 'TrailBuddy',
        body: `${nameB} sent you a message.`,
        link: `/messages?with=${encodeURIComponent(idB)}`,
        tag: expect.any(String),
      });
      // A run after it pushes nothing twice.
      await runPushOutbox();
      expect(await received(endpoint)).toHaveLength(1);

      // Back on the profile page, signing out forgets this device on the server and in the browser.
      const again = await sessionA.context.newPage();
      await again.goto('/profile');
      const sectionAgain = again.getByRole('region', { name: 'Notifications on this device' });
      await sectionAgain.getByText('On for this device.', { exact: true }).waitFor({ timeout: 20_000 });
      const deviceUrl = `/push/subscriptions/${encodeURIComponent(
        (await import('node:crypto')).createHash('sha256').update(endpoint).digest('base64url'),
      )}`;
      expect((await api(tokenA, 'GET', deviceUrl)).status).toBe(200);
      await again.getByRole('button', { name: 'Sign Out' }).first().click();
      await again.waitForURL((url) => !url.pathname.startsWith('/profile'), { timeout: 20_000 });
      await expect.poll(async () => (await api(tokenA, 'GET', deviceUrl)).status, { timeout: 10_000 }).toBe(404);
      expect(
        await again.evaluate(() =>
          (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(
            'test.localPushSubscription',
          ),
        ),
      ).toBeNull();
      expect([...sessionA.errors, ...sessionB.errors]).toEqual([]);
    } finally {
      await Promise.all([sessionA.context.close(), sessionB.context.close()]);
    }
  }, 120_000);
});
