// What the keyboard tests share: Tab to a control, its focus seen (an outline drawn), a request
// held in the browser until released (so a busy control is seen without timing), and a count of
// the requests the page sends.
import { expect, type Locator, type Page, type Request } from '@playwright/test';

/** Presses Tab until `target` has the focus (at most `bound` times). */
export async function tabTo(page: Page, target: Locator, bound = 30): Promise<void> {
  for (let i = 0; i < bound; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The focused element shows its focus: an outline is drawn around it. */
export async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const outline = await target.evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: Number.parseFloat(s.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
}

/** `target` is the document's active element right now (not the page, as after a `disabled`). */
export async function expectActive(target: Locator): Promise<void> {
  expect(await target.evaluate((el) => el === document.activeElement)).toBe(true);
}

export interface Held {
  /** Settles when the first request has reached the browser's hold. */
  arrived: Promise<void>;
  /** Lets it go on to the real service unchanged, and waits until it has. */
  release: () => Promise<void>;
}

/**
 * Holds the next request of `method` to `url` (a glob) in the browser until released, so the
 * screen can be seen while it runs; any other request to the same address goes through at once.
 */
export async function holdNext(page: Page, url: string, method = 'POST'): Promise<Held> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let arrive!: () => void;
  const arrived = new Promise<void>((r) => (arrive = r));
  let passed!: () => void;
  const gone = new Promise<void>((r) => (passed = r));
  let taken = false;
  await page.route(url, async (route) => {
    if (route.request().method() !== method || taken) return route.continue();
    taken = true;
    arrive();
    await held;
    await route.continue();
    passed();
  });
  return {
    arrived,
    release: async () => {
      release();
      await gone;
      await page.unroute(url);
    },
  };
}

/**
 * Counts the requests of `method` whose path is `path` (or matches it) the page sends from now
 * on, as `page.on('request')` sees them.
 */
export function countRequests(page: Page, method: string, path: string | RegExp): () => number {
  let n = 0;
  const seen = (r: Request) => {
    const p = new URL(r.url()).pathname;
    if (r.method() === method && (typeof path === 'string' ? p === path : path.test(p))) n++;
  };
  page.on('request', seen);
  return () => n;
}
