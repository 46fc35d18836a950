// What the tests share: the server's address and data folder (from the global setup), the
// sign-in link read from the outbox, screenshots into reports/screenshots, and axe.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function env(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the suite with npm run e2e (its global setup sets it)`);
  return v;
}

export const baseUrl = (): string => env('E2E_BASE_URL');
export const dataDir = (): string => env('E2E_DATA_DIR');

/** Polls until `check` answers something truthy; the bound only catches a hang. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  what: string,
  tries = 300,
): Promise<NonNullable<T>> {
  for (let i = 0; i < tries; i++) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** The newest sign-in link the outbox holds for `email` (written when the server sends it). */
export async function signInLinkFor(email: string, after: Set<string>): Promise<string> {
  const outbox = path.join(dataDir(), 'outbox');
  return waitFor(async () => {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((f) => f.endsWith('.eml') && !after.has(f));
    } catch {
      return undefined;
    }
    for (const f of files.sort().reverse()) {
      const mail = await simpleParser(readFileSync(path.join(outbox, f)));
      const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
      if (!to.some((a) => a.value.some((v) => v.address === email))) continue;
      const m = /https?:\/\/\S+\/api\/v1\/auth\/verify\?token=[^\s"<>]+/.exec(mail.text ?? '');
      if (m) return m[0];
    }
    return undefined;
  }, `a sign-in mail to ${email}`);
}

export function outboxFiles(): Set<string> {
  try {
    return new Set(readdirSync(path.join(dataDir(), 'outbox')));
  } catch {
    return new Set();
  }
}

/** What the browser refused under the Content-Security-Policy (an inline script would show here). */
export function watchCsp(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  return refused;
}

/**
 * Signs in through the app's form and the e-mailed link, as a person does (with the PIN when
 * set). `from`: the sign-in form is already open (a protected route sent the person there).
 */
export async function signIn(page: Page, email: string, pin?: string, from?: 'here'): Promise<void> {
  const before = outboxFiles();
  if (from !== 'here') await page.goto(`${baseUrl()}/app/sign-in`);
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByRole('button', { name: /send me a link/i }).click();
  await expect(page.getByRole('heading', { name: /check your mail/i })).toBeVisible();
  const link = await signInLinkFor(email, before);
  await page.goto(link);
  await page.getByRole('button', { name: /sign in/i }).click();
  if (pin) {
    await page.getByLabel('Your PIN').fill(pin);
    await page.getByRole('button', { name: 'Confirm' }).click();
  }
  await page.waitForURL(/\/app\//);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(repoRoot, 'reports/screenshots', `${name}.png`), fullPage: true });
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * On the exports screen: chooses the invoice of `fileName`, fills the DATEV consultant and client
 * numbers and downloads the DATEV file; its text (Windows-1252 read as latin1) for the test to check.
 */
export async function downloadDatev(
  page: Page,
  fileName: string,
  numbers: { consultant: string; client: string },
): Promise<string> {
  await page.locator('tbody tr').filter({ hasText: fileName }).getByRole('checkbox').check();
  await page.getByLabel('Consultant number').fill(numbers.consultant);
  await page.getByLabel('Client number').fill(numbers.client);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download DATEV file' }).click(),
  ]);
  return readFileSync((await download.path())!, 'latin1');
}
