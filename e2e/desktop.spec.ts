// The desktop window's screens (apps/desktop/src/renderer: packages/ui over ipcInvoiceData) in
// Chromium against the real desktop core, without Electron (support/desktop-bridge.ts): an
// e-invoice dropped in the watched folder is listed as done, its review shows the fields, an edit
// is kept by the local store after a reload, and the settings panel shows the folder; a PDF's
// review shows its page drawn by the core with the fields' boxes, and the exports screen downloads
// a DATEV file written from the local store.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { downloadDatev, repoRoot, screenshot } from './support/app';
import { DESKTOP_API_SCRIPT, type DesktopBridge, startDesktopBridge } from './support/desktop-bridge';

const XML = path.resolve(repoRoot, '../shared/corpus/einvoice/akretion-factur-x/factur-x-en16931.xml');
const PDF = path.resolve(repoRoot, '../shared/corpus/textpdf/invoice2data/NetpresseInvoice.pdf');

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
  // Named by its kind, as the web names the server's refusal (the core's words stay English).
  await expect(bic.locator('[role=alert]')).toContainText('This BIC is not valid');
  await screenshot(page, 'desktop');

  // Kept by the local store: there after a reload, and in the core's own answer.
  await page.reload();
  await expect(page.locator('li.ir-field[data-field="seller_name"]').getByRole('textbox')).toHaveValue(
    'Edited Seller GmbH',
  );
  const job = bridge.service.listJobs().find((j) => j.filename === path.basename(XML));
  expect(job?.fields.seller_name).toBe('Edited Seller GmbH');
  await context.close();
});

test('a PDF is reviewed on its page with boxes, and a DATEV file is downloaded', async ({ browser }) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ bypassCSP: true, locale: 'en-GB', acceptDownloads: true });
  const page = await context.newPage();
  await page.addInitScript(DESKTOP_API_SCRIPT);
  // Its own folder: the files are read here whatever the test before did (a copy of a content
  // already read adds nothing).
  const inbox = path.join(temp, 'inbox-pdf');
  mkdirSync(inbox);
  const folders = (await bridge.service.getSettings()).folders;
  bridge.service.setSettings({ folders: [...folders, inbox] });
  for (const f of [PDF, XML]) copyFileSync(f, path.join(inbox, path.basename(f)));

  await page.goto(`${bridge.url}/#/invoices`);
  for (const f of [PDF, XML])
    await expect(page.getByRole('row').filter({ hasText: path.basename(f) })).toContainText('Done', {
      timeout: 240_000,
    });

  // The page is drawn by the core from the file in the watched folder, the boxes over it.
  await page.getByRole('link', { name: path.basename(PDF) }).click();
  const img = page.getByRole('img', { name: /Page 1 of the invoice/ });
  await expect(img).toBeVisible();
  expect(await img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  const boxes = page.locator('.ir-box');
  await expect.poll(() => boxes.count()).toBeGreaterThan(0);
  const pageBox = (await page.getByTestId('page').boundingBox())!;
  const first = (await boxes.first().boundingBox())!;
  expect(first.x).toBeGreaterThanOrEqual(pageBox.x);
  expect(first.y + first.height).toBeLessThanOrEqual(pageBox.y + pageBox.height + 1);
  await screenshot(page, 'desktop-review');

  // The e-invoice's values are confirmed: DATEV writes it, with the numbers typed here.
  await page.getByRole('link', { name: 'Exports' }).click();
  await expect(page.getByRole('heading', { name: 'Exports', level: 1 })).toBeVisible();
  const file = await downloadDatev(page, path.basename(XML), { consultant: '1001', client: '20002' });
  expect(file.startsWith('"EXTF";700;21;"Buchungsstapel"')).toBe(true);
  expect(file.split('\r\n')[0]).toContain(';1001;20002;');
  await expect(page.getByRole('status')).toContainText('Downloaded');
  // The numbers are kept by the local store.
  await page.reload();
  await expect(page.getByLabel('Consultant number')).toHaveValue('1001');
  expect(bridge.service.getLedgerSettings()).toMatchObject({ consultant_no: '1001', client_no: '20002' });
  await context.close();
});
