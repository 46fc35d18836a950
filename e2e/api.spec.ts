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

  await page.getByRole('button', { name: 'Revoke Accounting' }).click();
  await expect(page.getByRole('cell', { name: 'revoked' })).toBeVisible();
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
