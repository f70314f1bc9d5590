import { describe, expect, inject, it } from 'vitest';
import { useBrowserPage } from '../support/chromium';

/**
 * The public pages' figures ('500+', '1,200+', '4.9') are read at a glance: each stays on one line, on the smallest
 * phone width people use (320 px), a common one (390 px) and a laptop (1280 px). A figure broken after its digits read
 * as two numbers ("1,200" over "+").
 */
const stack = inject('stack');
const currentPage = useBrowserPage(stack.url);

describe('figures on the public pages', () => {
  it.each(['/', '/login'])('%s shows every figure on one line at 320, 390 and 1280 px', async (path) => {
    const page = currentPage();
    const broken: string[] = [];
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      const figures = page.locator('dl dd');
      await expect.poll(() => figures.count()).toBeGreaterThan(0);
      for (const figure of await figures.all()) {
        const { lines, text } = await figure.evaluate((element) => {
          // Runs in the page; typed structurally because this project's Node tsconfig has no DOM lib.
          const el = element as unknown as { textContent: string | null };
          const view = globalThis as unknown as {
            document: { createRange(): { selectNodeContents(e: unknown): void; getClientRects(): { length: number } } };
          };
          const range = view.document.createRange();
          range.selectNodeContents(el);
          return { lines: range.getClientRects().length, text: el.textContent ?? '' };
        });
        if (lines > 1) broken.push(`${width}px: '${text}' on ${lines} lines`);
      }
    }
    expect(broken).toEqual([]);
  });
});
