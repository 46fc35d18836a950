// The desktop window's screens (apps/desktop/src/renderer: packages/ui over ipcInvoiceData) in
// Chromium against the real desktop core, without Electron (support/desktop-bridge.ts): an
// e-invoice dropped in the watched folder is listed as done, its review shows the fields, an edit
// is kept by the local store after a reload, and the settings panel shows the folder.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot, screenshot } from './support/app';
import { DESKTOP_API_SCRIPT, type DesktopBridge, startDesktopBridge } from './support/desktop-bridge';

const XML = path.resolve(repoRoot, '../shared/corpus/einvoice/akretion-factur-x/factur-x-en16931.xml');

let bridge: DesktopBridge;
let temp: string;
test.beforeAll(async () => {
  temp = mkdtempSync(path.join(tmpdir(), 'ir-e2e-desktop-'));
  bridge = await startDesktopBridge(path.join(temp, 'store'));
});
test.afterAll(async () => {
  await bridge?.stop();
  rmSync(temp, { recursive: true, force: true });
});

test('a dropped e-invoice is listed, reviewed and corrected in the desktop window', async ({ browser }) => {
  test.setTimeout(300_000);
  // The page's CSP allows no connections (in Electron it needs none): the bridge's calls need one.
  const context = await browser.newContext({ bypassCSP: true, locale: 'en-GB' });
  const page = await context.newPage();
  await page.addInitScript(DESKTOP_API_SCRIPT);
  const inbox = path.join(temp, 'inbox');
  bridge.chosenFolder = inbox;
  mkdirSync(inbox);

  // The folder is added through the settings panel, as a person would.
  await page.goto(`${bridge.url}/#/settings`);
  await page.getByRole('button', { name: 'Add a folder…' }).click();
  await expect(page.getByRole('list', { name: 'Watched folders' })).toContainText(inbox);
  await expect.poll(async () => (await bridge.service.getSettings()).folders).toEqual([inbox]);

  copyFileSync(XML, path.join(inbox, path.basename(XML)));
  await page.getByRole('link', { name: 'Invoices' }).click();
  const row = page.getByRole('row').filter({ hasText: path.basename(XML) });
  await expect(row).toContainText('Done', { timeout: 240_000 });
  await expect(row).toContainText('E-invoice');

  await page.getByRole('link', { name: path.basename(XML) }).click();
  await expect(page.getByRole('heading', { name: `Invoice ${path.basename(XML)}` })).toBeVisible();
  const seller = page.locator('li.ir-field[data-field="seller_name"]').getByRole('textbox');
  await expect(seller).not.toHaveValue('');
  await seller.fill('Edited Seller GmbH');
  await seller.press('Enter');
  await expect(page.locator('li.ir-field[data-field="seller_name"] .ir-badge')).toContainText(
    'corrected by you',
  );
  // A value the core refuses is said on its field, as the server's 422 is on the web.
  const bic = page.locator('li.ir-field[data-field="seller_bic"]');
  await bic.getByRole('textbox').fill('not a bic');
  await bic.getByRole('textbox').press('Enter');
  await expect(bic.locator('[role=alert]')).toContainText('not a valid BIC');
  await screenshot(page, 'desktop');

  // Kept by the local store: there after a reload, and in the core's own answer.
  await page.reload();
  await expect(page.locator('li.ir-field[data-field="seller_name"]').getByRole('textbox')).toHaveValue(
    'Edited Seller GmbH',
  );
  const [job] = bridge.service.listJobs();
  expect(job?.fields.seller_name).toBe('Edited Seller GmbH');
  await context.close();
});
