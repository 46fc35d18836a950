// Plans and payments: a plan chosen, paid on the sandbox provider's own page (its Pay button, as
// a person pays), and the app showing it paid, in the history, with renewal switched off.
import { expect, test } from '@playwright/test';
import { baseUrl, expectAccessible, screenshot, signIn } from './support/app';

test('a plan is paid in the sandbox and shows as paid', async ({ page }) => {
  await signIn(page, 'plans@e2e.example');
  await page.goto(`${baseUrl()}/app/plans`);
  await expect(page.getByRole('heading', { name: 'Plans and payments' })).toBeVisible();
  await expect(page.getByText('No payments yet.')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'plans');

  await page.getByRole('button', { name: 'Pay for Start' }).click();
  // The provider's payment page (the sandbox, on its own port).
  await page.waitForURL((u) => !u.pathname.startsWith('/app'));
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeVisible();
  await screenshot(page, 'sandbox-pay');
  await pay.click();
  await expect(page.getByText('Payment completed.')).toBeVisible();

  await page.goto(`${baseUrl()}/app/plans`);
  await expect(page.getByTestId('current-plan')).toContainText('Plan: Start. Paid.');
  await expect(page.getByRole('cell', { name: 'paid', exact: true })).toBeVisible();
  const renew = page.getByRole('checkbox', { name: 'Renew automatically' });
  await expect(renew).toBeEnabled();
  await expect(renew).toBeChecked();
  await screenshot(page, 'plans-paid');

  // Renewal off: cancelled at the provider, and so it stays after a reload.
  await renew.click();
  await expect(renew).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Renew automatically' })).not.toBeChecked();
  await expect(page.getByTestId('current-plan')).toContainText('Plan: Start. Paid.');
});
