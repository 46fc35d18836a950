// The public pages in a real browser: each language read with JavaScript off (what a crawler
// sees), `/` choosing by the browser's language, the try-it upload reading an e-invoice without
// an account, the lead form, and no serious or critical axe violation.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { baseUrl, expectAccessible, repoRoot, screenshot } from './support/app';

const SAMPLE_XML = path.resolve(repoRoot, '../shared/corpus/einvoice/akretion-factur-x/factur-x-en16931.xml');

const HEADINGS = {
  de: 'Was er nie tut',
  en: 'What it never does',
  ru: 'Чего он никогда не делает',
  it: 'Cosa non fa mai',
} as const;

test.beforeAll(async () => {
  // A published review (4-5 stars are published at once), so the pages show one.
  const r = await fetch(`${baseUrl()}/api/v1/reviews`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Greta M.',
      stars: 5,
      text: 'Our XRechnung and scanned invoices, read in seconds.',
    }),
  });
  expect(r.status).toBe(200);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const [lang, never] of Object.entries(HEADINGS)) {
    test(`/${lang} shows its text, prices and countries`, async ({ page }) => {
      await page.goto(`${baseUrl()}/${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: never })).toBeVisible();
      await expect(page.locator('#api-prices')).toContainText('5');
      // The web app's plans from the same price list as the app, each with its way in.
      await expect(page.locator('ul.plans > li')).toHaveCount(4);
      await expect(page.locator('ul.plans > li').first().getByRole('link')).toHaveAttribute(
        'href',
        `/app/sign-in?lang=${lang}`,
      );
      await expect(page.locator('ul.countries li')).not.toHaveCount(0);
      await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(5);
      await expect(page.getByText('Greta M.')).toBeVisible();
      await screenshot(page, `public-${lang}`);
    });
  }

  test('the try-it upload answers a page of what was read', async ({ page }) => {
    await page.goto(`${baseUrl()}/it`);
    await page.getByLabel('File della fattura elettronica').setInputFiles(SAMPLE_XML);
    await page.getByRole('button', { name: 'Leggi' }).click();
    await expect(page.getByRole('heading', { name: 'Cosa ha trovato il lettore' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'invoice_no' })).toBeVisible();
    await page.getByRole('link', { name: 'Torna alla pagina' }).click();
    await expect(page).toHaveURL(/\/it#try$/);
  });

  test('the lead form works as a plain form post', async ({ page }) => {
    await page.goto(`${baseUrl()}/en`);
    await page.getByLabel('E-mail address').fill('lead@e2e.example');
    await page.getByLabel('Pages a month (optional)').fill('1200');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/en\?lead=sent#lead$/);
    await expect(page.getByText('Thank you: we will write to you soon.')).toBeVisible();
  });
});

test('/ opens the page of the browser’s language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/`);
  await expect(page).toHaveURL(/\/de$/);
  await context.close();
});

test('the try-it upload reads an e-invoice in place, without an account', async ({ page }) => {
  await page.goto(`${baseUrl()}/en`);
  await page.getByLabel('E-invoice file').setInputFiles(SAMPLE_XML);
  await page.getByRole('button', { name: 'Read it' }).click();
  const result = page.locator('#try-result');
  await expect(result.getByRole('rowheader', { name: 'invoice_no' })).toBeVisible();
  await expect(result.getByRole('rowheader', { name: 'gross_amount' })).toBeVisible();
  await screenshot(page, 'public-try-it');
});

test('the public pages have no serious or critical accessibility violation', async ({ page }) => {
  for (const lang of Object.keys(HEADINGS)) {
    await page.goto(`${baseUrl()}/${lang}`);
    await expectAccessible(page);
  }
  await page.goto(`${baseUrl()}/reviews`);
  await expectAccessible(page);
});
