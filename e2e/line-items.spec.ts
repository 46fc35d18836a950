// The review screen's line items in a real browser against the real service: a text PDF made by
// the invoice generator is read, its lines and VAT rates are shown as tables, a cell is corrected
// by keyboard (a line whose arithmetic then fails is marked with the reason), and the correction
// is there after a reload. Pictures of the tables at a phone's and a desktop's width in each
// language go to reports/screenshots/lines-{lang}-{width}.png.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { runChildOk } from '../scripts/run-child.mjs';
import { baseUrl, expectAccessible, repoRoot, signIn } from './support/app';
import { expectFitsWidth, expectNoCutText } from './support/layout';

// The generator's sixth invoice of seed 21 (German, in euros): four lines at 19 %, one VAT rate,
// all read from the text layer, adding up to the net.
const SEED = '21';
const FILE = '0006-de-de-pdfkit.pdf';

test.describe.configure({ mode: 'serial' });

let page: Page;
let out: string;
let pdf: string;
let review: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  out = mkdtempSync(path.join(tmpdir(), 'ir-e2e-lines-'));
  await runChildOk(process.execPath, [
    path.join(repoRoot, 'scripts/generate-invoices.mjs'),
    ...['--count', '6', '--seed', SEED, '--langs', 'de', '--libraries', 'pdfkit', '--out', out],
  ]);
  pdf = path.join(out, 'text/de', FILE);
  page = await (
    await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } })
  ).newPage();
  await signIn(page, 'lines@e2e.example');
});
test.afterAll(async () => {
  await page.context().close();
  rmSync(out, { recursive: true, force: true });
});

const lines = (p: Page) => p.getByRole('table', { name: 'Line items' });
const rates = (p: Page) => p.getByRole('table', { name: 'VAT by rate' });

test('a text PDF’s lines and VAT rates are shown, and they add up', async () => {
  await page.goto(`${baseUrl()}/app/invoices`);
  await page.locator('input[type=file]').setInputFiles(pdf);
  const row = page.locator('tr[data-status="done"]').filter({ hasText: FILE });
  await expect(row).toHaveCount(1, { timeout: 120_000 });
  await row.getByRole('link').click();
  await expect(lines(page)).toBeVisible();
  review = page.url().replace(/\?.*$/, '');
  // Beside the fields, the way down to the lines (under the page, out of sight on a large screen).
  await page.getByRole('button', { name: 'Line items (4) below' }).click();
  await expect(page.getByRole('heading', { name: 'Line items', level: 2 })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Line items', level: 2 })).toBeInViewport();
  await expect(lines(page).locator('tbody tr')).toHaveCount(4);
  await expect(page.getByLabel('Description, Line 1')).toHaveValue('Fahrtkosten 29.4.2026');
  await expect(page.getByLabel('Quantity, Line 1')).toHaveValue('11');
  await expect(page.getByLabel('Unit price, Line 1')).toHaveValue('1356.74');
  await expect(page.getByLabel('Net amount, Line 1')).toHaveValue('14,924.14');
  await expect(page.getByLabel('VAT %, Line 3')).toHaveValue('19');
  await expect(rates(page).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByLabel('Base, Rate 1')).toHaveValue('53,471.00');
  await expect(page.getByLabel('Tax, Rate 1')).toHaveValue('10,159.49');
  // Read from a text layer that adds up: no line marked, the lines make the net.
  await expect(lines(page).locator('tr[data-status="flagged"]')).toHaveCount(0);
  await expect(page.getByTestId('lines-sum')).toContainText('Adds up');
  await expect(page.getByTestId('lines-sum')).toContainText('€53,471.00');
  await expectAccessible(page);
});

test('a cell corrected by keyboard is kept, marked as the person’s, and the line says why it is off', async () => {
  const quantity = page.getByLabel('Quantity, Line 1');
  await quantity.focus();
  // A form that could mean two things in English is refused in place, and nothing is sent.
  await quantity.fill('1,5');
  await quantity.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a number such as 2.5' })).toBeVisible();
  // Escape undoes the typing.
  await quantity.press('Escape');
  await expect(quantity).toHaveValue('11');
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a number such as 2.5' })).toHaveCount(0);
  // 12 × 1,356.74 is not the 14,924.14 printed: the line is marked with the reason.
  await quantity.fill('12');
  await quantity.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeAttached();
  const first = lines(page).locator('tr[data-line="0"]');
  await expect(first).toHaveAttribute('data-status', 'flagged');
  await expect(first).toContainText('Quantity × unit price is €16,280.88, not €14,924.14.');
  await expect(quantity).toHaveAccessibleDescription(/Quantity × unit price is €16,280.88.*corrected by you/);
  // Tab goes on to the next cell; leaving a changed cell saves it too.
  await quantity.press('Tab');
  await expect(page.getByLabel('Unit, Line 1')).toBeFocused();
  await page.getByLabel('Unit, Line 1').fill('h');
  await page.getByLabel('Unit, Line 1').press('Tab');
  await expect(page.getByLabel('Unit price, Line 1')).toBeFocused();
  await expect(page.getByLabel('Unit, Line 1')).toHaveAccessibleDescription(/corrected by you/);

  await page.reload();
  await expect(lines(page)).toBeVisible();
  await expect(page.getByLabel('Quantity, Line 1')).toHaveValue('12');
  await expect(page.getByLabel('Unit, Line 1')).toHaveValue('h');
  await expect(lines(page).locator('tr[data-line="0"]')).toHaveAttribute('data-status', 'flagged');
  await expect(page.getByRole('button', { name: 'Line items (4, 1 not checking) below' })).toBeVisible();
  // The amounts were not changed: the lines still make the net.
  await expect(page.getByTestId('lines-sum')).toContainText('Adds up');
  // A net amount typed so that the line checks again, in the local form: the line is clear, but
  // now the lines no longer make the net total.
  await page.getByLabel('Net amount, Line 1').fill('16,280.88');
  await page.getByLabel('Net amount, Line 1').press('Enter');
  await expect(lines(page).locator('tr[data-line="0"]')).toHaveAttribute('data-status', 'ok');
  await expect(page.getByTestId('lines-sum')).toContainText('Does not add up');
  await expectAccessible(page);
});

test('the tables fit a phone and a desktop in every language', async () => {
  test.setTimeout(240_000);
  // A second line off (10 × 2,228.83 is not 20,059.47), so the pictures show a marked line too.
  await page.getByLabel('Quantity, Line 2').fill('10');
  await page.getByLabel('Quantity, Line 2').press('Enter');
  await expect(lines(page).locator('tr[data-line="1"]')).toHaveAttribute('data-status', 'flagged');
  for (const lang of ['de', 'en', 'ru', 'it']) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${review}?lang=${lang}`);
      const panel = page.getByTestId('line-items');
      await expect(panel.locator('tbody tr').first()).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await expectFitsWidth(page, `${lang} lines at ${width}px`);
      await expectNoCutText(page, `${lang} lines at ${width}px`);
      // The app's bar stays at the top while the page scrolls: out of the way of the picture.
      await page.addStyleTag({ content: '.app-bar{position:absolute}' });
      await panel.scrollIntoViewIfNeeded();
      await page.mouse.move(0, 0);
      await panel.screenshot({ path: path.join(repoRoot, `reports/screenshots/lines-${lang}-${width}.png`) });
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
});
