import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ApiErrorBody } from '../../functions/shared/schemas/error';
import { MESSAGE_QUOTA_EXCEEDED_MESSAGE } from '../../functions/shared/schemas/messages';
import type { ProfileSettingsInput } from '../../functions/shared/schemas/profile';
import { axeViolations, describeViolations } from '../support/axe';
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

async function saveProfile(page: Page, settings: ProfileSettingsInput): Promise<void> {
  const response = await api(page, 'PUT', '/profile', settings);
  expect(response.status, await response.clone().text()).toBe(200);
}

const visible = (locator: ReturnType<Page['getByText']>, timeout = 15_000) =>
  expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);

/** Partner cards come a page at a time; Load More until `name`'s card is there. */
async function findCard(page: Page, name: string) {
  const card = page.getByRole('article', { name });
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.getByRole('status', { name: 'Finding partners' }).waitFor({ state: 'detached', timeout: 15_000 });
    if (await card.isVisible()) return card;
    const more = page.getByRole('button', { name: 'Load More Partners' });
    if (!(await more.isVisible())) break;
    await more.click();
    await expect.poll(() => more.textContent(), { timeout: 15_000 }).not.toBe('Loading...');
  }
  await card.waitFor({ timeout: 5_000 });
  return card;
}

async function sendMessage(page: Page, text: string) {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await visible(page.getByRole('list', { name: /^Messages with / }).getByText(text));
}

describe('partners in a real browser, two members', () => {
  it('A opts in, B finds A with a compatibility percent and reasons, connects, A accepts, they message until the quota, both are notified', async () => {
    const pageA = currentPage();
    // bypassCSP: axe is injected as an inline script, which the site's Content Security Policy rightly refuses.
    const sessionB = await secondSession(pageA, stack.url, { bypassCSP: true });
    const pageB = sessionB.page;
    try {
      const suffix = Math.random().toString(36).slice(2, 7);
      const nameA = `Avery ${suffix}`;
      const nameB = `Blake ${suffix}`;
      const [emailA, emailB] = [newEmail('partner-a'), newEmail('partner-b')];
      await Promise.all([createConfirmedUser(stack, emailA), createConfirmedUser(stack, emailB)]);
      await signInThroughUi(pageA, emailA);
      await signInThroughUi(pageB, emailB);

      // A opts in to being found; B sets a name (needed to connect) but stays hidden.
      await saveProfile(pageA, {
        displayName: nameA,
        homeArea: 'north-vancouver',
        activities: ['running', 'hiking'],
        availability: ['weekends', 'mornings'],
        bio: 'Early trail runs on the North Shore.',
        discoverable: true,
        visibleFields: ['homeArea', 'activities', 'level', 'availability', 'bio'],
      });
      await saveProfile(pageB, {
        displayName: nameB,
        homeArea: 'north-vancouver',
        activities: ['running'],
        availability: ['weekends', 'mornings'],
        bio: '',
        discoverable: false,
        visibleFields: ['homeArea', 'activities', 'level', 'availability', 'bio'],
      });

      // B finds A with a percent and reasons, and connects.
      await pageB.goto('/find-partners');
      await pageB.getByLabel('Location').selectOption('north-vancouver');
      await pageB.getByLabel('Activity').selectOption('running');
      const cardA = await findCard(pageB, nameA);
      await expect.poll(() => cardA.getByText(/^\d{1,3}% match$/).textContent()).toMatch(/^\d{1,3}% match$/);
      const reasons = await cardA.getByRole('list', { name: 'Why you match' }).getByRole('listitem').allTextContents();
      expect(reasons).toEqual(expect.arrayContaining(['both run mornings', 'both in North Vancouver']));
      expect(await cardA.textContent()).not.toMatch(/km|steps|minutes|bpm/i);
      expect(describeViolations('/find-partners', await axeViolations(pageB))).toEqual([]);
      await cardA.getByRole('button', { name: `Connect with ${nameA}` }).click();
      await visible(pageB.getByText(`Connection request sent to ${nameA}! They'll be notified.`));
      await visible(cardA.getByRole('button', { name: 'Request sent' }));

      // A sees the request (bell and notifications), and accepts it on Find Partners.
      await pageA.goto('/notifications');
      await visible(pageA.getByText(`${nameB} would like to be your activity partner.`));
      await visible(pageA.getByRole('link', { name: /^Notifications, \d+ unread$/ }));
      await pageA.goto('/find-partners');
      await pageA.getByRole('button', { name: `Accept ${nameB}` }).click();
      await visible(pageA.getByText(`You and ${nameB} are now partners.`));

      // B is told, and opens the conversation from the notification.
      await pageB.goto('/notifications');
      await pageB.getByRole('link', { name: `${nameA} accepted your partner request. Say hello!` }).click();
      await pageB.waitForURL('**/messages?with=*');
      await sendMessage(pageB, 'Grouse Grind on Saturday morning?');

      await pageA.goto('/messages');
      await pageA.getByRole('button', { name: new RegExp(nameB) }).click();
      await visible(pageA.getByText('Grouse Grind on Saturday morning?'));
      await sendMessage(pageA, 'Yes! 7am at the base?');

      // No reload: the open conversation polls, so the reply appears by itself.
      await visible(pageB.getByText('Yes! 7am at the base?'));
      for (const text of [
        'Perfect, see you there.',
        'I will bring poles.',
        'Coffee after?',
        'Parking at the gondola lot.',
      ])
        await sendMessage(pageB, text);

      // B has used the free plan's five: the quota message shows and Send is off.
      await visible(pageB.getByText(MESSAGE_QUOTA_EXCEEDED_MESSAGE));
      expect(describeViolations('/messages', await axeViolations(pageB))).toEqual([]);
      expect(await pageB.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
      const sixth = await api(
        pageB,
        'POST',
        `/conversations/${new URL(pageB.url()).searchParams.get('with')}/messages`,
        { text: 'One more?' },
      );
      expect(sixth.status).toBe(429);
      expect(ApiErrorBody.parse(await sixth.json()).error.message).toBe(MESSAGE_QUOTA_EXCEEDED_MESSAGE);

      // Both see the notifications of the other's actions.
      await pageA.goto('/notifications');
      await visible(pageA.getByText(`${nameB} sent you a message.`));
      await pageB.goto('/notifications');
      await visible(pageB.getByText(`${nameA} sent you a message.`));
      await visible(pageB.getByText(`${nameA} accepted your partner request. Say hello!`));
      expect(describeViolations('/notifications', await axeViolations(pageB))).toEqual([]);

      // B blocks A from A's profile: one-period toast, A is listed under Blocked members with Unblock.
      await pageB.goto('/messages');
      await pageB.getByRole('button', { name: new RegExp(nameA) }).click();
      await pageB.waitForURL('**/messages?with=*');
      const userIdA = new URL(pageB.url()).searchParams.get('with')!;
      await pageB.goto(`/find-partners/${userIdA}`);
      await pageB.getByRole('button', { name: 'Block' }).click();
      await pageB.getByRole('button', { name: 'Yes, block' }).click();
      // The toast reads 'Success: You blocked <name>.' for screen readers; one period at the end.
      await visible(pageB.getByText(new RegExp(`You blocked ${nameA}\\.$`)));
      const blockedList = pageB.getByRole('region', { name: 'Blocked members' });
      await visible(blockedList.getByText(nameA));
      await blockedList.getByRole('button', { name: `Unblock ${nameA}` }).click();
      await visible(pageB.getByText(new RegExp(`You unblocked ${nameA}\\.$`)));
      expect(sessionB.errors).toEqual([]);
    } finally {
      await sessionB.close();
    }
  }, 240_000);
});
