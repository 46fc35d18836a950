// OpenAPI paths of the accounting exports (tag exports).
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import {
  CompanyProfile,
  CompanyProfileOut,
  EInvoiceExportIn,
  EInvoiceFormatParams,
  ExportFormatParams,
  ExportLangQuery,
  LedgerExportIn,
  LedgerQuery,
  LedgerSettings,
  LedgerSettingsOut,
} from '../exports.js';
import { JobIdParams } from '../public-api.js';
import { json, jsonBody, refusal, type Security, sessionRefusals } from './common.js';

const csv = (description: string) => ({
  description,
  content: { 'text/csv': { schema: { type: 'string' as const, format: 'binary' } } },
});

export function registerExportsPaths(registry: OpenAPIRegistry, security: Security): void {
  const tags = ['exports'];
  const refusals = {
    404: refusal('`job_not_found` (not a job of this account) or `no_jobs`.'),
    409: refusal('`job_not_done`.'),
  };
  const refused =
    'A value the format cannot take (an unconfirmed amount, a missing business term) answers 422 with ' +
    'an item per job and field (`type: export_refused`).';
  const fillIn =
    " Where a person can give the missing value, the item's `ctx.input` describes the form field: `key` (send " +
    'the value under it to `PATCH /api/v1/parse/{job_id}/fields`, kept with the job as a correction), `term` ' +
    '(the EN 16931 business term), `kind` (text, email, phone, country, electronic_address, vat_id, ' +
    "payment_means, date, amount, currency, iban), `label` and `hint` (where to find it) in the account's " +
    'language, and `options` for a choice. Buyer-side terms the invoice lacks are taken from the company ' +
    'profile (`/api/v1/account/company`) first; the header `X-Filled-From-Profile` lists those taken (e.g. ' +
    '`BT-10, BT-49`), and the file says so in a comment.';
  registry.registerPath({
    method: 'post',
    path: '/api/v1/exports/ledger-de',
    operationId: 'exportLedgerDe',
    tags,
    summary: "DATEV's EXTF Buchungsstapel for the chosen jobs",
    description:
      'Windows-1252, CRLF, `;`, one booking per invoice or per VAT rate. A file is one fiscal year (from the ' +
      "month `fiscal_year_start`, default the account's setting): invoices of several fiscal years give a zip " +
      `of one file per year (\`EXTF_Buchungsstapel_WJ<start>.csv\`), each with its own header. ${refused}`,
    security: security.session,
    request: jsonBody(LedgerExportIn, false),
    responses: {
      200: {
        description: 'The file (EXTF_Buchungsstapel_<date>.csv), or a zip of one per fiscal year.',
        content: {
          'text/csv': { schema: { type: 'string' as const, format: 'binary' } },
          'application/zip': { schema: { type: 'string' as const, format: 'binary' } },
        },
      },
      ...refusals,
      ...sessionRefusals(true),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/parse/{job_id}/export/ledger-de',
    operationId: 'exportJobLedgerDe',
    tags,
    summary: "DATEV's EXTF Buchungsstapel for one job",
    description: refused,
    security: security.session,
    request: { params: JobIdParams, query: LedgerQuery },
    responses: { 200: csv('The file.'), ...refusals, ...sessionRefusals(false) },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/parse/{job_id}/export/{format}',
    operationId: 'exportJobEInvoice',
    tags,
    summary: 'The job as an e-invoice (XRechnung CII or UBL, Peppol BIS, FatturaPA, Factur-X)',
    description:
      "Written from what was read, with a person's corrections; a value the format requires that the invoice " +
      `lacks (e.g. the buyer reference BT-10) answers 422 listing each. \`facturx\` is a PDF/A-3 carrying ` +
      `factur-x.xml: the pages of the uploaded PDF, or a page drawn from the invoice. ${refused}${fillIn}`,
    security: security.session,
    request: { params: ExportFormatParams, query: ExportLangQuery },
    responses: {
      200: {
        description: 'The file: XML for xrechnung-cii, PDF for facturx.',
        content: {
          'application/xml': { schema: { type: 'string' as const, format: 'binary' } },
          'application/pdf': { schema: { type: 'string' as const, format: 'binary' } },
        },
      },
      ...refusals,
      ...sessionRefusals(false),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/exports/ledger-ru',
    operationId: 'exportLedgerRu',
    tags,
    summary: 'A CSV for 1C-style import (UTF-8 with BOM)',
    description: refused,
    security: security.session,
    request: jsonBody(LedgerExportIn, false),
    responses: { 200: csv('The table (ledger-ru.csv).'), ...refusals, ...sessionRefusals(true) },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/exports/{format}',
    operationId: 'exportEInvoices',
    tags,
    summary: 'Many jobs as e-invoices, one file each, in a zip',
    description:
      'A job the format cannot take is left out of the zip and listed, job and missing value per line, in ' +
      '`refused.txt` inside it. When no job can be written the answer is 422 with an item per job and field ' +
      '(`type: export_refused`). Terms taken from the company profile are listed per job in ' +
      '`from-profile.txt` inside it.' +
      fillIn,
    security: security.session,
    request: { params: EInvoiceFormatParams, query: ExportLangQuery, ...jsonBody(EInvoiceExportIn, false) },
    responses: {
      200: {
        description: 'The zip (<format>-<date>.zip).',
        content: { 'application/zip': { schema: { type: 'string' as const, format: 'binary' } } },
      },
      ...refusals,
      ...sessionRefusals(true),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/exports/settings',
    operationId: 'getExportSettings',
    tags,
    summary: 'The DATEV numbers and accounts remembered for the account',
    description: "The writer's defaults until the account saves its own.",
    security: security.session,
    responses: { 200: json(LedgerSettingsOut, 'The settings.'), ...sessionRefusals(false) },
  });
  registry.registerPath({
    method: 'put',
    path: '/api/v1/exports/settings',
    operationId: 'putExportSettings',
    tags,
    summary: 'Remember the DATEV numbers and accounts for the account',
    description: 'Replaces them all; a key left out takes its default.',
    security: security.session,
    request: jsonBody(LedgerSettings),
    responses: { 200: json(LedgerSettingsOut, 'The settings as stored.'), ...sessionRefusals(true) },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/account/company',
    operationId: 'getCompanyProfile',
    tags,
    summary: "The account's company profile (the buyer of the invoices it receives)",
    description:
      'Empty values until saved. E-invoice exports take the buyer-side terms an invoice lacks from it.',
    security: security.session,
    responses: { 200: json(CompanyProfileOut, 'The profile.'), ...sessionRefusals(false) },
  });
  registry.registerPath({
    method: 'put',
    path: '/api/v1/account/company',
    operationId: 'putCompanyProfile',
    tags,
    summary: "Save the account's company profile",
    description:
      'Replaces it whole; a key left out is empty. The country, VAT id and electronic address are checked as ' +
      'a correction of them is (422 naming each key); the electronic address is kept as `scheme:address`.',
    security: security.session,
    request: jsonBody(CompanyProfile),
    responses: { 200: json(CompanyProfileOut, 'The profile as stored.'), ...sessionRefusals(true) },
  });
}
