// The invoice screens in a real browser against the real service: an e-invoice (dropped), a text
// PDF and a scan (chosen) each reach `done`; the review screen draws the fields' boxes on the
// page; a field that needs a person is corrected by keyboard and shows confirmed; a DATEV file is
// downloaded with its numbers remembered; axe finds nothing serious on the list and the review.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { baseUrl, downloadDatev, expectAccessible, repoRoot, screenshot, signIn } from './support/app';

const corpus = path.resolve(repoRoot, '../shared/corpus');
const XML = path.join(corpus, 'einvoice/akretion-factur-x/factur-x-en16931.xml');
const PDF = path.join(corpus, 'textpdf/invoice2data/AmazonWebServices.pdf');
const SCAN = path.join(corpus, 'scans/ferd-zugferd-2.0/zugferd_2p0_MINIMUM.png');

/** A value each kind of field accepts, for a field whose value as read is refused. */
const VALID: [RegExp, string][] = [
  [/_date$/, '2026-01-15'],
  [/_amount$/, '100.00'],
  [/^currency$/, 'EUR'],
  [/_iban$/, 'DE89370400440532013000'],
  [/_bic$/, 'COBADEFFXXX'],
  [/_vat_id$/, 'DE136695976'],
  [/.*/, 'Corrected by hand'],
];

test.describe.configure({ mode: 'serial' });

let page: Page;
test.beforeAll(async ({ browser }: { browser: Browser }) => {
  // A context of its own (axe needs one made by newContext).
  page = await (await browser.newContext({ acceptDownloads: true, locale: 'en-GB' })).newPage();
  await signIn(page, 'ines@e2e.example');
});
test.afterAll(async () => page.context().close());

/** Drops a file on the upload zone as a mouse would (a DataTransfer holding it). */
async function dropFile(p: Page, file: string): Promise<void> {
  const b64 = readFileSync(file).toString('base64');
  const dt = await p.evaluateHandle(
    ({ name, data }) => {
      const t = new DataTransfer();
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      t.items.add(new File([bytes], name, { type: 'text/xml' }));
      return t;
    },
    { name: path.basename(file), data: b64 },
  );
  await p.locator('.ir-drop').dispatchEvent('drop', { dataTransfer: dt });
}

test('uploads an e-invoice, a text PDF and a scan, and each is read to done', async () => {
  test.setTimeout(600_000);
  await page.goto(`${baseUrl()}/app/invoices`);
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await dropFile(page, XML);
  await page.locator('input[type=file]').setInputFiles([PDF, SCAN]);
  // Each file has its own line in the upload list, which ends in "Uploaded".
  await expect(page.getByTestId('upload-item')).toHaveCount(3);
  await expect(page.getByTestId('upload-item').filter({ hasText: 'Uploaded' })).toHaveCount(3, {
    timeout: 60_000,
  });
  // The list polls by itself until the three are done.
  await expect(page.locator('tr[data-status="done"]')).toHaveCount(3, { timeout: 540_000 });
  for (const f of [XML, PDF, SCAN])
    await expect(page.getByRole('row').filter({ hasText: path.basename(f) })).toContainText('Done');
  await expect(page.getByRole('row').filter({ hasText: path.basename(XML) })).toContainText('E-invoice');
  await expect(page.getByRole('row').filter({ hasText: path.basename(SCAN) })).toContainText('Scan (OCR)');
  // The search narrows the list.
  await page.getByLabel('Search seller or number').fill('zugferd_2p0');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByLabel('Search seller or number').fill('');
  await expectAccessible(page);
  await screenshot(page, 'invoice-list');
});

test('the review screen draws the boxes on the page and a correction shows confirmed', async () => {
  await page.goto(`${baseUrl()}/app/invoices`);
  await page.getByRole('link', { name: path.basename(SCAN) }).click();
  await expect(page.getByRole('heading', { name: `Invoice ${path.basename(SCAN)}` })).toBeVisible();
  const img = page.getByRole('img', { name: /Page 1 of the invoice/ });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  // Boxes sit inside the picture, each named for its field.
  const boxes = page.locator('.ir-box');
  await expect.poll(() => boxes.count()).toBeGreaterThan(0);
  const pageBox = (await page.getByTestId('page').boundingBox())!;
  const first = (await boxes.first().boundingBox())!;
  expect(first.x).toBeGreaterThanOrEqual(pageBox.x);
  expect(first.y + first.height).toBeLessThanOrEqual(pageBox.y + pageBox.height + 1);
  expect(await boxes.first().getAttribute('aria-label')).toMatch(/: .+ \(/);
  // Each box sits exactly on its field's bbox (page fractions of the picture as drawn).
  const jobId = /\/app\/invoices\/(\d+)/.exec(page.url())![1];
  const job = (await (await page.request.get(`${baseUrl()}/api/v1/parse/${jobId}`)).json()) as {
    fields_detailed: { key: string; page: number | null; bbox: [number, number, number, number] | null }[];
  };
  const picture = (await img.boundingBox())!;
  for (const box of await boxes.all()) {
    const key = (await box.getAttribute('data-field'))!;
    const bbox = job.fields_detailed.find((f) => f.key === key)!.bbox!;
    const drawn = (await box.boundingBox())!;
    const want = {
      x: picture.x + Math.min(bbox[0], bbox[2]) * picture.width,
      y: picture.y + Math.min(bbox[1], bbox[3]) * picture.height,
      width: Math.abs(bbox[2] - bbox[0]) * picture.width,
      height: Math.abs(bbox[3] - bbox[1]) * picture.height,
    };
    for (const side of ['x', 'y', 'width', 'height'] as const)
      expect(
        Math.abs(drawn[side] - want[side]),
        `${key} ${side}: ${drawn[side]} vs ${want[side]}`,
      ).toBeLessThanOrEqual(2);
  }

  // The workbench: a field marks its box on the page, a box goes to its field, the page zooms
  // and fits the width again.
  // (A box no other box lies over, so the click reaches it.)
  const free = await boxes.evaluateAll((els) =>
    els.findIndex((el) => {
      const r = el.getBoundingClientRect();
      return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === el;
    }),
  );
  expect(free).toBeGreaterThanOrEqual(0);
  const box = boxes.nth(free);
  const boxKey = (await box.getAttribute('data-field'))!;
  await page.locator(`li.ir-field[data-field="${boxKey}"] label`).hover();
  await expect(box).toHaveClass(/ir-hover/);
  await box.click();
  await expect(page.locator(`li.ir-field[data-field="${boxKey}"] input`)).toBeFocused();
  const fitted = (await page.getByTestId('page').boundingBox())!.width;
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect
    .poll(async () => (await page.getByTestId('page').boundingBox())!.width)
    .toBeGreaterThan(fitted * 1.4);
  await page.getByRole('button', { name: 'Fit width' }).click();
  await expect
    .poll(async () => Math.abs((await page.getByTestId('page').boundingBox())!.width - fitted))
    .toBeLessThan(2);

  await expectAccessible(page);
  await screenshot(page, 'review');
  // The review screen as the public pages and the README show it (`npm run pictures`): in each
  // language, 1280×800, as it first opens.
  const review = page.url().replace(/\?.*$/, '');
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const lang of ['de', 'en', 'ru', 'it']) {
    await page.goto(`${review}?lang=${lang}`);
    await expect(page.locator('li.ir-field[data-status="flagged"]').first()).toBeVisible();
    await expect
      .poll(() =>
        page.locator('[data-testid="page"] img').evaluate((el: HTMLImageElement) => el.naturalWidth),
      )
      .toBeGreaterThan(0);
    // The flagged field in view with its reason, its box outlined on the page.
    const flagged = page.locator('li.ir-field[data-status="flagged"] input').first();
    await flagged.focus();
    await flagged.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.mouse.move(0, 0);
    await page.screenshot({ path: path.join(repoRoot, `reports/screenshots/review-${lang}.png`) });
  }
  await page.goto(`${review}?lang=en`);
  await expect(page.locator('li.ir-field').first()).toBeVisible();

  // A field that needs a person: its reason is said in words; Enter accepts it, or a valid value is typed.
  const open = page.locator('li.ir-field[data-status="flagged"], li.ir-field[data-status="unconfirmed"]');
  await expect.poll(() => open.count()).toBeGreaterThan(0);
  const item = open.first();
  const key = (await item.getAttribute('data-field'))!;
  await expect(item.locator('.ir-reasons li').first()).not.toBeEmpty();
  const input = item.getByRole('textbox');
  await input.focus();
  await page.keyboard.press('Enter');
  const row = page.locator(`li.ir-field[data-field="${key}"]`);
  await expect(
    row.locator('[role=alert]').or(row.locator('.ir-badge', { hasText: 'corrected by you' })),
  ).toBeVisible();
  if (await row.locator('[role=alert]').isVisible()) {
    // The server's reason is shown on the field; a valid value then goes through.
    await input.fill(VALID.find(([re]) => re.test(key))![1]);
    await input.focus();
    await page.keyboard.press('Enter');
  }
  await expect(row).toHaveAttribute('data-status', 'confirmed');
  await expect(row.locator('.ir-badge')).toContainText('Confirmed, corrected by you');
  // The correction is the server's: it is there after a reload.
  await page.reload();
  await expect(page.locator(`li.ir-field[data-field="${key}"]`)).toHaveAttribute('data-status', 'confirmed');

  // Alt+N opens another invoice.
  const here = page.url();
  await page.locator('body').press('Alt+KeyN');
  await expect.poll(() => page.url()).not.toBe(here);
  await expect(page.getByRole('heading', { name: /^Invoice / })).toBeVisible();
});

test('downloads a DATEV file and remembers its numbers', async () => {
  await page.goto(`${baseUrl()}/app/exports`);
  await expect(page.getByRole('heading', { name: 'Exports', level: 1 })).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(3);
  // The e-invoice is read from structured data: every value DATEV needs is confirmed.
  const file = await downloadDatev(page, path.basename(XML), { consultant: '1001', client: '20002' });
  await expect(page.getByText('1 chosen')).toBeVisible();
  expect(file.startsWith('"EXTF";700;21;"Buchungsstapel"')).toBe(true);
  expect(file.split('\r\n')[0]).toContain(';1001;20002;');
  await expect(page.getByRole('status')).toContainText('Downloaded');
  await page.reload();
  await expect(page.getByLabel('Consultant number')).toHaveValue('1001');
  await expect(page.getByLabel('Client number')).toHaveValue('20002');
});

test('each refused file says why beside its name, and nothing is added', async () => {
  await page.goto(`${baseUrl()}/app/invoices`);
  await expect(page.locator('tbody tr')).toHaveCount(3);
  // The free scanned parse went to the first scan: a second one needs a plan (402).
  await page.locator('input[type=file]').setInputFiles([
    {
      name: 'ZUGFeRD_1p0_COMFORT_Einfach.png',
      mimeType: 'image/png',
      buffer: readFileSync(path.join(corpus, 'scans/ferd-zugferd-1.0/ZUGFeRD_1p0_COMFORT_Einfach.png')),
    },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some words, not an invoice') },
  ]);
  await expect(
    page.getByTestId('upload-item').filter({ hasText: 'ZUGFeRD_1p0_COMFORT_Einfach.png' }).getByRole('alert'),
  ).toHaveText('Your plan has no scanned invoices left: choose a plan to read scans and photos.');
  // ... with the way to the plans beside it.
  await expect(
    page
      .getByTestId('upload-item')
      .filter({ hasText: 'ZUGFeRD_1p0_COMFORT_Einfach.png' })
      .getByRole('link', { name: 'Choose a plan' }),
  ).toHaveAttribute('href', '/app/plans');
  await expect(
    page.getByTestId('upload-item').filter({ hasText: 'notes.txt' }).getByRole('alert'),
  ).toHaveText('This is not a PDF, JPG, PNG or XML file.');
  await page.reload();
  await expect(page.locator('tbody tr')).toHaveCount(3);
});

test('reads an invoice again with another country, and deletes it after a confirmation', async () => {
  await page.goto(`${baseUrl()}/app/invoices`);
  await page.getByRole('link', { name: path.basename(PDF) }).click();
  await expect(page.locator('li.ir-field[data-field="seller_iban"]')).toBeVisible();
  await page.getByLabel('Country of the invoice').selectOption('us');
  await page.getByRole('button', { name: 'Read again' }).click();
  // The US field set (B) replaces the German one once the new read is done.
  await expect(page.locator('li.ir-field[data-field="vendor_name"]')).toBeVisible({ timeout: 120_000 });
  await expect(page.locator('li.ir-field[data-field="seller_iban"]')).toHaveCount(0);

  const del = page.getByRole('button', { name: 'Delete' });
  await del.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Delete this invoice and its file?');
  // Focus starts on Cancel: Enter alone never deletes.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // Escape closes it, and the focus is back on Delete.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(del).toBeFocused();
  await del.click();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page).toHaveURL(/\/app\/invoices$/);
  await expect(page.locator('tbody tr')).toHaveCount(2);
  await expect(page.getByRole('link', { name: path.basename(PDF) })).toHaveCount(0);
});

test('the screens speak the chosen language, with amounts and dates in its form', async () => {
  await page.goto(`${baseUrl()}/app/invoices?lang=de`);
  await expect(page.getByRole('heading', { name: 'Rechnungen', level: 1 })).toBeVisible();
  const scan = page.getByRole('row').filter({ hasText: path.basename(SCAN) });
  await expect(scan).toContainText('Fertig');
  await expect(scan).toContainText('235,62 €');
  await expect(scan).toContainText('05.03.2018');
  await scan.getByRole('link').click();
  await expect(page.getByRole('button', { name: 'Neu lesen' })).toBeVisible();
  // The field corrected in English above, now in German.
  await expect(page.locator('.ir-badge', { hasText: 'Bestätigt, von Ihnen korrigiert' })).toHaveCount(1);
});

test('a correction is typed the way German writes dates and amounts, and refusals are in German', async () => {
  await page.goto(`${baseUrl()}/app/invoices?lang=de`);
  await page
    .getByRole('row')
    .filter({ hasText: path.basename(SCAN) })
    .getByRole('link')
    .click();
  await expect(page.getByRole('button', { name: 'Neu lesen' })).toBeVisible();
  const jobId = /\/app\/invoices\/(\d+)/.exec(page.url())![1];
  const stored = async (key: string) =>
    (
      (await (await page.request.get(`${baseUrl()}/api/v1/parse/${jobId}`)).json()) as {
        fields: Record<string, string>;
      }
    ).fields[key];
  const patches: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH') patches.push(r.postData() ?? '');
  });
  const row = (key: string) => page.locator(`li.ir-field[data-field="${key}"]`);
  const enter = async (key: string, value: string) => {
    const input = row(key).getByRole('textbox');
    await input.fill(value);
    await input.focus();
    await page.keyboard.press('Enter');
  };

  // A date that could be 1920 or 2020 is not guessed: the form expected is said, nothing is sent.
  await enter('due_date', '5.3.20');
  await expect(row('due_date').getByRole('alert')).toHaveText(
    'Bitte das Datum als TT.MM.JJJJ oder JJJJ-MM-TT eingeben, z. B. 05.03.2020.',
  );
  expect(patches).toEqual([]);
  await enter('due_date', '06.03.2018');
  await expect(row('due_date')).toHaveAttribute('data-status', 'confirmed');
  expect(await stored('due_date')).toBe('2018-03-06');

  await enter('gross_amount', '1.235,62');
  await expect(row('gross_amount')).toContainText('1.235,62 €');
  expect(await stored('gross_amount')).toBe('1235.62');
  await enter('gross_amount', '235,62');
  await expect(row('gross_amount')).not.toContainText('1.235,62 €');
  expect(await stored('gross_amount')).toBe('235.62');
  expect(patches.map((p) => JSON.parse(p))).toEqual([
    { due_date: '2018-03-06' },
    { gross_amount: '1235.62' },
    { gross_amount: '235.62' },
  ]);

  // The service's refusal is said in German, by its kind, never in the service's English.
  await enter('seller_iban', 'DE00 1234 5678');
  const refused = row('seller_iban').getByRole('alert');
  await expect(refused).toHaveText(
    'Diese IBAN ist ungültig: bitte Buchstaben und Ziffern mit der Rechnung vergleichen.',
  );
  await expect(refused).not.toContainText('IBAN (');
});

test('e-invoices: the valid one is downloaded, a refused one is listed by file with its fields or asks for what it lacks', async () => {
  // A complete XRechnung beside the e-invoice and the scan above, which XRechnung refuses.
  const KOSIT = path.join(
    corpus,
    'einvoice/kosit-xrechnung-testsuite/business-cases/standard/01.01a-INVOICE_ubl.xml',
  );
  // The e-invoice without its deliver-to party: an intra-community supply that names no
  // deliver-to country, which no one but the seller can give.
  const NO_DELIVER_TO = 'no-deliver-to.xml';
  const noDeliverTo = readFileSync(XML, 'utf8')
    .replace(/<ram:ShipToTradeParty>[\s\S]*?<\/ram:ShipToTradeParty>/, '')
    .replace('F20260023', 'F20260099');
  await page.goto(`${baseUrl()}/app/invoices?lang=de`);
  await page.locator('input[type=file]').setInputFiles([
    { name: path.basename(KOSIT), mimeType: 'text/xml', buffer: readFileSync(KOSIT) },
    { name: NO_DELIVER_TO, mimeType: 'text/xml', buffer: Buffer.from(noDeliverTo) },
  ]);
  for (const name of [path.basename(KOSIT), NO_DELIVER_TO])
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveAttribute('data-status', 'done');
  await page.goto(`${baseUrl()}/app/exports?lang=de`);
  await expect(page).toHaveTitle('Exporte · Invoice Reader');
  for (const f of [KOSIT, NO_DELIVER_TO, SCAN])
    await page
      .locator('tbody tr')
      .filter({ hasText: path.basename(f) })
      .getByRole('checkbox')
      .check();
  // Formats by the names a bookkeeper knows, never the service's internal ones.
  const formats = page.getByLabel('Exportieren als');
  await expect(formats.locator('option')).toHaveText([
    'XRechnung (CII)',
    'XRechnung (UBL)',
    'Peppol BIS (UBL)',
    'FatturaPA',
    'Factur-X / ZUGFeRD (PDF: EN 16931, BASIC WL or MINIMUM)',
  ]);
  await expect(page.getByRole('heading', { name: 'DATEV Buchungsstapel' })).toBeVisible();
  await expect(page.getByRole('button', { name: '1C CSV herunterladen' })).toBeVisible();
  await formats.selectOption({ label: 'XRechnung (CII)' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'XRechnung (CII) herunterladen' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xml$/);
  await expect(page.getByRole('status')).toContainText(download.suggestedFilename());
  const refusals = page.getByTestId('export-refusals');
  await expect(refusals).toContainText('Diese Rechnungen konnten nicht exportiert werden:');
  // The refused ones by their file names: the e-invoice, which nothing typed here completes, with
  // its reasons (a field label, the rule); the scan, which lacks values a person can give, asks
  // for them in a short form named by its file (e2e/exports.spec.ts fills one in).
  const item = refusals.locator(':scope > ul > li').filter({ hasText: NO_DELIVER_TO });
  await expect(item.locator('li').first()).toContainText(/B[TG]-\d+/);
  await expect(refusals.locator(':scope > ul > li')).toHaveCount(1);
  const form = page.getByTestId('fill-in');
  await expect(form.getByRole('heading', { name: new RegExp(path.basename(SCAN)) })).toBeVisible();
  await expect(form.getByLabel('Käuferreferenz (Leitweg-ID)')).toBeVisible();
  await expect(refusals).not.toContainText(/job \d+|buyer_reference|\b[a-z]+_[a-z_]+:/);
});

test('a file that cannot be read says so in words, without a list of fields not found', async () => {
  await page.goto(`${baseUrl()}/app/invoices?lang=de`);
  await page.locator('input[type=file]').setInputFiles([
    {
      name: 'kaputt.xml',
      mimeType: 'text/xml',
      buffer: Buffer.from('<?xml version="1.0"?><Invoice><broken></Invoice>'),
    },
  ]);
  const row = page.getByRole('row').filter({ hasText: 'kaputt.xml' });
  await expect(row).toHaveAttribute('data-status', 'failed');
  await expect(row).toContainText('Die XML-Datei ist beschädigt oder unvollständig.');
  await expect(row).not.toContainText('malformed_xml');
  await row.getByRole('link').click();
  await expect(page).toHaveTitle('Rechnung kaputt.xml · Invoice Reader');
  await expect(page.getByTestId('read-failed')).toContainText(
    'Lesen fehlgeschlagen: Die XML-Datei ist beschädigt oder unvollständig.',
  );
  await expect(page.getByText('Aus dieser Datei wurde nichts gelesen')).toBeVisible();
  await expect(page.locator('li.ir-field')).toHaveCount(0);
  await expect(page.getByText('Auf der Rechnung nicht gefunden')).toHaveCount(0);
});

test('an invoice that does not exist says so, with the way back', async () => {
  for (const id of ['99999', 'abc']) {
    await page.goto(`${baseUrl()}/app/invoices/${id}?lang=en`);
    await expect(
      page.getByRole('heading', { name: 'This invoice does not exist or was deleted.', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText(/The change was not saved/)).toHaveCount(0);
    await expect(page).toHaveTitle('This invoice does not exist or was deleted. · Invoice Reader');
    await page.getByRole('link', { name: 'Back to the list' }).click();
    await expect(page).toHaveURL(/\/app\/invoices$/);
    await expect(page).toHaveTitle('Invoices · Invoice Reader');
  }
});

test('a review opened after the session ended goes to sign-in', async () => {
  await page.goto(`${baseUrl()}/app/invoices?lang=en`);
  const link = page.getByRole('link', { name: path.basename(XML) });
  await expect(link).toBeVisible();
  // The session ends elsewhere; the app learns it from the review's request.
  await page.context().clearCookies();
  await link.click();
  await expect(page).toHaveURL(/\/app\/sign-in\?next=%2Finvoices%2F\d+/);
});
