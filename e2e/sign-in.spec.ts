// Sign-in as a person does it: the app's form, "check your mail", the link from the outbox, the
// verify page, then the app; a protected route sends a signed-out person to sign-in first.
import { expect, test } from '@playwright/test';
import { baseUrl, expectAccessible, screenshot, signIn } from './support/app';

test('a signed-out person is sent to sign-in, and the form is accessible', async ({ page }) => {
  await page.goto(`${baseUrl()}/app/api/keys`);
  await expect(page).toHaveURL(/\/app\/sign-in\?next=%2Fapi%2Fkeys/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'sign-in');
});

test('signs in through the link in the outbox and lands in the app', async ({ page }) => {
  await signIn(page, 'anna@e2e.example');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByText('anna@e2e.example')).toBeVisible();
});
