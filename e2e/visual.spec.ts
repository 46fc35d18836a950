// The look of the public page, the invoice list, the review and the exports screen, compared
// with the pictures kept in e2e/__screenshots__ (`toHaveScreenshot`): fixed data (two files of the
// corpus, read the same way each time), the app's own font, light, no animation, at 1280×800;
// a difference above 0.5 % of the pixels fails. After a deliberate change of the look:
// `npx playwright test --config e2e/playwright.config.ts e2e/visual.spec.ts --update-snapshots`.
// The same run keeps full-page pictures in reports/screenshots for the README (`npm run pictures`).
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { baseUrl, repoRoot, screenshot, signIn } from './support/app';

const corpus = path.resolve(repoRoot, '../shared/corpus');
const XML = path.join(corpus, 'einvoice/akretion-factur-x/factur-x-en16931.xml');
const PDF = path.join(corpus, 'textpdf/invoice2data/AmazonWebServices.pdf');

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', colorScheme: 'light' });

let page: Page;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  page = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' })
  ).newPage();
  await signIn(page, 'visual@e2e.example');
  await page.goto(`${baseUrl()}/app/invoices`);
  await page.locator('input[type=file]').setInputFiles([XML, PDF]);
  await expect(page.locator('tr[data-status="done"]')).toHaveCount(2, { timeout: 240_000 });
});
test.afterAll(async () => page.context().close());

/** A phone's window, once the navigation has slid away behind the menu button. */
async function phoneSize(p: Page): Promise<void> {
  await p.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => p.locator('#app-nav').evaluate((el) => el.getBoundingClientRect().right))
    .toBeLessThanOrEqual(0);
}

/** The fonts are in and nothing moves: a picture taken now is the one taken next time. */
async function settled(p: Page): Promise<void> {
  await p.evaluate(() => document.fonts.ready);
  await p.mouse.move(0, 0);
}

test('the public page', async () => {
  await page.goto(`${baseUrl()}/en`);
  await settled(page);
  await expect(page).toHaveScreenshot('landing.png');
  // The page's header stays at the top while it scrolls: out of the way of the section's picture.
  await page.addStyleTag({ content: '.site-head{position:static}' });
  await expect(page.locator('section:has(#prices)')).toHaveScreenshot('landing-prices.png');
  await screenshot(page, 'visual-landing');
});

test('the invoice list', async () => {
  await page.goto(`${baseUrl()}/app/invoices`);
  await expect(page.locator('tr[data-status="done"]')).toHaveCount(2);
  await settled(page);
  await expect(page).toHaveScreenshot('list.png');
  await screenshot(page, 'visual-list');
  await phoneSize(page);
  await screenshot(page, 'phone-list');
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('the review', async () => {
  await page.goto(`${baseUrl()}/app/invoices`);
  await page.getByRole('link', { name: 'AmazonWebServices.pdf' }).click();
  await expect(page.locator('li.ir-field').first()).toBeVisible();
  const img = page.getByRole('img', { name: /Page 1 of the invoice/ });
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);
  await settled(page);
  await expect(page).toHaveScreenshot('review.png');
  await phoneSize(page);
  await screenshot(page, 'phone-review');
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('the exports screen', async () => {
  await page.goto(`${baseUrl()}/app/exports`);
  await expect(page.locator('tbody tr')).toHaveCount(2);
  await settled(page);
  await expect(page).toHaveScreenshot('exports.png');
  await screenshot(page, 'visual-exports');
});
