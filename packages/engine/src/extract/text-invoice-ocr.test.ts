// The text-layer reader on words read by OCR (`source: 'ocr'`): what OCR confuses is put right
// only where other evidence confirms it (a checksum, the IBAN's bank), else kept below the
// confidence bar for a person to confirm. Text layers: text-invoice.test.ts.
import { describe, expect, it } from 'vitest';
import { runChecks } from '../check/document-checks.js';
import { DISAGREED } from '../ocr/second-read.js';
import { countryOf } from '../project/countries.js';
import { CONFIDENCE_BAR, project } from '../project/field-sets.js';
import { line, page, row } from '../test-support/layout-pages.js';
import { readText as read } from '../test-support/text-invoices.js';

const de = countryOf('de')!;

describe('readTextInvoice: a BIC read by OCR', () => {
  const bicPage = (bic: string) =>
    page([
      line(row(1), ['Rechnung Nr. 4711 vom 05.03.2014', 0.1, 0.5]),
      line(row(20), ['IBAN: DE89 3704 0044 0532 0130 00', 0.1, 0.5], [`BIC: ${bic}`, 0.55, 0.8]),
    ]);

  it('keeps a BIC with O or I beside a digit in its branch code below the bar', () => {
    const d = read([bicPage('GENODEF1MO4')], { source: 'ocr' });
    expect(d.payment.accounts[0]?.bic).toBe('GENODEF1MO4');
    expect(d.provenance['payment.accounts.0.bic']!.confidence).toBeLessThan(CONFIDENCE_BAR);
  });

  it("confirms it in the spelling of the IBAN's bank when that bank has it but for the confusion", () => {
    // Bank code 70090100 lists GENODEF1M04 (Bundesbank bank code file).
    const hausbank = page([
      line(row(1), ['Rechnung Nr. 4711 vom 05.03.2014', 0.1, 0.5]),
      line(row(20), ['IBAN: DE39 7009 0100 0000 0123 45', 0.1, 0.5], ['BIC: GENODEF1MO4', 0.55, 0.8]),
    ]);
    const d = read([hausbank], { source: 'ocr' });
    expect(d.payment.accounts[0]?.bic).toBe('GENODEF1M04');
    expect(d.provenance['payment.accounts.0.bic']!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
  });

  it("takes the BIC of the IBAN's bank when OCR shows it near the IBAN without its label, even split", () => {
    // Labels too small for a phone photo: read as "Bc" and "mu:"; the BIC in two pieces.
    const photo = (bic: string) =>
      page([
        line(row(1), ['Rechnung Nr. 4711 vom 05.03.2014', 0.1, 0.5]),
        line(row(20), ['mu: DEOB 7009 0100 1234567890', 0.1, 0.5]),
        line(row(21), [`Bc ${bic}`, 0.1, 0.5]),
      ]);
    const d = read([photo('GENODEF 1MO4')], { source: 'ocr' });
    expect(d.payment.accounts).toEqual([{ iban: 'DE08700901001234567890', bic: 'GENODEF1M04' }]);
    expect(d.provenance['payment.accounts.0.bic']!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
    // Another bank's BIC-shaped word there is no evidence: no BIC.
    expect(read([photo('COBA DEFFXXX')], { source: 'ocr' }).payment.accounts).toEqual([
      { iban: 'DE08700901001234567890' },
    ]);
  });

  it('confirms such a BIC from a text layer, and a BIC without the confusion from OCR', () => {
    const typed = read([bicPage('GENODEF1MO4')]);
    expect(typed.provenance['payment.accounts.0.bic']!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
    const clean = read([bicPage('GENODEF1M04')], { source: 'ocr' });
    expect(clean.provenance['payment.accounts.0.bic']!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
  });
});

describe('readTextInvoice: a party heading OCR misread', () => {
  const photo = page([
    line(row(1), ['Rechnung Nr. 4711 vom 05.03.2014', 0.1, 0.5]),
    line(row(3), ['Verkäufer', 0.1, 0.3]),
    line(row(4), ['Name: Lieferant GmbH', 0.1, 0.4]),
    line(row(6), ['Käufer [Leistungsemgfänger', 0.1, 0.4]),
    line(row(7), ['Nummer: GE2020211', 0.1, 0.4]),
    line(row(8), ['Name: Kunden AG Mitte', 0.1, 0.4]),
  ]);

  it("reads the buyer's name under it on an OCR'd page, not on a text layer", () => {
    expect(read([photo], { source: 'ocr' }).buyer.name).toBe('Kunden AG Mitte');
    expect(read([photo]).buyer.name).toBeUndefined();
  });
});

describe("readTextInvoice: a buyer's heading OCR could not read", () => {
  const form = (heading: string, seller = 'Name: Lieferant GmbH') =>
    page([
      line(row(1), ['Rechnung Nr. 471102 vom 05.03.2018', 0.1, 0.5]),
      line(row(3), ['Verkäufer', 0.1, 0.3]),
      line(row(4), [seller, 0.1, 0.4]),
      line(row(5), ['Anschrift: Lieferantenstraße 20', 0.1, 0.4]),
      line(row(9), [heading, 0.1, 0.4]),
      line(row(10), ['Nummer: GE2020211', 0.1, 0.4]),
      line(row(11), ['Name: Kunden AG Mitte', 0.1, 0.4]),
      line(row(12), ['Anschrift: Kundenstraße 15', 0.1, 0.4]),
    ]);

  it("reads the next \"Name:\" block below the seller's as the buyer's on an OCR'd page", () => {
    const d = read([form('ee')], { source: 'ocr' });
    expect(d.seller.name).toBe('Lieferant GmbH');
    expect(d.buyer.name).toBe('Kunden AG Mitte');
    // A text layer reads its headings as printed: a block without one is no buyer's.
    expect(read([form('ee')]).buyer.name).toBeUndefined();
  });

  it('takes no label whose colon OCR set apart with its value for the name ("Stee : 549910")', () => {
    const d = read(
      [
        page([
          line(row(1), ['Rechnung Nr. 471102 vom 05.03.2018', 0.1, 0.5]),
          line(row(3), ['Verkaufer:', 0.1, 0.3]),
          line(row(4), ['Stee', 0.1, 0.16], [': 549910', 0.2, 0.3]),
          line(row(5), ['MUSTER-Autovermietung', 0.1, 0.4]),
        ]),
      ],
      { source: 'ocr' },
    );
    expect(d.seller.name).toBe('MUSTER-Autovermietung');
  });

  it("not below another party's heading, nor when the seller's block is no form with a Name row", () => {
    expect(read([form('Zahlungsempfänger')], { source: 'ocr' }).buyer.name).toBeUndefined();
    expect(read([form('ee', 'Lieferant GmbH')], { source: 'ocr' }).buyer.name).toBeUndefined();
    // The line above the Name row is itself a labelled row, not a heading.
    expect(read([form('Telefon: 0211 4711')], { source: 'ocr' }).buyer.name).toBeUndefined();
  });
});

describe('readTextInvoice: a currency known only from a symbol OCR read', () => {
  const dollarPage = (total: string) =>
    page([
      line(row(1), ['Rechnung Nr. 4711 vom 05.03.2014', 0.1, 0.5]),
      line(row(10), ['Gesamtbetrag', 0.1, 0.3], [total, 0.6, 0.8]),
    ]);

  it('keeps a foreign currency read from a "$" by OCR below the bar (a smudged € may read so)', () => {
    const d = read([dollarPage('119,00 $')], { source: 'ocr', country: 'DE' });
    expect(d.currency).toBe('USD');
    expect(d.provenance.currency!.confidence).toBeLessThan(CONFIDENCE_BAR);
    // Below the level at which another read's value counts as a disagreement: such a guess does
    // not unsettle a code a second read saw under its label (second-read.ts).
    expect(d.provenance.currency!.confidence).toBeLessThan(DISAGREED);
  });

  it('confirms it from a text layer, or when its code is written too', () => {
    const typed = read([dollarPage('119,00 $')], { country: 'DE' });
    expect(typed.provenance.currency!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
    const coded = read(
      [
        page([
          line(row(1), ['Rechnung Nr. 4711 vom 05.03.2014', 0.1, 0.5]),
          line(row(10), ['Gesamtbetrag', 0.1, 0.3], ['119,00 $', 0.6, 0.8]),
          line(row(12), ['Alle Beträge in USD', 0.1, 0.5]),
        ]),
      ],
      { source: 'ocr', country: 'DE' },
    );
    expect(coded.currency).toBe('USD');
    expect(coded.provenance.currency!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
  });
});

describe('readTextInvoice: a currency code OCR read a letter off under its label', () => {
  const coded = (code: string, total = '119,00') =>
    page([
      line(row(1), ['Rechnung Nr. 4711 vom 05.03.2014', 0.1, 0.5]),
      line(row(3), [`Währung: ${code}`, 0.1, 0.3]),
      line(row(10), ['Gesamtbetrag', 0.1, 0.3], [total, 0.6, 0.8]),
    ]);

  it("reads it as the receiving country's currency on an OCR'd page", () => {
    for (const code of ['tur', 'fur', 'EUA']) {
      const d = read([coded(code)], { source: 'ocr', country: 'DE' });
      expect(d.currency).toBe('EUR');
      expect(d.provenance.currency!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
    }
  });

  it('not two letters off, not another written currency, not without a country, not on a text layer', () => {
    const confirmed = (d: ReturnType<typeof read>) =>
      (d.provenance.currency?.confidence ?? 0) >= CONFIDENCE_BAR ? d.currency : undefined;
    expect(confirmed(read([coded('tum')], { source: 'ocr', country: 'DE' }))).toBeUndefined();
    expect(confirmed(read([coded('tur', '119,00 USD')], { source: 'ocr', country: 'DE' }))).toBe('USD');
    expect(confirmed(read([coded('tur')], { source: 'ocr' }))).toBeUndefined();
    expect(confirmed(read([coded('tur')], { country: 'DE' }))).toBeUndefined();
  });
});

describe('readTextInvoice: an invoice number OCR may have cut at a dropped underscore', () => {
  const numbered = (title: string) => page([line(row(1), [title, 0.1, 0.5], ['05.03.2014', 0.7, 0.8])]);

  it('keeps the first group below the bar when another group with digits follows it', () => {
    // "UC1_2023020_AFF" read "UC1 2023020 AFF": the underscores sat on the baseline.
    for (const title of ['Facture N° UC1 2023020 AFF', 'Rechnungsnummer: UC1 2023020 AFF']) {
      const d = read([numbered(title)], { source: 'ocr' });
      expect(d.number).toBe('UC1');
      expect(d.provenance.number!.confidence).toBeLessThan(CONFIDENCE_BAR);
    }
  });

  it('confirms it when a word or a date follows, and from a text layer', () => {
    for (const title of ['Facture N° UC1_2023020 du 05.03.2014', 'Rechnungsnummer: 4711 vom 05.03.2014']) {
      const d = read([numbered(title)], { source: 'ocr' });
      expect(d.provenance.number!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
    }
    const typed = read([numbered('Facture N° UC1 2023020 AFF')]);
    expect(typed.provenance.number!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
  });
});

describe('readTextInvoice: an invoice number whose first letter OCR read as a symbol', () => {
  // "FACTURE N° F20220023" read "FACTURE N° #20220023" on a phone photo: a number word and a "#"
  // together are no way to print a number.
  const labelled = (label: string, value: string) =>
    page([line(row(1), [label, 0.1, 0.3], [value, 0.32, 0.5], ['05.03.2014', 0.7, 0.8])]);

  it('keeps the number below the bar after a number word and a "#"', () => {
    for (const [label, value] of [
      ['FACTURE N°', '#20220023'],
      ['Rechnung Nr.', '#20220023'],
    ] as const) {
      const d = read([labelled(label, value)], { source: 'ocr' });
      expect(d.number, value).toBe(value.slice(1));
      expect(d.provenance.number!.confidence, value).toBeLessThan(CONFIDENCE_BAR);
    }
  });

  it('confirms a number after "#" alone, or from a text layer', () => {
    const hashed = read([labelled('Invoice', '#20220023')], { source: 'ocr' });
    expect(hashed.provenance.number!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
    const typed = read([labelled('FACTURE N°', '#20220023')]);
    expect(typed.provenance.number!.confidence).toBeGreaterThanOrEqual(CONFIDENCE_BAR);
  });
});

describe('readTextInvoice: an IBAN OCR misread', () => {
  // DE89 3704 0044 0532 0130 00 with one digit misread, its label read "(BAN:".
  const misread = page([
    line(row(1), ['Rechnung Nr. 4711 vom 05.03.2014', 0.1, 0.5]),
    line(row(20), ['(BAN: DE89 3704 0044 0532 0180 00', 0.1, 0.5], ['BIC: COBADEFFXXX', 0.55, 0.8]),
  ]);

  it('takes an IBAN of the right length whose checksum fails from OCR, flagged, without its BIC', () => {
    const d = read([misread], { source: 'ocr' });
    expect(d.payment.accounts).toEqual([{ iban: 'DE89370400440532018000' }]);
    const { fields_detailed } = project(d, runChecks(d), de);
    expect(fields_detailed.find((f) => f.key === 'seller_iban')!.status).toBe('flagged');
  });

  it('leaves it out of a text layer, where a number of that shape may be a meter or a contract', () => {
    expect(read([misread]).payment.accounts).toEqual([]);
  });

  it('takes a valid IBAN printed further down instead, with its BIC', () => {
    const both = page([
      line(row(1), ['Rechnung Nr. 4711 vom 05.03.2014', 0.1, 0.5]),
      line(row(5), ['Zähler DE89 3704 0044 0532 0180 00', 0.1, 0.5]),
      line(row(20), ['IBAN: DE89 3704 0044 0532 0130 00', 0.1, 0.5], ['BIC: COBADEFFXXX', 0.55, 0.8]),
    ]);
    expect(read([both], { source: 'ocr' }).payment.accounts).toEqual([
      { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    ]);
  });
});
