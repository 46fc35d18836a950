// Checks of a screen's layout as a person sees it: nothing reaches past the window's right edge,
// no text is cut inside a table cell without a way to read it whole (a tooltip: `title`), and
// after a move to another screen the focus is on its heading.
import { expect, type Page } from '@playwright/test';

/** The document is no wider than the window; else says which elements stick out. */
export async function expectFitsWidth(page: Page, what: string): Promise<void> {
  const measure = () =>
    page.evaluate(() => {
      // The outermost elements reaching past the window's right edge, to say what overflows.
      const clipped = (el: Element) => {
        for (let p = el.parentElement; p; p = p.parentElement)
          if (getComputedStyle(p).overflowX !== 'visible') return true;
        return false;
      };
      const past = Array.from(document.querySelectorAll('body *')).filter(
        (el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(el),
      );
      const wide = past
        .filter((el) => !past.includes(el.parentElement as Element))
        .slice(0, 5)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)}px)`,
        );
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, wide };
    });
  let last = await measure();
  if (last.scrollWidth > last.innerWidth) {
    // A layout still following the window's new width (seen once on a loaded machine) settles in
    // a few frames: measured again until it fits; one that stays too wide fails below.
    await expect
      .poll(
        async () => {
          last = await measure();
          return last.scrollWidth <= last.innerWidth;
        },
        { timeout: 5_000 },
      )
      .toBe(true)
      .catch(() => undefined);
  }
  const { scrollWidth, innerWidth, wide } = last;
  expect
    .soft(scrollWidth, `${what}: ${scrollWidth}px wide in a ${innerWidth}px window: ${wide.join(', ')}`)
    .toBeLessThanOrEqual(innerWidth);
}

/**
 * No text in a table cell is cut (clipped, or spilling over its neighbour) unless the cut part,
 * or the cell around it, carries the whole text as a tooltip (`title`).
 */
export async function expectNoCutText(page: Page, what: string): Promise<void> {
  const cut = await page.evaluate(() =>
    Array.from(document.querySelectorAll('td, th, td *, th *'))
      .filter((el) => {
        if (!(el instanceof HTMLElement) || el.scrollWidth <= el.clientWidth + 1) return false;
        if (!el.textContent?.trim()) return false;
        const cell = el.closest('td, th');
        // Text for screen readers only (a 1px clip: the card layout's header row, a hidden name).
        for (let p: Element | null = el; p && p !== cell?.parentElement; p = p.parentElement)
          if (p.getBoundingClientRect().width <= 1) return false;
        const tip = el.closest('[title]');
        return !(tip && cell?.contains(tip) && tip.getAttribute('title'));
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: "${el.textContent?.trim().slice(0, 40)}"`),
  );
  expect.soft(cut, `${what}: text cut in a cell with no tooltip`).toEqual([]);
}

/** The screen's heading has the focus (a move to another screen puts it there). */
export async function expectHeadingFocused(page: Page, what: string): Promise<void> {
  await expect
    .soft(page.locator('main h1'), `${what}: the focus is on the screen's heading`)
    .toBeFocused({ timeout: 5_000 });
}
