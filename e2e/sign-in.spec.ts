// Sign-in as a person does it: the app's form, "check your mail", the link from the outbox, the
// verify page, then the app; a protected route sends a signed-out person to sign-in first, and
// signing in lands where they were going: from /app/, from a deep link, after the session ended.
import { expect, test } from '@playwright/test';
import { baseUrl, expectAccessible, screenshot, signIn, watchCsp } from './support/app';

test('a signed-out person is sent to sign-in, and the form is accessible', async ({ page }) => {
  await page.goto(`${baseUrl()}/app/api/keys`);
  await expect(page).toHaveURL(/\/app\/sign-in\?next=%2Fapi%2Fkeys/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'sign-in');
});

test('signs in through the link in the outbox and lands where the person was going', async ({ page }) => {
  const refused = watchCsp(page);
  await page.goto(`${baseUrl()}/app/api/usage`);
  await expect(page).toHaveURL(/\/app\/sign-in\?next=/);
  await signIn(page, 'anna@e2e.example', undefined, 'here');
  await expect(page).toHaveURL(/\/app\/api\/usage$/);
  await expect(page.getByText('anna@e2e.example')).toBeVisible();
  // A later visit to /app/ goes to the invoices, not to the old destination.
  await page.goto(`${baseUrl()}/app/`);
  await expect(page).toHaveURL(/\/app\/invoices$/);
  expect(refused).toEqual([]);
});

test('signing in from /app/ (the README’s address) lands on the invoices', async ({ page }) => {
  await page.goto(`${baseUrl()}/app/`);
  await expect(page).toHaveURL(/\/app\/sign-in$/);
  await signIn(page, 'start@e2e.example', undefined, 'here');
  await expect(page).toHaveURL(/\/app\/invoices$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
});

test('after the session ended, signing in again lands on the screen the person went to', async ({
  page,
  context,
}) => {
  await signIn(page, 'expired@e2e.example');
  await page.goto(`${baseUrl()}/app/api/usage`);
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
  // The session ends (it expired, or was ended elsewhere): the next screen's call is refused.
  await context.clearCookies();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Keys' }).click();
  await expect(page).toHaveURL(/\/app\/sign-in\?next=%2Fapi%2Fkeys$/);
  await signIn(page, 'expired@e2e.example', undefined, 'here');
  await expect(page).toHaveURL(/\/app\/api\/keys$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeFocused();
});

test('the app speaks the language the public page passes on', async ({ page }) => {
  await page.goto(`${baseUrl()}/de`);
  await page.getByRole('banner').getByRole('link', { name: 'Anmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('button', { name: 'Link senden' })).toBeVisible();
});

test('a PIN, once set, is asked after the link; signing out ends the session', async ({ page }) => {
  await signIn(page, 'pin@e2e.example');
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByLabel('New PIN').fill('4821');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('PIN saved.')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'account');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/sign-in/);
  await page.goto(`${baseUrl()}/app/api`);
  await expect(page).toHaveURL(/\/app\/sign-in/);

  await signIn(page, 'pin@e2e.example', '4821');
  await expect(page.getByText('pin@e2e.example')).toBeVisible();
});

test('signing out everywhere ends the sessions of other browsers too', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  const a = await first.newPage();
  const b = await second.newPage();
  await signIn(a, 'two@e2e.example');
  await signIn(b, 'two@e2e.example');
  await a.goto(`${baseUrl()}/app/account`);
  await a.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(a).toHaveURL(/\/app\/sign-in/);
  await b.goto(`${baseUrl()}/app/api`);
  await expect(b).toHaveURL(/\/app\/sign-in/);
  await first.close();
  await second.close();
});

test('a used or invalid sign-in link leads back to sign-in, in its language', async ({ page }) => {
  await page.goto(`${baseUrl()}/api/v1/auth/verify?token=no-such-token&lang=de`);
  await expect(page.getByRole('alert')).toContainText('Dieser Link ist nicht mehr gültig.');
  await page.getByRole('link', { name: 'Neuen Anmeldelink anfordern' }).click();
  await expect(page).toHaveURL(/\/app\/sign-in/);
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link senden' })).toBeVisible();
});
