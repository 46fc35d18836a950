// Signing the desktop window in to the running service (apps/desktop/src/renderer over the real
// core, through support/desktop-bridge.ts, without Electron): by the e-mailed link with the PIN
// step of an account that has a PIN (a wrong PIN said in words first), and by a code the app shows,
// confirmed on /app/device by a person signed in on the web, after which the app has its session.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { baseUrl, outboxFiles, screenshot, signIn, signInLinkFor } from './support/app';
import { DESKTOP_API_SCRIPT, type DesktopBridge, startDesktopBridge } from './support/desktop-bridge';

let bridge: DesktopBridge;
let temp: string;
test.beforeAll(async () => {
  temp = mkdtempSync(path.join(tmpdir(), 'ir-e2e-desktop-sign-in-'));
  bridge = await startDesktopBridge(path.join(temp, 'store'));
  bridge.service.setSettings({ syncEnabled: true, server: baseUrl() });
});
test.afterAll(async () => {
  await bridge?.stop();
  rmSync(temp, { recursive: true, force: true });
});

async function desktopWindow(browser: import('@playwright/test').Browser) {
  const context = await browser.newContext({ bypassCSP: true, locale: 'en-GB' });
  const page = await context.newPage();
  await page.addInitScript(DESKTOP_API_SCRIPT);
  await page.goto(`${bridge.url}/#/settings`);
  await expect(page.getByRole('heading', { name: 'Sign in to the service' })).toBeVisible();
  return { context, page };
}

test('the desktop app signs in with the link and the PIN of an account that has one', async ({ browser }) => {
  test.setTimeout(180_000);
  const email = 'desk-pin@e2e.example';
  // The account's PIN, set on the web as its owner does.
  const web = await browser.newContext();
  const webPage = await web.newPage();
  await signIn(webPage, email);
  await webPage.goto(`${baseUrl()}/app/account`);
  await webPage.getByLabel('New PIN').fill('4821');
  await webPage.getByRole('button', { name: 'Save PIN' }).click();
  await expect(webPage.getByText('PIN saved.')).toBeVisible();
  await web.close();

  const { context, page } = await desktopWindow(browser);
  const before = outboxFiles();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send a sign-in link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A sign-in link was sent' })).toBeVisible();
  await page.getByLabel('Paste the link from the mail').fill(await signInLinkFor(email, before));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  const pin = page.getByRole('textbox', { name: 'PIN', exact: true });
  await expect(pin).toBeVisible();
  await pin.fill('1111');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('This PIN is not right.');
  await pin.fill('4821');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(`Signed in as ${email}.`).first()).toBeVisible();
  await expect.poll(() => bridge.service.syncStatus()).toMatchObject({ signedIn: true, account: email });
  await context.close();
});

test('the desktop app signs in by a code confirmed from a web session', async ({ browser }) => {
  test.setTimeout(180_000);
  await bridge.service.signOut();
  const email = 'desk-code@e2e.example';
  const web = await browser.newContext();
  const webPage = await web.newPage();
  await signIn(webPage, email);

  const { context, page } = await desktopWindow(browser);
  const opened = bridge.opened.length;
  await page.getByRole('button', { name: 'Sign in with a code' }).click();
  const code = (await page.getByTestId('device-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
  // The app asked the main process to open the service's page, with the code, in the browser.
  await expect.poll(() => bridge.opened.length).toBe(opened + 1);
  const url = bridge.opened.at(-1)!;
  expect(url).toBe(`${baseUrl()}/app/device?code=${code}`);
  await screenshot(page, 'desktop-device-code');

  // In the person's browser, signed in: the page shows the code, the person confirms it.
  await webPage.goto(url);
  await expect(webPage.getByRole('heading', { name: 'Sign in the desktop app' })).toBeVisible();
  await expect(webPage.getByLabel('Code shown by the app')).toHaveValue(code);
  await webPage.getByRole('button', { name: 'Confirm' }).click();
  await expect(webPage.getByRole('status')).toContainText('is signed in');

  // The app's next poll receives its session.
  await expect(page.getByText(`Signed in as ${email}.`).first()).toBeVisible({ timeout: 60_000 });
  expect(bridge.service.syncStatus()).toMatchObject({ signedIn: true, account: email });
  await web.close();
  await context.close();
});
