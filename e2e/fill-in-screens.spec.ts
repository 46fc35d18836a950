// The exports screen's fill-in form with the terms it asks beside the parties' (a deliver-to
// place's city and post code, a card's network, the invoice a credit note corrects): two invoices
// exported to Peppol at once, a German card payment delivered to a place printed without city or
// post code and a Dutch seller's credit note that names no corrected invoice, give two forms. Each
// language of the app is photographed at a phone's and a desktop's width
// (reports/screenshots/fill-in-{lang}-{width}.png), and the forms are used by keyboard alone: Tab
// reaches every field in the order shown, each is named by its label, a refused value is said under
// its field, which takes the focus, and Enter saves and downloads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { de } from '../packages/ui/src/i18n/de';
import { en, type UiTexts } from '../packages/ui/src/i18n/en';
import { it as itTexts } from '../packages/ui/src/i18n/it';
import { ru } from '../packages/ui/src/i18n/ru';
import { baseUrl, expectAccessible, repoRoot, signIn } from './support/app';
import { expectVisibleFocus, tabTo } from './support/keyboard';
import { expectFitsWidth } from './support/layout';

const KOSIT = path.resolve(
  repoRoot,
  '../shared/corpus/einvoice/kosit-xrechnung-testsuite/business-cases/standard/01.01a-INVOICE_uncefact.xml',
);
const LANGS: Record<string, UiTexts> = { de, en, ru, it: itTexts };
const CARD = 'card-payment.xml';
const CREDIT = 'credit-note-nl.xml';

test.describe.configure({ mode: 'serial' });

let page: Page;
test.beforeAll(async ({ browser }: { browser: Browser }) => {
  page = await (await browser.newContext({ acceptDownloads: true, locale: 'en-GB' })).newPage();
  await signIn(page, 'fill-in-screens@e2e.example');
  const kosit = readFileSync(KOSIT, 'utf8');
  // Paid by card (its last digits and holder, no network: CII has no place for one) and delivered
  // to a store whose address is printed without city or post code.
  const card = kosit
    .replace(
      '<ram:ApplicableHeaderTradeDelivery/>',
      '<ram:ApplicableHeaderTradeDelivery><ram:ShipToTradeParty><ram:Name>Lager Nord</ram:Name><ram:PostalTradeAddress><ram:LineOne>Hafenstraße 5</ram:LineOne><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress></ram:ShipToTradeParty></ram:ApplicableHeaderTradeDelivery>',
    )
    .replace(
      /<ram:TypeCode>58<\/ram:TypeCode>\s*<ram:PayeePartyCreditorFinancialAccount>[\s\S]*?<\/ram:PayeePartyCreditorFinancialAccount>/,
      '<ram:TypeCode>54</ram:TypeCode><ram:ApplicableTradeSettlementFinancialCard><ram:ID>1234</ram:ID><ram:CardholderName>Erika Mustermann</ram:CardholderName></ram:ApplicableTradeSettlementFinancialCard>',
    );
  // A Dutch seller's credit note that does not say which invoice it corrects.
  const credit = kosit
    .replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>381</ram:TypeCode>')
    .replace(/<ram:SpecifiedLegalOrganization>[\s\S]*?<\/ram:SpecifiedLegalOrganization>/, '')
    .replace(
      /(<ram:SellerTradeParty>[\s\S]*?)<ram:CountryID>DE<\/ram:CountryID>/,
      '$1<ram:CountryID>NL</ram:CountryID>',
    )
    .replace('<ram:ID schemeID="VA">DE 123456789</ram:ID>', '<ram:ID schemeID="VA">NL123456789B01</ram:ID>');
  expect(card).toContain('ApplicableTradeSettlementFinancialCard');
  expect(credit).toContain('NL123456789B01');
  await page.goto(`${baseUrl()}/app/invoices`);
  await page.locator('input[type=file]').setInputFiles([
    { name: CARD, mimeType: 'text/xml', buffer: Buffer.from(card) },
    { name: CREDIT, mimeType: 'text/xml', buffer: Buffer.from(credit) },
  ]);
  for (const name of [CARD, CREDIT])
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Done', { timeout: 120_000 });
});
test.afterAll(async () => page.context().close());

/** Opens the exports screen in `lang`, exports both invoices to Peppol and waits for the forms. */
async function openForms(lang: string): Promise<Locator> {
  const t = LANGS[lang]!;
  await page.goto(`${baseUrl()}/app/exports?lang=${lang}`);
  for (const name of [CARD, CREDIT])
    await page.locator('tbody tr').filter({ hasText: name }).getByRole('checkbox').check();
  const select = page.getByLabel(t.review.export, { exact: true });
  await select.selectOption('peppol-ubl');
  const format = (await select.locator('option:checked').textContent())!;
  await page.getByRole('button', { name: t.exports.download_einvoice.replace('{{format}}', format) }).click();
  const forms = page.getByTestId('fill-in');
  await expect(forms).toHaveCount(2);
  return forms;
}

/**
 * A picture of `part` as it stands on the whole page (reports/screenshots/`name`.png): the window
 * made as tall as the page, so that the fixed header stays at its top and not over the part.
 */
async function photograph(part: Locator, name: string): Promise<void> {
  const size = page.viewportSize()!;
  await page.evaluate(() => window.scrollTo(0, 0));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height });
  const box = (await part.boundingBox())!;
  await page.screenshot({ path: path.join(repoRoot, 'reports/screenshots', `${name}.png`), clip: box });
  await page.setViewportSize(size);
}

for (const lang of Object.keys(LANGS))
  test(`the fill-in forms in ${lang} at a phone's and a desktop's width`, async () => {
    const t = LANGS[lang]!;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const forms = await openForms(lang);
      const card = forms.filter({ hasText: CARD });
      const credit = forms.filter({ hasText: CREDIT });
      await expect(card.getByRole('heading')).toHaveText(t.exports.fill_in_title.replace('{{name}}', CARD));
      // The card payment asks for the delivery place's city and post code and the card's network
      // (and Peppol ids for both parties); the credit note for the invoice it corrects.
      await expect(card.getByRole('textbox')).toHaveCount(5);
      await expect(credit.getByRole('textbox')).toHaveCount(3);
      for (const term of ['(BT-77)', '(BT-78)', '(BT-34)', '(BT-49)']) await expect(card).toContainText(term);
      await expect(credit).toContainText('(BT-25)');
      await expectFitsWidth(page, `fill-in ${lang} ${width}`);
      if (width === 390) await expectAccessible(page);
      await photograph(page.locator('section').filter({ has: forms.first() }), `fill-in-${lang}-${width}`);
    }
  });

/** The focused element's accessible name (its label, for an input) and role. */
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const labelled = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : undefined;
    return `${el.tagName.toLowerCase()}: ${(labelled ?? el.textContent ?? '').trim()}`;
  });

test('the forms are filled, corrected and sent by keyboard alone', async () => {
  const t = en;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${baseUrl()}/app/exports?lang=en`);
  // Choose both invoices (in the list's order), the format and export, by keyboard.
  await expect(page.locator('tbody tr')).toHaveCount(2);
  const rows = (await page.locator('tbody tr').allTextContents()).join('\n');
  for (const name of [CARD, CREDIT].sort((a, b) => rows.indexOf(a) - rows.indexOf(b))) {
    const box = page.locator('tbody tr').filter({ hasText: name }).getByRole('checkbox');
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  const select = page.getByLabel(t.review.export, { exact: true });
  await tabTo(page, select);
  await page.keyboard.type('Peppol');
  await expect(select).toHaveValue('peppol-ubl');
  await page.keyboard.press('Tab');
  expect(await focused()).toMatch(/^button: Download Peppol/);
  await page.keyboard.press('Enter');
  const forms = page.getByTestId('fill-in');
  await expect(forms).toHaveCount(2);

  // Tab goes through each form's fields as shown, each named by its label, then its button.
  const shown: string[] = [];
  for (const form of await forms.all()) {
    for (const input of await form.locator('input').all()) {
      const id = (await input.getAttribute('id'))!;
      const label = (await form.locator(`label[for="${id}"]`).textContent())!.trim();
      expect(label).not.toBe('');
      // Named by its label, and described by its hint.
      await expect(form.getByLabel(label, { exact: true })).toHaveCount(1);
      await expect(input).toHaveAccessibleDescription(/.+/);
      shown.push(`input: ${label}`);
    }
    shown.push(`button: ${t.exports.fill_in_submit}`);
  }
  const reached: string[] = [];
  await tabTo(page, forms.first().locator('input').first());
  reached.push(await focused());
  for (let i = 1; i < shown.length; i++) {
    await page.keyboard.press('Tab');
    reached.push(await focused());
    await expectVisibleFocus(page.locator(':focus'));
  }
  expect(reached).toEqual(shown);

  // A value the service refuses is said under its field, which takes the focus; Enter sends.
  const credit = forms.filter({ hasText: CREDIT });
  const sellerAddress = credit.getByLabel('Seller electronic address (BT-34)');
  await tabTo(page, credit.getByLabel('Invoice corrected (BT-25)'), 40);
  await page.keyboard.type('RE-2016-17');
  await page.keyboard.press('Tab');
  await page.keyboard.type('not an address');
  await page.keyboard.press('Tab');
  await page.keyboard.type('9930:DE136695976');
  await page.keyboard.press('Enter');
  await expect(sellerAddress).toHaveAttribute('aria-invalid', 'true');
  await expect(sellerAddress).toHaveAccessibleDescription(/e-mail address/);
  await expect(sellerAddress).toBeFocused();
  await expectAccessible(page);
  await photograph(credit, 'fill-in-keyboard-error');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('0088:4000001000005');
  const [written] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  const xml = readFileSync((await written.path())!, 'utf8');
  expect(xml).toContain('<cbc:ID>RE-2016-17</cbc:ID>');
  await expect(forms).toHaveCount(1);

  // The card payment's form: the delivery place, the parties' Peppol ids and the card's network.
  const card = forms.filter({ hasText: CARD });
  await tabTo(page, card.locator('input').first(), 40);
  for (const value of ['Hamburg', '20095', '0088:4000001000005', '9930:DE136695976']) {
    await page.keyboard.type(value);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.type('VISA');
  const [second] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  const ubl = readFileSync((await second.path())!, 'utf8');
  expect(ubl).toContain('<cbc:CityName>Hamburg</cbc:CityName>');
  expect(ubl).toContain('<cbc:NetworkID>VISA</cbc:NetworkID>');
  await expect(forms).toHaveCount(0);
});
