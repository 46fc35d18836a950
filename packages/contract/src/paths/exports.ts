// OpenAPI paths of the accounting exports (tag exports).
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import {
  EInvoiceExportIn,
  EInvoiceFormatParams,
  ExportFormatParams,
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
    'A value the format cannot take (an unconfirmed amount, a date outside the fiscal year) answers 422 with ' +
    'an item per job and field (`type: export_refused`).';
  registry.registerPath({
    method: 'post',
    path: '/api/v1/exports/ledger-de',
    operationId: 'exportLedgerDe',
    tags,
    summary: "DATEV's EXTF Buchungsstapel for the chosen jobs",
    description: `Windows-1252, CRLF, \`;\`, one booking per invoice or per VAT rate. ${refused}`,
    security: security.session,
    request: jsonBody(LedgerExportIn, false),
    responses: {
      200: csv('The file (EXTF_Buchungsstapel_<date>.csv).'),
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
    summary: 'The job as an e-invoice (XRechnung 3.0 CII, Factur-X EN 16931)',
    description:
      "Written from what was read, with a person's corrections; a value the format requires that the invoice " +
      `lacks (e.g. the buyer reference BT-10) answers 422 listing each. \`facturx\` is a PDF/A-3 carrying ` +
      `factur-x.xml: the pages of the uploaded PDF, or a page drawn from the invoice. ${refused}`,
    security: security.session,
    request: { params: ExportFormatParams },
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
      '(`type: export_refused`).',
    security: security.session,
    request: { params: EInvoiceFormatParams, ...jsonBody(EInvoiceExportIn, false) },
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
}
