// Requests of the accounting exports (service-spec "Ledger export request", "Account: exports").

import { intParam } from './params.js';
import { z } from './zod.js';

/**
 * The numbers DATEV's import takes in a Buchungsstapel, as its format description gives them: the
 * consultant (Beraternummer, 1001-9999999) and the client (Mandantennummer, 1-99999), empty when
 * the import assigns them; accounts of 4 to 9 digits; a BU key of 1 to 4 digits, empty for the
 * key of each VAT rate. Anything else ("abc") would be written into the file and refused there.
 */
const datevDigits = (pattern: RegExp, what: string, fallback: string) =>
  z.string().regex(pattern, what).default(fallback).openapi({ description: what });
const DATEV_NUMBERS = {
  consultant_no: datevDigits(/^(?:\d{4,7})?$/, 'DATEV consultant number: 4 to 7 digits, or empty', ''),
  client_no: datevDigits(/^(?:\d{1,5})?$/, 'DATEV client number: 1 to 5 digits, or empty', ''),
  account: datevDigits(/^\d{4,9}$/, 'The account booked: 4 to 9 digits', '1200'),
  contra_account: datevDigits(/^\d{4,9}$/, 'The contra account: 4 to 9 digits', '8400'),
  bu_key: datevDigits(
    /^(?:\d{1,4})?$/,
    'The BU key: 1 to 4 digits, or empty for the key of each VAT rate',
    '',
  ),
};

/** The month the account's fiscal year starts in: a DATEV file is one fiscal year. */
const month = z
  .number()
  .int()
  .min(1, 'The month the fiscal year starts in: 1 (January) to 12 (December)')
  .max(12, 'The month the fiscal year starts in: 1 (January) to 12 (December)');
const fiscalYearStart = month.default(1).openapi({
  description:
    'The month (1-12) the fiscal year starts in; a selection across fiscal years gives one DATEV file per year, in a zip.',
});

export const LedgerExportIn = z
  .object({
    job_ids: z
      .array(z.number().int())
      .max(500)
      .optional()
      .openapi({ description: 'Default: every done job of the account (500 at most).' }),
    ...DATEV_NUMBERS,
    // Without a default: a request without it takes the account's saved setting.
    fiscal_year_start: month.optional().openapi({
      description:
        "The month (1-12) the fiscal year starts in; default: the account's saved setting, else 1.",
    }),
  })
  .openapi('LedgerExportIn');

export const LedgerQuery = z.object({
  account: DATEV_NUMBERS.account,
  contra_account: DATEV_NUMBERS.contra_account,
  bu_key: DATEV_NUMBERS.bu_key,
});

export const E_INVOICE_FORMATS = [
  'xrechnung-cii',
  'xrechnung-ubl',
  'peppol-ubl',
  'fatturapa',
  'facturx',
] as const;
export type EInvoiceFormat = (typeof E_INVOICE_FORMATS)[number];
const format = z.enum(E_INVOICE_FORMATS).openapi({ description: 'The e-invoice format.' });

/** The language of an export's fill-in form (labels and hints); default: the account's. */
export const ExportLangQuery = z.object({
  lang: z
    .enum(['de', 'en', 'ru', 'it'])
    .optional()
    .openapi({ description: "The language of the fill-in form's labels and hints; default: the account's." }),
});

export const ExportFormatParams = z.object({
  job_id: intParam(z.number().int()).openapi({ type: 'integer', description: 'The job number.' }),
  format,
});

/** The DATEV numbers and accounts remembered per account for the exports screen. */
export const LedgerSettings = LedgerExportIn.omit({ job_ids: true, fiscal_year_start: true })
  .extend({ fiscal_year_start: fiscalYearStart })
  .openapi('LedgerSettings');

/** Saved settings as they were stored (ones saved before the DATEV rules still answer). */
export const LedgerSettingsOut = z
  .object({
    ok: z.literal(true),
    consultant_no: z.string(),
    client_no: z.string(),
    account: z.string(),
    contra_account: z.string(),
    bu_key: z.string(),
    fiscal_year_start: z.number().int(),
  })
  .openapi('LedgerSettingsOut');

export const EInvoiceFormatParams = z.object({ format });

export const EInvoiceExportIn = z
  .object({
    job_ids: z
      .array(z.number().int())
      .max(500)
      .optional()
      .openapi({ description: 'Default: every done job of the account (500 at most).' }),
  })
  .openapi('EInvoiceExportIn');

/**
 * The account's own business, the buyer of the invoices it receives (`/api/v1/account/company`).
 * E-invoice exports take the buyer-side terms an invoice lacks from it; '' is "not given". The
 * service checks the VAT id and electronic address as an edit of them is checked.
 */
const text = (max: number, description: string) =>
  z
    .string()
    .trim()
    .max(max, `${description}: at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, `${description}: no control characters`)
    .default('')
    .openapi({ description });
export const CompanyProfile = z
  .object({
    name: text(200, 'BT-44: the business name'),
    street: text(200, 'BT-50: street and house number'),
    postcode: text(20, 'BT-53: post code'),
    city: text(100, 'BT-52: city'),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^(?:[A-Z]{2})?$/, 'BT-55: the country as two letters (ISO 3166), e.g. DE, or empty')
      .default('')
      .openapi({ description: 'BT-55: the country (ISO 3166 alpha-2), e.g. DE' }),
    vat_id: text(20, 'BT-48: the VAT id with its country prefix, e.g. DE123456789'),
    electronic_address: text(
      200,
      'BT-49: where the business receives e-invoices: an e-mail address, a Leitweg-ID, or scheme:address (e.g. 0088:4000001000005)',
    ),
    buyer_reference: text(100, 'BT-10: the default buyer reference (a Leitweg-ID for a public body)'),
  })
  .openapi('CompanyProfile');

export const CompanyProfileOut = CompanyProfile.extend({ ok: z.literal(true) }).openapi('CompanyProfileOut');
