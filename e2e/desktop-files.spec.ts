// Files in the desktop window (apps/desktop/src/renderer over the real core, through
// support/desktop-bridge.ts, without Electron): two files dropped on the list are listed and read,
// a third comes through the file dialog, one is read again for another country, and one is
// deleted after the confirmation: gone from the store and from the app's folder of added files.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot } from './support/app';
import { DESKTOP_API_SCRIPT, type DesktopBridge, startDesktopBridge } from './support/desktop-bridge';

const XML = path.resolve(repoRoot, '../shared/corpus/einvoice/akretion-factur-x/factur-x-en16931.xml');
const PDF = path.resolve(repoRoot, '../shared/corpus/textpdf/invoice2data/NetpresseInvoice.pdf');

let bridge: DesktopBridge;
let temp: string;
test.beforeAll(async () => {
  temp = mkdtempSync(path.join(tmpdir(), 'ir-e2e-desktop-files-'));
  bridge = await startDesktopBridge(path.join(temp, 'store'));
});
test.afterAll(async () => {
  await bridge?.stop();
  rmSync(temp, { recursive: true, force: true });
});

test('files dropped on the window are read, read again for another country, and deleted', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ bypassCSP: true, locale: 'en-GB' });
  const page = await context.newPage();
  await page.addInitScript(DESKTOP_API_SCRIPT);
  await page.goto(`${bridge.url}/#/invoices`);

  // Two files dropped on the list's drop zone at once, as from a file manager.
  const files = [PDF, XML].map((f) => ({
    name: path.basename(f),
    type: f.endsWith('.pdf') ? 'application/pdf' : 'text/xml',
    base64: readFileSync(f).toString('base64'),
  }));
  const drop = page.locator('.ir-drop');
  await expect(drop).toBeVisible();
  const transfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list)
      dt.items.add(
        new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }),
      );
    return dt;
  }, files);
  await drop.dispatchEvent('dragover', { dataTransfer: transfer });
  await drop.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByTestId('upload-item')).toHaveCount(2);
  for (const f of files) {
    await expect(page.getByTestId('upload-item').filter({ hasText: f.name })).toContainText('Uploaded');
    await expect(page.getByRole('row').filter({ hasText: f.name })).toContainText('Done', {
      timeout: 240_000,
    });
  }
  expect(
    bridge.service
      .listJobs()
      .map((j) => j.filename)
      .sort(),
  ).toEqual([path.basename(XML), path.basename(PDF)].sort());

  // The dialog's way: a copy of a file already read answers the earlier invoice.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles({ name: 'copy.xml', mimeType: 'text/xml', buffer: readFileSync(XML) });
  await expect(page.getByTestId('upload-item').filter({ hasText: 'copy.xml' })).toContainText(
    'Already uploaded',
  );

  // Read again for another country, on the review screen.
  const pdfJob = bridge.service.listJobs().find((j) => j.filename === path.basename(PDF))!;
  expect(pdfJob.country).toBe('de');
  await page.getByRole('link', { name: path.basename(PDF) }).click();
  await expect(page.getByRole('heading', { name: `Invoice ${path.basename(PDF)}` })).toBeVisible();
  await page.getByLabel('Country of the invoice').selectOption('fr');
  await page.getByRole('button', { name: 'Read again' }).click();
  await expect
    .poll(() => bridge.service.getJob(pdfJob.id), { timeout: 240_000 })
    .toMatchObject({ status: 'done', country: 'fr' });
  await expect(page.getByLabel('Country of the invoice')).toHaveValue('fr');

  // Deleted after the confirmation: gone from the list, the store and the app's folder.
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Delete this invoice and its file?');
  await dialog.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: path.basename(XML) })).toContainText('Done');
  await expect(page.getByRole('row').filter({ hasText: path.basename(PDF) })).toHaveCount(0);
  expect(bridge.service.getJob(pdfJob.id)).toBeNull();
  expect(existsSync(pdfJob.path)).toBe(false);
  expect(bridge.service.listJobs().map((j) => j.filename)).toEqual([path.basename(XML)]);
  await context.close();
});
