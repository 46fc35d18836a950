// At a phone's size (390×844) no screen is wider than the phone: a wide table scrolls inside its
// own box, the page itself never sideways. Each screen is measured once its table is there.
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { baseUrl, repoRoot, signIn } from './support/app';

const XML = path.resolve(repoRoot, '../shared/corpus/einvoice/akretion-factur-x/factur-x-en16931.xml');

test.use({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });

/** The document is no wider than the window (nothing sticks out to the right). */
async function expectFitsWidth(page: Page, what: string): Promise<void> {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => {
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
  expect
    .soft(scrollWidth, `${what}: ${scrollWidth}px wide in a ${innerWidth}px window: ${wide.join(', ')}`)
    .toBeLessThanOrEqual(innerWidth);
}

test('the app screens with tables fit a phone', async ({ page }) => {
  test.setTimeout(300_000);
  const email = 'phone@e2e.example';
  await signIn(page, email);

  await page.goto(`${baseUrl()}/app/invoices`);
  await page.locator('input[type=file]').setInputFiles([XML]);
  await expect(page.locator('tr[data-status="done"]')).toHaveCount(1, { timeout: 120_000 });
  await expectFitsWidth(page, '/app/invoices');

  await page.goto(`${baseUrl()}/app/exports`);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expectFitsWidth(page, '/app/exports');

  await page.goto(`${baseUrl()}/app/api/keys`);
  await page.getByLabel('Label').fill('Accounting office');
  await page.getByRole('button', { name: 'Add a key' }).click();
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByRole('button', { name: 'Revoke Accounting office' })).toBeVisible();
  await expect(page).toHaveTitle('API keys · Invoice Reader');
  await expectFitsWidth(page, '/app/api/keys');

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

  // A plan paid in the sandbox, so the payment history has a row.
  await page.goto(`${baseUrl()}/app/plans`);
  await page.getByRole('button', { name: 'Pay for Start' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/app'));
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment completed.')).toBeVisible();
  await page.goto(`${baseUrl()}/app/plans`);
  await expect(page.getByRole('cell', { name: 'paid', exact: true })).toBeVisible();
  await expectFitsWidth(page, '/app/plans');
});

test('the public pages fit a phone', async ({ page }) => {
  // Their price tables overflowed (/de 408 px, /ru 523, /it 405): each table now scrolls in its
  // own box and the columns may shrink below their content (apps/server/src/pages/landing.ts).
  for (const lang of ['de', 'en', 'ru', 'it']) {
    await page.goto(`${baseUrl()}/${lang}`);
    await expect(page.locator('table').first()).toBeVisible();
    await expectFitsWidth(page, `/${lang}`);
  }
});
