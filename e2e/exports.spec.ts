// The exports screen in a real browser against the real service: an XRechnung export of an
// invoice that names no buyer reference (BT-10) or buyer electronic address (BT-49) asks for both
// in a short form, downloads once they are given, and the next export asks for nothing; a DATEV
// export of invoices from two fiscal years downloads a zip of two EXTF files, each with its year.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { baseUrl, expectAccessible, repoRoot, screenshot, signIn } from './support/app';

const corpus = path.resolve(repoRoot, '../shared/corpus/einvoice');
const KOSIT = path.join(corpus, 'kosit-xrechnung-testsuite/business-cases/standard/01.01a-INVOICE_ubl.xml');
const FACTURX = path.join(corpus, 'akretion-factur-x/factur-x-en16931.xml');

test.describe.configure({ mode: 'serial' });

let page: Page;
test.beforeAll(async ({ browser }: { browser: Browser }) => {
  page = await (await browser.newContext({ acceptDownloads: true, locale: 'en-GB' })).newPage();
  await signIn(page, 'exports@e2e.example');
});
test.afterAll(async () => page.context().close());

/** Uploads files (name and bytes) through the invoices screen and waits until all are read. */
async function upload(files: { name: string; buffer: Buffer }[]): Promise<void> {
  await page.goto(`${baseUrl()}/app/invoices`);
  await page.locator('input[type=file]').setInputFiles(files.map((f) => ({ ...f, mimeType: 'text/xml' })));
  for (const f of files)
    await expect(page.getByRole('row').filter({ hasText: f.name })).toContainText('Done', {
      timeout: 120_000,
    });
}

const choose = async (name: string) =>
  page.locator('tbody tr').filter({ hasText: name }).getByRole('checkbox').check();

test('an XRechnung export that lacks BT-10 and BT-49 is completed through the form and downloads', async () => {
  const name = 'no-buyer-reference.xml';
  // The KoSIT case as a received invoice that names neither the buyer reference nor where the
  // buyer receives e-invoices.
  const xml = readFileSync(KOSIT, 'utf8')
    .replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '')
    .replace(
      /(<cac:AccountingCustomerParty>\s*<cac:Party>\s*)<cbc:EndpointID[^>]*>[^<]*<\/cbc:EndpointID>/,
      '$1',
    );
  expect(xml).not.toContain('buyer@info.de');
  await upload([{ name, buffer: Buffer.from(xml) }]);
  await page.goto(`${baseUrl()}/app/exports`);
  await choose(name);
  await page.getByLabel('Export as').selectOption('xrechnung-cii');
  await page.getByRole('button', { name: 'Download XRechnung (CII)' }).click();

  const form = page.getByTestId('fill-in');
  await expect(form.getByRole('heading', { name: `${name}: a few values are missing` })).toBeVisible();
  // Two fields, in words, with where to find them; no codes to decipher.
  await expect(form.getByRole('textbox')).toHaveCount(2);
  await form.getByLabel('Buyer reference (Leitweg-ID)').fill('04011000-1234512345-06');
  await form.getByLabel('Buyer electronic address').fill('not an address');
  await form.getByRole('button', { name: 'Save and export again' }).click();
  // A value the service refuses is said beside its field, and nothing is downloaded.
  await expect(form.getByText(/^an e-mail address, a Leitweg-ID/)).toBeVisible();
  await expect(form.getByLabel('Buyer electronic address')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await screenshot(page, 'exports-fill-in');

  await form.getByLabel('Buyer electronic address').fill('rechnungen@einkauf.example');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    form.getByRole('button', { name: 'Save and export again' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^xrechnung-.+\.xml$/);
  const written = readFileSync((await download.path())!, 'utf8');
  expect(written).toContain('<ram:BuyerReference>04011000-1234512345-06</ram:BuyerReference>');
  expect(written).toContain('<ram:URIID schemeID="EM">rechnungen@einkauf.example</ram:URIID>');
  expect(written).toContain('entered by a person: BT-10, BT-49');
  await expect(page.getByTestId('fill-in')).toHaveCount(0);
  await expect(page.getByTestId('exports-status')).toContainText('Downloaded xrechnung-');

  // The values were kept with the invoice: the next export asks for nothing.
  const [again] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download XRechnung (CII)' }).click(),
  ]);
  expect(again.suggestedFilename()).toBe(download.suggestedFilename());
  await expect(page.getByTestId('fill-in')).toHaveCount(0);
});

test('a DATEV export across two fiscal years downloads a zip of two valid files', async () => {
  const sample = readFileSync(FACTURX, 'utf8');
  expect(sample).toContain('20260131');
  const files = [
    { name: 'datev-2026.xml', buffer: Buffer.from(sample.replace('F20260023', 'F20260077')) },
    {
      name: 'datev-2025.xml',
      buffer: Buffer.from(sample.replace('F20260023', 'F20250077').replaceAll('20260131', '20250815')),
    },
  ];
  await upload(files);
  await page.goto(`${baseUrl()}/app/exports`);
  for (const f of files) await choose(f.name);
  await page.getByLabel('Fiscal year starts in').selectOption({ label: 'January' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download DATEV file' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^EXTF_Buchungsstapel_\d{8}\.zip$/);
  const entries = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  expect(Object.keys(entries)).toEqual([
    'EXTF_Buchungsstapel_WJ20250101.csv',
    'EXTF_Buchungsstapel_WJ20260101.csv',
  ]);
  for (const [entry, bytes] of Object.entries(entries)) {
    // Windows-1252 read as latin1: the header, the 125 column names, one booking per VAT rate.
    const lines = Buffer.from(bytes).toString('latin1').split('\r\n');
    const header = lines[0]!.split(';');
    expect(header.slice(0, 5), entry).toEqual(['"EXTF"', '700', '21', '"Buchungsstapel"', '13']);
    expect(header[12], entry).toBe(entry.slice(22, 30));
    expect(lines[1]!.split(';'), entry).toHaveLength(125);
    expect(lines.at(-1), entry).toBe('');
    const bookings = lines.slice(2, -1);
    expect(bookings.length, entry).toBeGreaterThan(0);
    for (const b of bookings) {
      expect(b.split(';'), entry).toHaveLength(125);
      expect(b, entry).toContain(entry.includes('2025') ? '"F20250077"' : '"F20260077"');
    }
  }
});
