import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** A separate browser session (its own storage) in the same Chromium as `page`, collecting its page errors. */
export async function secondSession(
  page: Page,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await page
    .context()
    .browser()!
    .newContext({ ...options, baseURL });
  const other = await context.newPage();
  const errors: string[] = [];
  other.on('pageerror', (error) => errors.push(error.message));
  return { page: other, errors, close: () => context.close() };
}

export interface ActivityThroughForm {
  title: string;
  date: string;
  location: string;
}

/**
 * Creates a hiking activity in North Vancouver (8:00, up to 4) through the Plan Activity form, and waits for the
 * confirmation. Returns the form, for journeys that check what it shows afterwards.
 */
export async function createActivityThroughForm(page: Page, activity: ActivityThroughForm): Promise<Locator> {
  await page.goto('/plan-activity');
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Create Activity' }) });
  await form.getByLabel('Activity type').selectOption('hiking');
  await form.getByLabel('Title').fill(activity.title);
  await form.getByLabel('Date').fill(activity.date);
  await form.getByLabel('Start time').fill('08:00');
  await form.getByLabel('Location').fill(activity.location);
  await form.getByLabel('Area').selectOption('north-vancouver');
  await form.getByLabel('Max participants').selectOption('4');
  await form.getByRole('button', { name: 'Create Activity' }).click();
  await expect.poll(() => page.getByText(`${activity.title} is planned!`).isVisible(), { timeout: 15_000 }).toBe(true);
  return form;
}

/** The "Upcoming activities nearby" section of /plan-activity, filtered to North Vancouver. */
export async function nearbyInNorthVancouver(page: Page): Promise<Locator> {
  await page.goto('/plan-activity');
  const nearby = page.locator('section', { has: page.getByRole('heading', { name: 'Upcoming activities nearby' }) });
  await nearby.getByLabel('Area').selectOption('north-vancouver');
  return nearby;
}

/**
 * Finds the activity titled `title` among those nearby (North Vancouver) and joins it, waiting for the confirmation.
 * Returns the card's text as it read before joining.
 */
export async function joinFromNearby(page: Page, title: string): Promise<string> {
  const card = (await nearbyInNorthVancouver(page)).getByRole('listitem').filter({ hasText: title });
  await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
  const before = (await card.textContent()) ?? '';
  await card.getByRole('button', { name: 'Join Activity' }).click();
  await expect.poll(() => page.getByText(`You joined ${title}!`).isVisible(), { timeout: 15_000 }).toBe(true);
  return before;
}
