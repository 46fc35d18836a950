// Requests and responses of parsing in the web application (service-spec "Account: parsing in
// the web application"): the job object is the public API's JobOut with where it came from.

import { intParam } from './params.js';
import { JobIdParams, JobOut } from './public-api.js';
import { z } from './zod.js';

export const UploadForm = z
  .object({
    country: z.string().max(8).default('de'),
    source: z.enum(['upload', 'inbox', 'desktop']).default('upload'),
  })
  .openapi('UploadForm');

export const UploadBody = UploadForm.extend({
  file: z
    .string()
    .openapi({ type: 'string', format: 'binary', description: 'PDF, JPG, PNG or XML; 20 MB at most.' }),
}).openapi('UploadBody');

export const WebJobOut = JobOut.extend({
  source: z.string(),
  filename: z.string(),
  duplicate: z.boolean().optional().openapi({ description: 'On upload: the same bytes were read before.' }),
  edited_at: z.string().nullable(),
}).openapi('WebJobOut');

export const JobListQuery = z.object({
  limit: intParam(z.number().int().min(1).max(500)).default(200),
  offset: intParam(z.number().int().min(0)).default(0),
});

export const JobSummary = z
  .object({
    job_id: z.number().int(),
    status: z.string(),
    source: z.string(),
    filename: z.string(),
    country: z.string(),
    mode: z.string().nullable(),
    pages: z.number().int(),
    pages_scanned: z.number().int(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    seller: z.string(),
    invoice_no: z.string(),
    invoice_date: z.string(),
    gross_amount: z.string(),
    currency: z.string(),
    flagged: z.number().int().openapi({ description: 'Fields read but failing a check.' }),
    unconfirmed: z.number().int().openapi({ description: 'Fields below the confidence bar.' }),
    error: z.string().nullable(),
  })
  .openapi('JobSummary');

export const JobListOut = z
  .object({ ok: z.literal(true), total: z.number().int(), items: z.array(JobSummary) })
  .openapi('JobListOut');

export const FieldsPatch = z
  .record(z.string(), z.string())
  .openapi('FieldsPatch', { description: "Field keys of the job's field set and their corrected values." });

/** The cells of a line item and of a VAT breakdown row a person may correct. */
export const LINE_CELLS = [
  'description',
  'quantity',
  'unit',
  'unit_price',
  'net_amount',
  'vat_rate',
] as const;
export const BREAKDOWN_CELLS = ['rate', 'taxable', 'tax'] as const;

export const LinesPatch = z.record(z.string(), z.string()).openapi('LinesPatch', {
  description:
    'Cells of the line items and the VAT breakdown by their place in `document` and their corrected values: ' +
    '`lines.{i}.description|quantity|unit|unit_price|net_amount|vat_rate` and ' +
    '`vat_breakdown.{i}.rate|taxable|tax` (i from 0; only rows the document has). Numbers in machine form: ' +
    'amounts `1234.50`, quantities and unit prices with up to 6 decimals, rates `19` or `5.5`.',
  example: { 'lines.0.quantity': '3', 'vat_breakdown.0.rate': '19' },
});

export const ReparseQuery = z.object({ country: z.string().max(8).nullable().optional() });

export const DeleteOut = z.object({ ok: z.literal(true), deleted: z.number().int() }).openapi('DeleteOut');

export const PageParams = JobIdParams.extend({
  // The bounds are said again for the OpenAPI document: `.openapi` on a parsed parameter hides them.
  n: intParam(z.number().int().min(1)).openapi({
    type: 'integer',
    minimum: 1,
    description: 'The page number, from 1.',
  }),
});

export const PageQuery = z.object({
  width: intParam(z.number().int().min(100).max(4000)).default(1200).openapi({
    type: 'integer',
    minimum: 100,
    maximum: 4000,
    default: 1200,
    description: 'Width of the picture in pixels (an image is never enlarged).',
  }),
});

export type WebJobOut = z.infer<typeof WebJobOut>;
