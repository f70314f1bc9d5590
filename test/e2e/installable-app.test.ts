import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath } from '../support/chromium';

const stack = inject('stack');

/**
 * The full Chromium with a profile of its own: installability is the browser's own judgement, read over the DevTools
 * protocol (`Page.getInstallabilityErrors`, which Lighthouse's installable-manifest audit read before Lighthouse 12
 * removed its PWA category), and an incognito context (Playwright's `newContext`) is never installable.
 */
async function launchProfile() {
  const profile = mkdtempSync(join(tmpdir(), 'trailbuddy-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    baseURL: stack.url,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

type WorkerGlobal = {
  navigator: { serviceWorker: { ready: Promise<{ active: { scriptURL: string } | null }> } };
  caches: { keys(): Promise<string[]>; open(name: string): Promise<{ keys(): Promise<{ url: string }[]> }> };
};

describe('the installable app', () => {
  it('is installable, and its app shell opens again with the network cut', async () => {
    const { context, close } = await launchProfile();
    const errors: string[] = [];
    context.on('weberror', (error) => errors.push(error.error().message));
    try {
      const page = await context.newPage();
      await page.goto('/dashboard?demo=true');
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });

      // The app registers its worker once it has started; it precaches the app shell and takes over the tab.
      const worker = await page.evaluate(async () => {
        const ready = await (globalThis as unknown as WorkerGlobal).navigator.serviceWorker.ready;
        return ready.active?.scriptURL ?? null;
      });
      expect(worker).toBe(`${stack.url}/sw.js`);
      const cached = await page.evaluate(async () => {
        const { caches } = globalThis as unknown as WorkerGlobal;
        const names = (await caches.keys()).filter((name) => name.startsWith('trailbuddy-shell-'));
        const urls = names.length === 1 ? (await (await caches.open(names[0]!)).keys()).map((r) => r.url) : [];
        return { names, urls };
      });
      expect(cached.names).toHaveLength(1);
      expect(cached.urls).toContain(`${stack.url}/index.html`);
      expect(cached.urls.some((url) => /\/assets\/boot-[\w-]+\.js$/.test(url))).toBe(true);
      // No personal data in the shell's cache: nothing from the API.
      expect(cached.urls.filter((url) => url.includes('/api/'))).toEqual([]);

      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(manifest.url).toBe(`${stack.url}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);

      // Offline (DevTools protocol network emulation), a signed-in screen opened afresh comes from the cached shell.
      await context.setOffline(true);
      await page.goto('/trip-plans?demo=true');
      await page.getByRole('heading', { level: 1, name: 'Trip plans' }).waitFor({ timeout: 20_000 });
      await context.setOffline(false);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 90_000);
});
