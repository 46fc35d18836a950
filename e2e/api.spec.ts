// The API screens: a key made on the dashboard (shown once) and then used from outside the
// browser with a plain fetch on /v1/parse and polling, as a program would; keys rotated with a
// confirmation; usage and the price calculator; axe on each screen.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { baseUrl, expectAccessible, repoRoot, screenshot, signIn, waitFor } from './support/app';

const SAMPLE_XML = path.resolve(repoRoot, '../shared/corpus/einvoice/akretion-factur-x/factur-x-en16931.xml');

test('a key made on the dashboard reads an invoice through /v1', async ({ page }) => {
  await signIn(page, 'api@e2e.example');
  await page.goto(`${baseUrl()}/app/api`);
  await expect(page.getByRole('heading', { name: 'API' })).toBeVisible();
  await expect(page.getByTestId('left')).toHaveText('5');
  await page.getByRole('button', { name: 'Make a key' }).click();
  const key = (await page.getByTestId('new-key').textContent())?.trim() ?? '';
  expect(key.length).toBeGreaterThan(20);
  await expectAccessible(page);
  await screenshot(page, 'api-dashboard');

  // As curl would: the key in a header, the file as multipart, then poll until done.
  const body = new FormData();
  body.set(
    'file',
    new Blob([await import('node:fs').then((fs) => fs.readFileSync(SAMPLE_XML))]),
    'invoice.xml',
  );
  body.set('country', 'de');
  const submitted = await fetch(`${baseUrl()}/v1/parse`, {
    method: 'POST',
    headers: { 'x-api-key': key },
    body,
  });
  expect(submitted.status).toBe(200);
  const { job_id } = (await submitted.json()) as { job_id: number };
  const job = await waitFor(async () => {
    const r = await fetch(`${baseUrl()}/v1/parse/${job_id}`, { headers: { 'x-api-key': key } });
    const j = (await r.json()) as { status: string; fields: Record<string, string> };
    return j.status === 'done' || j.status === 'failed' ? j : undefined;
  }, `job ${job_id}`);
  expect(job.status).toBe('done');
  expect(job.fields.invoice_no).toBeTruthy();

  // The key's last use shows on the keys screen.
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await page.getByRole('link', { name: 'Keys', exact: true }).click();
  await expect(page.getByRole('cell', { name: 'First key', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'never' })).toHaveCount(0);
});

test('keys are added with a label and rotated after a confirmation', async ({ page }) => {
  await signIn(page, 'keys@e2e.example');
  await page.goto(`${baseUrl()}/app/api/keys`);
  await page.getByLabel('Label').fill('Accounting');
  await page.getByRole('button', { name: 'Add a key' }).click();
  const first = (await page.getByTestId('new-key').textContent())?.trim() ?? '';
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await page.getByRole('button', { name: 'Rotate Accounting' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('stops working at once');
  await page.getByRole('button', { name: 'Yes, rotate' }).click();
  const second = (await page.getByTestId('new-key').textContent())?.trim() ?? '';
  expect(second).not.toBe(first);
  await expect(page.getByRole('cell', { name: 'rotated' })).toBeVisible();
  const old = await fetch(`${baseUrl()}/v1/usage`, { headers: { 'x-api-key': first } });
  expect(old.status).toBe(401);
  const fresh = await fetch(`${baseUrl()}/v1/usage`, { headers: { 'x-api-key': second } });
  expect(fresh.status).toBe(200);
  await expectAccessible(page);
  await screenshot(page, 'api-keys');

  // Revoking asks first too; Escape leaves the key as it was, the focus back on its button.
  const revoke = page.getByRole('button', { name: 'Revoke Accounting' });
  await revoke.click();
  const question = page.getByRole('alertdialog', { name: 'Revoke Accounting?' });
  await expect(question).toContainText('stops working at once');
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(revoke).toBeFocused();
  expect((await fetch(`${baseUrl()}/v1/usage`, { headers: { 'x-api-key': second } })).status).toBe(200);
  await revoke.click();
  await question.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(page.getByRole('cell', { name: 'revoked' })).toBeVisible();
  expect((await fetch(`${baseUrl()}/v1/usage`, { headers: { 'x-api-key': second } })).status).toBe(401);
});

test('usage shows its chart, and the calculator prices a volume', async ({ page }) => {
  await signIn(page, 'usage@e2e.example');
  await page.goto(`${baseUrl()}/app/api/usage`);
  await expect(page.getByRole('img', { name: 'Pages per day, last 30 days' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'api-usage');

  await page.goto(`${baseUrl()}/app/api/calculator`);
  await page.getByLabel('Scanned pages a month').fill('10000');
  // 1,000 pages at €0.07 and 9,000 at €0.06.
  await expect(page.getByTestId('total')).toHaveText('€610.00');
  await page.getByLabel('Country').selectOption('RU');
  await expect(page.getByTestId('total')).toContainText('RUB');
  await expectAccessible(page);
  await screenshot(page, 'api-calculator');
});

test('the balance is topped up on the sandbox provider’s page and shows on coming back', async ({ page }) => {
  await signIn(page, 'topup@e2e.example');
  await page.goto(`${baseUrl()}/app/api`);
  await expect(page.getByTestId('balance')).toHaveText('€0.00');
  const form = page.getByRole('region', { name: 'Top up the balance' });
  await expect(form).toContainText('The smallest top-up is €8.00.');
  const amount = form.getByLabel('Amount');

  // Under the smallest top-up: said beside the amount, and nothing leaves for the provider.
  await amount.fill('5');
  await form.getByRole('button', { name: 'Top up' }).click();
  await expect(form.getByRole('alert')).toHaveText('This is below the smallest top-up of €8.00.');
  await expect(page).toHaveURL(/\/app\/api$/);
  // Each currency the service takes, with its own smallest top-up.
  await form.getByLabel('Currency').selectOption('RUB');
  await expect(form).toContainText('The smallest top-up is RUB 790.00.');
  await form.getByLabel('Currency').selectOption('EUR');
  await expectAccessible(page);
  await screenshot(page, 'api-topup');

  await amount.fill('12.50');
  await form.getByRole('button', { name: 'Top up' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/app'));
  await expect(page.locator('#amount')).toHaveText('12.50 EUR');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment completed.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await page.waitForURL(/\/app\/api$/);
  await expect(page.getByTestId('balance')).toHaveText('€12.50');
  await expect(page.getByRole('region', { name: 'Top up the balance' }).getByRole('status')).toHaveText(
    'Your top-up is paid: the balance above includes it.',
  );
});

test('a top-up whose notification is lost is checked with the provider from the top-up screen', async ({
  page,
}) => {
  await signIn(page, 'topup-check@e2e.example');
  await page.goto(`${baseUrl()}/app/api`);
  await expect(page.getByTestId('balance')).toHaveText('€0.00');
  const form = page.getByRole('region', { name: 'Top up the balance' });
  await form.getByLabel('Amount').fill('10');
  await form.getByRole('button', { name: 'Top up' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/app'));
  const providerPage = page.url();
  const controls = (c: Record<string, unknown>) =>
    fetch(`${new URL(providerPage).origin}/sandbox/controls`, { method: 'POST', body: JSON.stringify(c) });
  await controls({ dropNotifications: true });
  try {
    // Back without paying: the screen asks by itself; the top-up waits, with a check offered.
    await page.goto(`${baseUrl()}/app/api`);
    const status = form.getByRole('status');
    const check = form.getByRole('button', { name: 'Check payment' });
    await expect(status).toHaveText(
      'A top-up is waiting for its payment. Coming back here checks it; you can check again.',
    );
    await check.click();
    await expect(status).toHaveText(/^The payment provider has not received this payment yet\./);
    await expect(page.getByTestId('balance')).toHaveText('€0.00');

    // Paid on the provider's page (in another tab, say); its notification never comes.
    const paid = await fetch(providerPage, { method: 'POST', body: new URLSearchParams({ action: 'pay' }) });
    expect(await paid.text()).toContain('Payment completed.');
    await check.click();
    await expect(status).toHaveText('Your top-up is paid: the balance above includes it.');
    await expect(page.getByTestId('balance')).toHaveText('€10.00');
    await expect(check).toHaveCount(0);
    await expectAccessible(page);

    // Paid and back through the provider's link, the notification lost again: checked on arrival.
    await form.getByLabel('Amount').fill('8');
    await form.getByRole('button', { name: 'Top up' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/app'));
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await page.waitForURL(/\/app\/api$/);
    await expect(status).toHaveText('Your top-up is paid: the balance above includes it.');
    await expect(page.getByTestId('balance')).toHaveText('€18.00');
  } finally {
    await controls({ dropNotifications: false });
  }
});
