// Requests of the accounting exports (service-spec "Ledger export request", "Account: exports").

import { intParam } from './params.js';
import { z } from './zod.js';

export const LedgerExportIn = z
  .object({
    job_ids: z
      .array(z.number().int())
      .max(500)
      .optional()
      .openapi({ description: 'Default: every done job of the account (500 at most).' }),
    consultant_no: z.string().max(20).default(''),
    client_no: z.string().max(20).default(''),
    account: z.string().max(10).default('1200'),
    contra_account: z.string().max(10).default('8400'),
    bu_key: z.string().max(10).default(''),
  })
  .openapi('LedgerExportIn');

export const LedgerQuery = z.object({
  account: z.string().max(10).default('1200'),
  contra_account: z.string().max(10).default('8400'),
  bu_key: z.string().max(10).default(''),
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

export const LedgerSettingsOut = LedgerSettings.extend({ ok: z.literal(true) }).openapi('LedgerSettingsOut');

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
