// At a phone's size (390×844) no screen with a table, filled with data, is wider than the phone:
// each row is a card, and no text in it is cut without its tooltip; a long file name neither
// widens the list nor the review's heading. Each screen is measured once
// its table is there (the empty screens are measured at every width by layout.spec.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { baseUrl, repoRoot, signIn } from './support/app';
import { expectFitsWidth, expectNoCutText } from './support/layout';

const XML = path.resolve(repoRoot, '../shared/corpus/einvoice/akretion-factur-x/factur-x-en16931.xml');
/** A file name as long as some mail programs make them, with no space to break at. */
const LONG_NAME = 'Rechnung_2026-03-15_Lieferant-GmbH-und-Co-KG_Bestellnummer-4711-0815-4242_Kopie.xml';

test.use({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });

test('the app screens with tables fit a phone', async ({ page }) => {
  test.setTimeout(300_000);
  const email = 'phone@e2e.example';
  await signIn(page, email);

  await page.goto(`${baseUrl()}/app/invoices`);
  await page
    .locator('input[type=file]')
    .setInputFiles([{ name: LONG_NAME, mimeType: 'text/xml', buffer: readFileSync(XML) }]);
  await expect(page.locator('tr[data-status="done"]')).toHaveCount(1, { timeout: 120_000 });
  await expectFitsWidth(page, '/app/invoices');
  await expectNoCutText(page, '/app/invoices');
  // Its review: the heading with the long name wraps.
  await page.getByRole('link', { name: LONG_NAME }).click();
  await expect(page.locator('li.ir-field').first()).toBeVisible();
  await expectFitsWidth(page, 'the review');

  await page.goto(`${baseUrl()}/app/exports`);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expectFitsWidth(page, '/app/exports');
  await expectNoCutText(page, '/app/exports');

  await page.goto(`${baseUrl()}/app/api/keys`);
  await page.getByLabel('Label').fill('Accounting office');
  await page.getByRole('button', { name: 'Add a key' }).click();
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByRole('button', { name: 'Revoke Accounting office' })).toBeVisible();
  await expect(page).toHaveTitle('API keys · Invoice Reader');
  await expectFitsWidth(page, '/app/api/keys');
  await expectNoCutText(page, '/app/api/keys');

  // A mailbox connected through the emulator's consent page and scanned, so both tables show.
  await page.goto(`${baseUrl()}/app/mail`);
  await page.getByRole('button', { name: 'Connect a mailbox' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/app'));
  await page.getByLabel('Mailbox').fill(email);
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(/\/app\/mail/);
  await page.getByLabel('Country of the invoices').selectOption('DE');
  await page.getByRole('button', { name: 'Scan now' }).click();
  await expect(page.getByTestId('scan-result')).toBeVisible();
  await expect(page.getByTestId('inbox').locator('tr[data-status="done"]')).toHaveCount(2, {
    timeout: 120_000,
  });
  await expectFitsWidth(page, '/app/mail');
  await expectNoCutText(page, '/app/mail');

  // A plan paid in the sandbox, so the payment history has a row.
  await page.goto(`${baseUrl()}/app/plans`);
  await page.getByRole('button', { name: 'Pay for Start' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/app'));
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment completed.')).toBeVisible();
  await page.goto(`${baseUrl()}/app/plans`);
  await expect(page.getByRole('cell', { name: 'paid', exact: true })).toBeVisible();
  await expectFitsWidth(page, '/app/plans');
  await expectNoCutText(page, '/app/plans');
});
