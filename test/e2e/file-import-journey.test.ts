/**
 * History from files, end to end: a person with no provider picks a Strava archive and an Apple Health export, watches
 * them read on the device, sees the year heatmap filled, deletes one import and sees the figures drop.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowserPage } from '../support/chromium';
import { createConfirmedUser, newEmail, signInThroughUi } from '../support/e2e-accounts';

const stack = inject('stack');
const currentPage = useBrowserPage(stack.url);
const DAY_MS = 86_400_000;

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** activities.csv's date, as a real archive writes it (UTC): "Jul 4, 2026, 4:00:00 PM". */
function stravaDate(date: Date): string {
  const hours = date.getUTCHours() % 12 || 12;
  const half = date.getUTCHours() < 12 ? 'AM' : 'PM';
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${hours}:00:00 ${half}`;
}

/** Apple's export date: "2026-07-04 09:00:00 -0700". */
const appleDate = (date: Date) => `${date.toISOString().slice(0, 10)} 16:00:00 +0000`;

async function zipOf(entries: Record<string, string>): Promise<Uint8Array> {
  const writer = new ZipWriter(new Uint8ArrayWriter());
  for (const [name, content] of Object.entries(entries))
    await writer.add(name, new Uint8ArrayReader(new TextEncoder().encode(content)));
  return writer.close();
}

/** A Strava "Download your data" archive with three manual outings (no route files) in the real column layout. */
function stravaArchive(): Promise<Uint8Array> {
  const header = 'Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Filename,Moving Time';
  const rows = [
    ['101', stravaDate(daysAgo(10)), 'Grouse Grind', 'Hike', '3600.0', '2900.0', '', '3300.0'],
    ['102', stravaDate(daysAgo(40)), 'Seawall', 'Run', '2400.0', '8000.0', '', '2300.0'],
    ['103', stravaDate(daysAgo(120)), 'Sea to Sky', 'Ride', '7200.0', '60000.0', '', '7000.0'],
  ].map((row) => row.map((cell) => (cell.includes(',') ? `"${cell}"` : cell)).join(','));
  return zipOf({ 'activities.csv': [header, ...rows].join('\n') });
}

/** Heart-rate samples the reader passes over: they make the export large enough to be read in many chunks. */
const HEART_RATE_SAMPLES = 30_000;

/** Apple Health's export.zip: two workouts, a day of steps, and about 5 MB of heart-rate samples between them. */
function appleExport(): Promise<Uint8Array> {
  const workout = (type: string, date: Date, minutes: number) =>
    ` <Workout workoutActivityType="${type}" duration="${minutes}" durationUnit="min" sourceName="Watch" startDate="${appleDate(date)}" endDate="${appleDate(date)}"/>\n`;
  // Varied like real samples: the reader refuses an entry that inflates past 100 times its compressed size.
  const heartRate = (i: number) => {
    const at = `${daysAgo(6).toISOString().slice(0, 10)} ${String(i % 24).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:${String((i * 13) % 60).padStart(2, '0')} -0800`;
    return ` <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="${at}" endDate="${at}" value="${50 + ((i * 7919) % 113)}"/>\n`;
  };
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_CA">\n' +
    workout('HKWorkoutActivityTypeWalking', daysAgo(5), 45) +
    Array.from({ length: HEART_RATE_SAMPLES }, (_, i) => heartRate(i)).join('') +
    workout('HKWorkoutActivityTypeYoga', daysAgo(200), 60) +
    ` <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Watch" unit="count" startDate="${appleDate(daysAgo(5))}" endDate="${appleDate(daysAgo(5))}" value="9000"/>\n` +
    '</HealthData>\n';
  return zipOf({ 'apple_health_export/export.xml': xml });
}

interface InPageElement {
  getAttribute(name: string): string | null;
  textContent: string | null;
  querySelectorAll(selector: string): Iterable<InPageElement>;
}

/** What the in-page code below uses, typed structurally: this project's Node tsconfig has no DOM lib. */
interface InPage {
  document: {
    body: unknown;
    documentElement: { scrollWidth: number; clientWidth: number };
    querySelectorAll(selector: string): Iterable<InPageElement>;
  };
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void };
  progressSeen: Set<string>;
}

/**
 * Records, from before the upload, every progress bar and progress line the import screen shows (a MutationObserver
 * sees each render however fast the read goes, so nothing here depends on catching it on screen).
 */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const g = globalThis as unknown as InPage;
    const seen = new Set<string>();
    g.progressSeen = seen;
    const note = () => {
      for (const bar of g.document.querySelectorAll('[role="progressbar"]'))
        seen.add(`bar: ${bar.getAttribute('aria-label')}`);
      for (const item of g.document.querySelectorAll('li')) {
        const [name, stage] = [...item.querySelectorAll('p')].map((line) => line.textContent);
        if (/ read · /.test(stage ?? '')) seen.add(`${name}: ${stage}`);
      }
    };
    new g.MutationObserver(note).observe(g.document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
}

const progressSeen = (page: Page) => page.evaluate(() => [...(globalThis as unknown as InPage).progressSeen]);

/** The dashboard's stat card `label`'s value (Total Activities, This Week, Total Distance). */
async function dashboardFigure(page: Page, label: string): Promise<string | null> {
  const term = page.locator('dt', { hasText: label });
  if ((await term.count()) !== 1) return null;
  return term.locator('xpath=following-sibling::dd[1]').textContent();
}

/** Whether the page is wider than its viewport (something sticks out sideways). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => {
    const { documentElement } = (globalThis as unknown as InPage).document;
    return documentElement.scrollWidth > documentElement.clientWidth;
  });

/** The year heatmap's days with any activity, on the analysis screen. */
async function activeHeatmapDays(page: Page): Promise<number> {
  const cells = await page
    .locator('[data-date][data-level]')
    .evaluateAll((all) => all.map((cell) => cell.getAttribute('data-level')));
  return cells.filter((level) => level !== null && level !== '0').length;
}

describe('History from files, in a real browser', () => {
  it('reads a Strava archive and an Apple export on the device, fills the heatmap, and a deleted import leaves the figures', async () => {
    const page = currentPage();
    const email = newEmail('files');
    await createConfirmedUser(stack, email);
    await signInThroughUi(page, email);

    const folder = mkdtempSync(join(tmpdir(), 'trailbuddy-files-'));
    const strava = join(folder, 'export_12345.zip');
    const apple = join(folder, 'export.zip');
    writeFileSync(strava, await stravaArchive());
    writeFileSync(apple, await appleExport());

    // With neither a provider nor imports, the welcome offers importing files beside connecting one.
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard');
      const importFiles = page.getByRole('region', { name: 'Import your history from files' }).getByRole('link');
      await expect.poll(() => importFiles.isVisible(), { timeout: 30_000 }).toBe(true);
      expect(await page.getByRole('heading', { name: 'Health Connections' }).count()).toBe(1);
      expect(await overflowsSideways(page)).toBe(false);
    }
    await page.getByRole('region', { name: 'Import your history from files' }).getByRole('link').click();
    await expect.poll(() => page.getByText('No imports yet', { exact: false }).count(), { timeout: 20_000 }).toBe(1);
    await recordProgress(page);
    await page.getByLabel('Activity files').setInputFiles([strava, apple]);

    await expect
      .poll(() => page.getByText('3 activities found: 3 new, 0 already here').count(), { timeout: 60_000 })
      .toBe(1);
    await expect
      .poll(() => page.getByText('2 activities found: 2 new, 0 already here; 1 day of steps').count(), {
        timeout: 60_000,
      })
      .toBe(1);
    // The larger Apple export was watched as it was read: its bar, and the bytes read and activities found.
    const seen = await progressSeen(page);
    expect(seen).toContain('bar: export.zip: reading');
    expect(seen).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^export\.zip: [\d.]+ MB of [\d.]+ MB read · [12] activit(y|ies) found$/),
      ]),
    );
    // The list of imports names both files.
    const deleteButtons = () => page.getByRole('button', { name: /^Delete (export_12345|export)\.zip$/ }).count();
    await expect.poll(deleteButtons, { timeout: 20_000 }).toBe(2);

    await page.goto('/analysis?range=year');
    await expect.poll(() => activeHeatmapDays(page), { timeout: 30_000 }).toBe(5);

    // With files and no provider, the dashboard shows the figures (3 from Strava's archive, 2 from Apple's), not the
    // welcome, at a phone's width and a desktop's.
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard');
      await expect.poll(() => dashboardFigure(page, 'Total Activities'), { timeout: 30_000 }).toBe('5');
      expect(await dashboardFigure(page, 'This Week')).toBe('1');
      expect(await dashboardFigure(page, 'Total Distance')).toBe('70.9 km');
      expect(await page.getByRole('heading', { name: 'Health Connections' }).count()).toBe(0);
      expect(await overflowsSideways(page)).toBe(false);
    }

    await page.goto('/profile/files');
    await page.getByRole('button', { name: 'Delete export_12345.zip' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(deleteButtons, { timeout: 20_000 }).toBe(1);

    await page.goto('/analysis?range=year');
    await expect.poll(() => activeHeatmapDays(page), { timeout: 30_000 }).toBe(2);
    await page.goto('/dashboard');
    await expect.poll(() => dashboardFigure(page, 'Total Activities'), { timeout: 30_000 }).toBe('2');
    expect(await dashboardFigure(page, 'Total Distance')).toBe('0.0 km');
  }, 240_000);
});
