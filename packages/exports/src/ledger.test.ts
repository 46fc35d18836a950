import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readInvoice, shutdownWorkers } from '@invoice-reader/engine';
import { unzipSync } from 'fflate';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExportJob, ExportRefused } from './input.js';
import { belegfeld1, DATEV_COLUMNS, fiscalYearOf, writeLedgerDe } from './ledger-de.js';
import { LEDGER_RU_HEADER, writeLedgerRu } from './ledger-ru.js';
import { datevAmount, readDatev } from './test-support/datev-reader.js';

const corpus = path.resolve(fileURLToPath(new URL('../../../../shared/corpus', import.meta.url)));
const SAMPLE = path.join(corpus, 'einvoice/akretion-factur-x/factur-x-en16931.xml');

let job: ExportJob;
beforeAll(async () => {
  const r = await readInvoice(readFileSync(SAMPLE), { country: 'de' });
  if (r.status !== 'done' || !r.document) throw new Error('the sample did not read');
  job = {
    jobId: 7,
    country: 'DE',
    fields: r.fields,
    fields_detailed: r.fields_detailed,
    document: r.document,
  };
});
afterAll(() => shutdownWorkers());

const opts = { consultant_no: '1001', client_no: '42', account: '1200', contra_account: '8400', bu_key: '' };
const now = new Date('2026-11-24T10:11:12.345Z');

describe('ledger-de (DATEV EXTF Buchungsstapel 700)', () => {
  it('writes the header field by field', () => {
    const file = writeLedgerDe([job], { ...opts, now });
    const text = iconv.decode(file.bytes, 'win1252');
    const header = text.split('\r\n')[0]!.split(';');
    expect(header).toHaveLength(31);
    expect(header.slice(0, 6)).toEqual([
      '"EXTF"',
      '700',
      '21',
      '"Buchungsstapel"',
      '13',
      '20261124101112345',
    ]);
    expect(header[10]).toBe('1001'); // Beraternummer
    expect(header[11]).toBe('42'); // Mandantennummer
    expect(header[12]).toBe('20260101'); // WJ-Beginn
    expect(header[13]).toBe('4'); // Sachkontenlänge
    expect([header[14], header[15]]).toEqual(['20260131', '20260131']); // Datum vom, bis
    expect(header[16]).toBe('"Eingangsrechnungen"'); // Bezeichnung
    expect(header[18]).toBe('1'); // Buchungstyp: Finanzbuchführung
    expect(header[21]).toBe('"EUR"'); // WKZ
    expect(file.filename).toBe('EXTF_Buchungsstapel_20261124.csv');
    expect(text.split('\r\n')[1]!.split(';')).toEqual([...DATEV_COLUMNS]);
    expect(DATEV_COLUMNS).toHaveLength(125);
  });

  it('encodes in Windows-1252 with CRLF, byte for byte', () => {
    const umlauts = { ...job, fields: { ...job.fields, seller_name: 'Müller & Söhne GmbH – Köln ✓' } };
    const file = writeLedgerDe([umlauts], { ...opts, now });
    const bytes = file.bytes;
    // "Müller": M, 0xFC, l, l, e, r; the en dash is 0x96 in Windows-1252; the check mark has no byte.
    const at = bytes.indexOf(Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]));
    expect(at).toBeGreaterThan(0);
    expect(bytes.includes(Buffer.from([0x53, 0xf6, 0x68, 0x6e, 0x65]))).toBe(true); // Söhne
    expect(bytes.includes(0x96)).toBe(true);
    expect(bytes.includes(Buffer.from('\u00c3'))).toBe(false); // no UTF-8 bytes
    // Header, columns and one booking per VAT entry of the sample (20 %, 0 % exempt, 10 %, 0 % EU).
    const crlf = [...bytes.entries()].filter(([, b]) => b === 0x0a);
    expect(crlf.length).toBe(6);
    for (const [i] of crlf) expect(bytes[i - 1]).toBe(0x0d);
    expect(readDatev(bytes).bookings[0]!.Buchungstext).toBe('Müller & Söhne GmbH – Köln ');
  });

  it('is imported booking by booking by an independent reader', () => {
    const file = writeLedgerDe([job], { ...opts, now });
    const { bookings } = readDatev(file.bytes);
    // The sample's four VAT entries, each net plus tax: together the invoice's 104.90.
    expect(bookings.map((b) => datevAmount(b['Umsatz (ohne Soll/Haben-Kz)']!))).toEqual([
      1320, 6000, 2970, 200,
    ]);
    expect(bookings.map((b) => b.Steuersatz)).toEqual(['20,00', '0,00', '10,00', '0,00']);
    for (const b of bookings) {
      expect(b['Soll/Haben-Kennzeichen']).toBe('S');
      expect(b['WKZ Umsatz']).toBe('EUR');
      expect(b.Konto).toBe('1200');
      expect(b['Gegenkonto (ohne BU-Schlüssel)']).toBe('8400');
      expect(b.Belegdatum).toBe('3101');
      expect(b['Belegfeld 1']).toBe('F20260023');
      expect(b.Buchungstext).toBe('LE FOURNISSEUR');
      // French rates have no SKR03 input tax key: none is written rather than a wrong one.
      expect(b['BU-Schlüssel']).toBe('');
    }
    const single = readDatev(
      writeLedgerDe([{ ...job, document: { ...job.document, vat_breakdown: [] } }], { ...opts, bu_key: '9' })
        .bytes,
    );
    expect(single.bookings.map((b) => [b['Umsatz (ohne Soll/Haben-Kz)'], b['BU-Schlüssel']])).toEqual([
      ['104,90', '9'],
    ]);
  });

  it('books one line per VAT rate when the invoice has several, with the matching BU key', () => {
    const twoRates: ExportJob = {
      ...job,
      fields: { ...job.fields, gross_amount: '226.00' },
      document: {
        ...job.document,
        vat_breakdown: [
          { rate: '19', taxable: '100.00', tax: '19.00' },
          { rate: '7', taxable: '100.00', tax: '7.00' },
        ],
      },
    };
    const { bookings } = readDatev(writeLedgerDe([twoRates], { ...opts, now }).bytes);
    expect(bookings.map((b) => [b['Umsatz (ohne Soll/Haben-Kz)'], b['BU-Schlüssel'], b.Steuersatz])).toEqual([
      ['119,00', '9', '19,00'],
      ['107,00', '8', '7,00'],
    ]);
  });

  it('cuts Belegfeld 1 to what DATEV takes', () => {
    expect(belegfeld1('RE 2024/0001_ä#x')).toBe('RE2024/0001x');
    expect(belegfeld1('A'.repeat(50))).toHaveLength(36);
  });

  it('refuses an unconfirmed amount, naming job and field', () => {
    const unsure: ExportJob = { ...job, jobId: 8, fields: { ...job.fields, gross_amount: '' } };
    try {
      writeLedgerDe([job, unsure], opts);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ExportRefused);
      const r = (err as ExportRefused).refusals;
      expect(r).toEqual([expect.objectContaining({ job_id: 8, field: 'gross_amount' })]);
    }
  });

  it('writes invoices of two fiscal years as a zip of one file per year, each with its header', () => {
    const nextYear: ExportJob = { ...job, jobId: 9, fields: { ...job.fields, invoice_date: '2027-01-02' } };
    const file = writeLedgerDe([job, nextYear], { ...opts, now });
    expect([file.filename, file.contentType]).toEqual([
      'EXTF_Buchungsstapel_20261124.zip',
      'application/zip',
    ]);
    const entries = unzipSync(new Uint8Array(file.bytes));
    expect(Object.keys(entries)).toEqual([
      'EXTF_Buchungsstapel_WJ20260101.csv',
      'EXTF_Buchungsstapel_WJ20270101.csv',
    ]);
    const [first, second] = Object.values(entries).map((b) => readDatev(Buffer.from(b)));
    expect([first!.header[12], first!.header[14], first!.header[15]]).toEqual([
      '20260101',
      '20260131',
      '20260131',
    ]);
    expect([second!.header[12], second!.header[14], second!.header[15]]).toEqual([
      '20270101',
      '20270102',
      '20270102',
    ]);
    // Each year has its invoice's bookings (one per VAT rate), as a file of that invoice alone has.
    const alone = readDatev(writeLedgerDe([job], opts).bytes).bookings.length;
    expect([first!.bookings.length, second!.bookings.length]).toEqual([alone, alone]);
  });

  it("respects the fiscal year's start: July to June is one year", () => {
    const july: ExportJob = { ...job, jobId: 10, fields: { ...job.fields, invoice_date: '2025-07-01' } };
    const june: ExportJob = { ...job, jobId: 11, fields: { ...job.fields, invoice_date: '2026-06-30' } };
    const one = writeLedgerDe([july, june], { ...opts, fiscal_year_start: 7, now });
    expect(one.filename).toBe('EXTF_Buchungsstapel_20261124.csv');
    const header = iconv.decode(one.bytes, 'win1252').split('\r\n')[0]!.split(';');
    expect([header[12], header[14], header[15]]).toEqual(['20250701', '20250701', '20260630']);
    // The same two invoices in calendar years: two files.
    expect(writeLedgerDe([july, june], { ...opts, now }).filename).toMatch(/\.zip$/);
    expect(fiscalYearOf('2026-06-30', 7)).toBe('2025-07-01');
    expect(fiscalYearOf('2026-07-01', 7)).toBe('2026-07-01');
  });
});

describe('ledger-ru (1C CSV)', () => {
  it('writes a BOM, the Russian header and a row per invoice', () => {
    const ru: ExportJob = {
      ...job,
      fields: { ...job.fields, seller_name: 'ООО "Ромашка"; склад', invoice_date: '2024-04-05' },
      document: {
        ...job.document,
        seller: { ...job.document.seller, inn: '7707083893', kpp: '773601001' },
        vat_breakdown: [],
        payment: { accounts: [{ account: '40702810900000000001', bik: '044525225' }] },
      },
    };
    const file = writeLedgerRu([ru]);
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(LEDGER_RU_HEADER.join(';'));
    expect(lines[0]).toBe(
      'Дата;Номер;Поставщик;ИНН поставщика;КПП поставщика;БИК;Расчётный счёт;Сумма без НДС;Ставка НДС;Сумма НДС;Сумма с НДС;Валюта',
    );
    expect(lines[1]).toBe(
      '05.04.2024;F20260023;"ООО ""Ромашка""; склад";7707083893;773601001;044525225;40702810900000000001;100,00;;4,90;104,90;EUR',
    );
    expect(lines[2]).toBe('');
  });
});
