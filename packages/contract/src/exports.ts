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

export const LedgerExportIn = z
  .object({
    job_ids: z
      .array(z.number().int())
      .max(500)
      .optional()
      .openapi({ description: 'Default: every done job of the account (500 at most).' }),
    ...DATEV_NUMBERS,
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

export const ExportFormatParams = z.object({
  job_id: intParam(z.number().int()).openapi({ type: 'integer', description: 'The job number.' }),
  format,
});

/** The DATEV numbers and accounts remembered per account for the exports screen. */
export const LedgerSettings = LedgerExportIn.omit({ job_ids: true }).openapi('LedgerSettings');

/** Saved settings as they were stored (ones saved before the DATEV rules still answer). */
export const LedgerSettingsOut = z
  .object({
    ok: z.literal(true),
    consultant_no: z.string(),
    client_no: z.string(),
    account: z.string(),
    contra_account: z.string(),
    bu_key: z.string(),
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
