import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  DESCRIPTION_MAX,
  EQUIPMENT_MAX,
  LOCATION_MAX,
  NOTES_MAX,
  planDateOf,
  TITLE_MAX,
} from '../../functions/shared/schemas/group-activities';
import { BIO_MAX, DISPLAY_NAME_MAX, type ProfileSettingsInput } from '../../functions/shared/schemas/profile';
import { useBrowserPage } from '../support/chromium';
import { createConfirmedUser, idTokenOf, newEmail, signInThroughUi } from '../support/e2e-accounts';
import { secondSession } from '../support/e2e-activities';
import { navigateInApp, screenSettled } from '../support/in-app-navigation';
import { DEMO_QUERY_PARAM } from '../../web/src/lib/paths';

/**
 * Text never breaks a layout. Two members fill every field other people (or they themselves) read with long unbroken
 * strings; then every signed-in screen, at a phone's 390 px and a laptop's 1280 px, must have no horizontal overflow: the page does
 * not scroll sideways, no element reaches past the viewport (unless a scroll or clip container holds it), and no box's content
 * spills out of it.
 */

const stack = inject('stack');
const currentPage = useBrowserPage(stack.url);
const WIDTHS = [390, 1280] as const;
/** Set LONG_TEXT_SCREENSHOTS=<dir> to save every screen at both widths, to look at how the long text reads. */
const SCREENSHOT_DIR = process.env.LONG_TEXT_SCREENSHOTS;
let shot = 0;
const screenshotName = (url: string) =>
  `${String(++shot).padStart(3, '0')}${new URL(url).pathname.replaceAll('/', '_')}`;

/** `length` characters with no break opportunity, starting with `prefix` (so tests can find it). */
const unbroken = (prefix: string, length: number) => (prefix + 'x'.repeat(length)).slice(0, length);
const LONG_URL = `https://example.com/${'trail-map-'.repeat(18)}`.slice(0, 200);

async function api(page: Page, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${stack.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${await idTokenOf(page)}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return text ? JSON.parse(text) : undefined;
}

/** What sticks out horizontally on the current screen (empty when nothing does). Runs in the page. */
function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Typed structurally: this project's Node tsconfig has no DOM lib.
    type Box = { left: number; right: number; width: number; height: number };
    type El = {
      tagName: string;
      className: unknown;
      textContent: string | null;
      parentElement: El | null;
      contains(other: El): boolean;
      scrollWidth: number;
      clientWidth: number;
      tabIndex: number;
      getBoundingClientRect(): Box;
    };
    type Style = { display: string; visibility: string; overflowX: string; position: string };
    const g = globalThis as unknown as {
      document: { documentElement: El; body: { querySelectorAll(selector: string): Iterable<El> } };
      getComputedStyle(element: El): Style;
      HTMLElement: new () => El;
    };
    const viewport = g.document.documentElement.clientWidth;
    const name = (el: El) =>
      `<${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 80)}"> "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const clipped = (el: El) => {
      for (let parent = el.parentElement; parent; parent = parent.parentElement) {
        if (parent === g.document.documentElement) return false;
        if (g.getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    // A deliberate sideways scroller (a year heatmap, a chart's table) is keyboard-scrollable, so focusable; what it holds may be wide.
    const inScroller = (el: El) => {
      for (let parent = el.parentElement; parent; parent = parent.parentElement) {
        if (['auto', 'scroll'].includes(g.getComputedStyle(parent).overflowX) && parent.tabIndex >= 0) return true;
      }
      return false;
    };
    const problems: string[] = [];
    const pageWidth = g.document.documentElement.scrollWidth;
    if (pageWidth > viewport) problems.push(`the page is ${pageWidth} px wide in a ${viewport} px viewport`);
    const reaching = new Set<El>();
    const spilling = new Set<El>();
    for (const el of g.document.body.querySelectorAll('*')) {
      if (!(el instanceof g.HTMLElement)) continue;
      const style = g.getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if ((box.right > viewport + 1 || box.left < -1) && !clipped(el)) reaching.add(el);
      if (style.overflowX === 'visible' && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && !inScroller(el))
        spilling.add(el);
    }
    // Name the outermost element past the viewport and the innermost box its content spills from: the causes, not every ancestor.
    for (const el of reaching) {
      if (!el.parentElement || !reaching.has(el.parentElement))
        problems.push(
          `${name(el)} spans ${Math.round(el.getBoundingClientRect().left)}–${Math.round(el.getBoundingClientRect().right)} px`,
        );
    }
    for (const el of spilling) {
      if (![...spilling].some((other) => other !== el && el.contains(other)))
        problems.push(`${name(el)} holds ${el.scrollWidth} px of content in ${el.clientWidth} px`);
    }
    return problems;
  });
}

async function settled(page: Page, expectText?: string): Promise<void> {
  if (expectText) await page.getByText(expectText).first().waitFor({ timeout: 20_000 });
  await screenSettled(page);
}

/** A screen to check: its path, and a text that shows it holds the long data. */
type Screen = readonly [path: string, expectText?: string];

/**
 * Shows every screen at each width in turn (the first by loading it, the rest in the app, so each screen is still
 * drawn afresh at that width); returns every overflow found, prefixed by where.
 */
async function overflowOf(page: Page, screens: readonly Screen[]): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const [index, [path, expectText]] of screens.entries()) {
      if (index === 0) await page.goto(path);
      else await navigateInApp(page, path);
      await settled(page, expectText);
      // A guard that redirected (e.g. to sign-in) would have the check pass on the wrong screen.
      expect(new URL(page.url()).pathname, `${path} @${width}px`).toBe(path.split('?')[0]);
      if (SCREENSHOT_DIR)
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `${screenshotName(page.url())}-${width}.png`),
          fullPage: true,
        });
      found.push(...(await horizontalOverflow(page)).map((problem) => `${path} @${width}px: ${problem}`));
    }
  }
  return found;
}

const profile = (displayName: string, bio: string): ProfileSettingsInput => ({
  displayName,
  homeArea: 'north-vancouver',
  activities: ['hiking', 'running', 'cycling', 'climbing'],
  availability: ['weekends', 'mornings'],
  bio,
  discoverable: true,
  visibleFields: ['homeArea', 'activities', 'level', 'availability', 'bio'],
});

/** An activity three days ahead with every text field at its longest. */
const plannedActivity = (title: string) => ({
  activityType: 'hiking',
  title,
  description: unbroken('Description', DESCRIPTION_MAX),
  date: planDateOf(new Date(Date.now() + 3 * 86_400_000)),
  time: '08:00',
  location: unbroken('Location', LOCATION_MAX),
  area: 'north-vancouver',
  duration: 120,
  difficulty: 'advanced',
  maxParticipants: 6,
  equipment: unbroken('Equipment', EQUIPMENT_MAX),
  notes: unbroken('Notes', NOTES_MAX),
});

describe('long user text in a real browser', () => {
  it('every signed-in screen fits 390 px and 1280 px when every user-text field holds a long unbroken string', async () => {
    const pageA = currentPage();
    const sessionB = await secondSession(pageA, stack.url);
    const pageB = sessionB.page;
    try {
      const [emailA, emailB] = [newEmail('long-a'), newEmail('long-b')];
      await Promise.all([createConfirmedUser(stack, emailA), createConfirmedUser(stack, emailB)]);
      await signInThroughUi(pageA, emailA);
      await signInThroughUi(pageB, emailB);
      const suffix = Math.random().toString(36).slice(2, 7);

      const nameA = unbroken(`Aaaa${suffix}`, DISPLAY_NAME_MAX);
      const nameB = unbroken(`Bbbb${suffix}`, DISPLAY_NAME_MAX);
      await api(pageA, 'PUT', '/profile', profile(nameA, unbroken('Bio', BIO_MAX)));
      await api(pageB, 'PUT', '/profile', profile(nameB, unbroken('Bio', BIO_MAX)));
      const { id: idA } = (await api(pageA, 'GET', '/profile')) as { id: string };
      const { id: idB } = (await api(pageB, 'GET', '/profile')) as { id: string };

      // Each has a workout from Apple Health whose name (a provider's activity name) is long and unbroken.
      for (const [page, label] of [
        [pageA, 'Workouta'],
        [pageB, 'Workoutb'],
      ] as const) {
        const { token } = (await api(page, 'POST', '/apple/ingest-token')) as { token: string };
        const start = new Date(Date.now() - 86_400_000);
        const ingest = await fetch(`${stack.url}/api/apple/ingest`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            health_data: {
              workouts: [
                {
                  id: `long-${suffix}`,
                  name: unbroken(label, 80),
                  start: start.toISOString(),
                  end: new Date(start.getTime() + 3_600_000).toISOString(),
                  duration: 3600,
                },
              ],
            },
          }),
        });
        expect(ingest.status, await ingest.clone().text()).toBe(200);
        expect(((await ingest.json()) as { accepted: number }).accepted).toBe(1);
      }

      // Partners, with a message holding a 200-character URL each way.
      await api(pageB, 'POST', `/partners/${idA}/connect`);
      await api(pageA, 'POST', `/partners/${idB}/accept`);
      await api(pageB, 'POST', `/conversations/${idA}/messages`, { text: `Route: ${LONG_URL}` });
      await api(pageA, 'POST', `/conversations/${idB}/messages`, { text: unbroken('Reply', 1000) });

      // A plans an activity with every text field full; B joins and offers a ride; A asks for one.
      const title = unbroken(`Title${suffix}`, TITLE_MAX);
      const { id: activityId } = (await api(pageA, 'POST', '/group-activities', plannedActivity(title))) as {
        id: string;
      };
      await api(pageB, 'POST', `/group-activities/${activityId}/join`);
      await api(pageB, 'POST', `/group-activities/${activityId}/rides`, {
        vehicle: {
          make: unbroken('Make', 40),
          model: unbroken('Model', 40),
          year: 2021,
          color: unbroken('Colour', 30),
        },
        seats: 3,
        departureTime: '07:00',
        pickupLocations: [unbroken('PickupOne', 100), unbroken('PickupTwo', 100)],
        costPerPerson: 10,
        notes: unbroken('RideNotes', 500),
      });
      await api(pageA, 'POST', `/group-activities/${activityId}/ride-requests`, {
        preferredPickup: unbroken('Preferred', 100),
        willingToShare: true,
        notes: unbroken('AskNotes', 500),
      });

      const found: string[] = [];
      for (const [page, other, otherName, workout] of [
        [pageA, idB, nameB, 'Workouta'],
        [pageB, idA, nameA, 'Workoutb'],
      ] as const) {
        found.push(
          ...(await overflowOf(page, [
            ['/dashboard', workout],
            ['/analysis', workout],
            ['/profile', workout],
            ['/find-partners', otherName],
            [`/find-partners/${other}`, otherName],
            ['/messages', otherName],
            [`/messages?with=${other}`, 'Reply'],
            ['/notifications', otherName],
            ['/plan-activity', title],
            [`/plan-activity/${activityId}`, 'PickupOne'],
          ])),
        );
      }

      // A toast naming a long title, on a phone: B joins A's second activity from its page.
      const secondTitle = unbroken(`Second${suffix}`, TITLE_MAX);
      const { id: secondId } = (await api(pageA, 'POST', '/group-activities', plannedActivity(secondTitle))) as {
        id: string;
      };
      await pageB.setViewportSize({ width: 390, height: 900 });
      await pageB.goto(`/plan-activity/${secondId}`);
      await settled(pageB, secondTitle);
      await pageB.getByRole('button', { name: 'Join Activity' }).click();
      await pageB.getByText(`You joined ${secondTitle}!`).waitFor({ timeout: 20_000 });
      found.push(...(await horizontalOverflow(pageB)).map((problem) => `toast @390px: ${problem}`));

      expect(found).toEqual([]);
      expect(sessionB.errors).toEqual([]);
    } finally {
      await sessionB.close();
    }
  }, 600_000);

  it('the demo screens fit 390 px and 1280 px', async () => {
    const page = currentPage();
    const screens = [
      '/dashboard',
      '/analysis',
      '/profile',
      '/find-partners',
      '/messages',
      '/notifications',
      '/plan-activity',
    ];
    const found = await overflowOf(
      page,
      screens.map((path): Screen => [`${path}?${DEMO_QUERY_PARAM}=true`]),
    );
    expect(found).toEqual([]);
  }, 180_000);
});
