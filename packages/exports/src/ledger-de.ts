// DATEV's EXTF Buchungsstapel (format version 700, category 21, format version 13), as DATEV's
// published format description defines it: a header line (every field in its place), the column
// line of the 125 columns, one booking per invoice or per VAT rate; Windows-1252, CRLF, `;`,
// decimal comma, `Belegdatum` as DDMM. A value DATEV cannot take is refused, never written wrong.
// A file holds one fiscal year (its header names the year's start): invoices of several fiscal
// years give one file per year, together in a zip.
import iconv from 'iconv-lite';
import {
  confirmed,
  decimalComma,
  type ExportFile,
  type ExportJob,
  ExportRefused,
  type Refusal,
  rateLines,
} from './input.js';
import { zipFiles } from './zip.js';

export interface LedgerDeOptions {
  consultant_no: string;
  client_no: string;
  /** The account booked (Konto), e.g. 1200. */
  account: string;
  /** The contra account (Gegenkonto), e.g. 8400. */
  contra_account: string;
  /** The BU key for every booking; empty: by VAT rate (SKR03 input tax keys). */
  bu_key: string;
  /** The month (1-12) the fiscal year starts in; default 1 (the calendar year). */
  fiscal_year_start?: number;
  /** Creation time in the header (for tests; default now). */
  now?: Date;
}

/** The 125 columns of Buchungsstapel 700/13, in order. */
export const DATEV_COLUMNS: readonly string[] = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...Array.from({ length: 8 }, (_, i) => [`Beleginfo - Art ${i + 1}`, `Beleginfo - Inhalt ${i + 1}`]).flat(),
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  ...Array.from({ length: 20 }, (_, i) => [
    `Zusatzinformation - Art ${i + 1}`,
    `Zusatzinformation- Inhalt ${i + 1}`,
  ]).flat(),
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Mitgliedstaat (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Buchungs GUID',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Land u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
];

/** SKR03 keys of input tax (Vorsteuer) by rate, used when no BU key is given. */
const INPUT_TAX_KEYS: Record<string, string> = { '19': '9', '7': '8', '16': '7', '5': '6' };

/** Belegfeld 1: DATEV takes at most 36 of letters, digits and `$ & % * + - /`. */
export function belegfeld1(invoiceNo: string): string {
  return invoiceNo.replace(/[^A-Za-z0-9$&%*+\-/]/g, '').slice(0, 36);
}

const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
const ymd = (iso: string) => iso.replaceAll('-', '');

/** A character Windows-1252 cannot hold is left out of a text field, rather than written as `?`. */
const cp1252Safe = (s: string) =>
  [...s].filter((ch) => iconv.decode(iconv.encode(ch, 'win1252'), 'win1252') === ch).join('');

/** The first day (ISO) of the fiscal year `date` (ISO) falls in, for a year starting in `month`. */
export function fiscalYearOf(date: string, month = 1): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return `${m >= month ? y : y - 1}-${String(month).padStart(2, '0')}-01`;
}

/** The day before the same date a year later: the last day of a fiscal year starting on `start`. */
const yearEnd = (start: string): string => {
  const d = new Date(`${String(Number(start.slice(0, 4)) + 1)}${start.slice(4)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

interface Booking {
  date: string;
  row: string[];
}

/**
 * The Buchungsstapel of `jobs`: one CSV when they fall in one fiscal year, else a zip of one CSV
 * per fiscal year (each with its own header).
 */
export function writeLedgerDe(jobs: ExportJob[], opts: LedgerDeOptions): ExportFile {
  const refusals: Refusal[] = [];
  const bookings: Booking[] = [];
  for (const job of jobs) {
    const gross = confirmed(job, 'gross_amount', refusals);
    const date = confirmed(job, 'invoice_date', refusals);
    const number = confirmed(
      job,
      job.fields.invoice_no !== undefined ? 'invoice_no' : 'invoice_number',
      refusals,
    );
    const currency = confirmed(job, 'currency', refusals);
    const seller = job.fields.seller_name || job.fields.vendor_name || job.document.seller.name || '';
    if (!gross || !date || !number || !currency) continue;
    if (number && !belegfeld1(number))
      refusals.push({
        job_id: job.jobId,
        field: 'invoice_no',
        message: `"${number}" has no character DATEV takes in Belegfeld 1`,
      });
    for (const line of rateLines(job, gross)) {
      const amount = line.gross.replace('-', '');
      const row = new Array<string>(DATEV_COLUMNS.length).fill('');
      row[0] = decimalComma(amount);
      // A received invoice is a debit of the account; a credit note (a negative total) a credit.
      row[1] = quote(line.gross.startsWith('-') ? 'H' : 'S');
      row[2] = quote(currency);
      row[6] = opts.account;
      row[7] = opts.contra_account;
      row[8] = quote(opts.bu_key || (line.rate ? (INPUT_TAX_KEYS[String(Number(line.rate))] ?? '') : ''));
      row[9] = `${date.slice(8, 10)}${date.slice(5, 7)}`;
      row[10] = quote(belegfeld1(number));
      row[13] = quote(cp1252Safe(seller).slice(0, 60));
      row[DATEV_COLUMNS.indexOf('Steuersatz')] = line.rate ? decimalComma(Number(line.rate).toFixed(2)) : '';
      bookings.push({ date, row });
    }
  }
  if (refusals.length) throw new ExportRefused(refusals);
  const month = opts.fiscal_year_start ?? 1;
  const now = opts.now ?? new Date();
  const stamp = now
    .toISOString()
    .replace(/[-:T.Z]/g, '')
    .slice(0, 17);
  const years = new Map<string, Booking[]>();
  for (const b of bookings) {
    const start = fiscalYearOf(b.date, month);
    years.set(start, [...(years.get(start) ?? []), b]);
  }
  if (years.size <= 1) {
    const start = [...years.keys()][0] ?? fiscalYearOf(now.toISOString().slice(0, 10), month);
    return {
      filename: `EXTF_Buchungsstapel_${stamp.slice(0, 8)}.csv`,
      contentType: 'text/csv; charset=windows-1252',
      bytes: extf(start, years.get(start) ?? [], opts, stamp),
    };
  }
  const files = [...years.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([start, list]) => ({
      filename: `EXTF_Buchungsstapel_WJ${ymd(start)}.csv`,
      contentType: 'text/csv; charset=windows-1252',
      bytes: extf(start, list, opts, stamp),
    }));
  return {
    filename: `EXTF_Buchungsstapel_${stamp.slice(0, 8)}.zip`,
    contentType: 'application/zip',
    bytes: zipFiles(files),
  };
}

/** One EXTF file: the header of the fiscal year starting on `start`, the columns, the bookings. */
function extf(start: string, bookings: Booking[], opts: LedgerDeOptions, stamp: string): Buffer {
  const dates = bookings.map((b) => b.date).sort();
  const header = [
    quote('EXTF'),
    '700',
    '21',
    quote('Buchungsstapel'),
    '13',
    stamp,
    '',
    quote('RE'),
    quote('InvoiceReader'),
    quote(''),
    opts.consultant_no,
    opts.client_no,
    ymd(start),
    String(Math.max(4, opts.account.length, opts.contra_account.length)),
    ymd(dates[0] ?? start),
    ymd(dates.at(-1) ?? yearEnd(start)),
    quote('Eingangsrechnungen'),
    quote(''),
    '1',
    '0',
    '0',
    quote('EUR'),
    '',
    quote(''),
    '',
    '',
    quote(''),
    '',
    '',
    quote(''),
    quote(''),
  ];
  const lines = [header.join(';'), DATEV_COLUMNS.join(';'), ...bookings.map((b) => b.row.join(';'))];
  return iconv.encode(`${lines.join('\r\n')}\r\n`, 'win1252');
}
