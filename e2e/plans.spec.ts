// Plans and payments: a plan chosen, paid on the sandbox provider's own page (its Pay button, as
// a person pays), back through the provider's link, and the app showing it paid, in the history,
// with renewal switched off. Then an upgrade whose notification is lost (coming back checks it),
// a smaller plan that is not sold, the renewal switch's refusals in words, and the features in
// the app's language.
import { expect, test } from '@playwright/test';
import { baseUrl, expectAccessible, screenshot, signIn } from './support/app';

test('a plan is paid in the sandbox and shows as paid', async ({ page }) => {
  await signIn(page, 'plans@e2e.example');
  await page.goto(`${baseUrl()}/app/plans`);
  await expect(page.getByRole('heading', { name: 'Plans and payments' })).toBeVisible();
  await expect(page.getByText('No payments yet.')).toBeVisible();
  // What the free plan leaves, in words: the scanned invoices, and what never needs one.
  await expect(page.getByTestId('scans-left')).toHaveText(
    'Scanned invoices left: 1 of 1. E-invoices, QR bills and text PDFs are free and without limit on every plan.',
  );
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

  // The provider's page leads back to the plans screen.
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await page.waitForURL(/\/app\/plans$/);
  await expect(page.getByTestId('current-plan')).toContainText(/Start\s*Paid until /);
  await expect(page.getByTestId('scans-left')).toContainText('Scanned invoices left: 50 of 50.');
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
  await expect(page.getByTestId('current-plan')).toContainText(/Start\s*Paid until /);
});

test('an upgrade whose notification is lost is checked on the way back; smaller plans and refusals are said in words', async ({
  page,
}) => {
  await signIn(page, 'upgrade@e2e.example');
  await page.goto(`${baseUrl()}/app/plans`);
  await page.getByRole('button', { name: 'Pay for Pro' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/app'));
  const sandbox = new URL(page.url()).origin;
  const controls = (c: Record<string, unknown>) =>
    fetch(`${sandbox}/sandbox/controls`, { method: 'POST', body: JSON.stringify(c) });
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page.getByTestId('current-plan')).toContainText(/Pro\s*Paid until /);

  // A smaller plan is not sold over Pro: no Pay, a sentence saying when it can be chosen.
  const start = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Start' }) });
  await expect(start.getByText(/Not above your plan: it can be chosen when your plan ends on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay for Start' })).toHaveCount(0);

  // An abandoned checkout of Business shows as waiting, with a check and a new link.
  await page.getByRole('button', { name: 'Pay for Business' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/app'));
  await page.goto(`${baseUrl()}/app/plans`);
  await expect(page.getByText('A payment for Business is waiting.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check payment' })).toBeVisible();

  // Its notification is lost: coming back through the provider's link checks it.
  await controls({ dropNotifications: true });
  try {
    await page.getByRole('button', { name: 'New payment link' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/app'));
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await expect(page.getByTestId('current-plan')).toContainText(/Business\s*Paid until /);
    await expect(page.getByRole('button', { name: 'Check payment' })).toHaveCount(0);
  } finally {
    await controls({ dropNotifications: false });
  }
  await screenshot(page, 'plans-upgraded');

  // The provider refuses to cancel the renewal: its reason and what to do, and the box stays on.
  const renew = page.getByRole('checkbox', { name: 'Renew automatically' });
  await controls({ failCancel: true });
  try {
    await renew.click();
    await expect(page.getByRole('alert')).toContainText(
      'The payment provider could not cancel the automatic renewal, so it is still on.',
    );
    await expect(page.getByRole('alert')).toContainText('Sandbox: cancel refused');
    await expect(renew).toBeChecked();
  } finally {
    await controls({ failCancel: false });
  }
  await renew.click();
  await expect(renew).not.toBeChecked();
  // Switching it on again needs a new checkout: said, and the box stays off.
  await renew.click();
  await expect(page.getByRole('alert')).toContainText('cannot be switched on again');
  await expect(renew).not.toBeChecked();

  // The features in the app's language.
  await page.goto(`${baseUrl()}/app/plans?lang=de`);
  await expect(page.getByText('1.500 gescannte Rechnungen pro Zeitraum')).toBeVisible();
});
