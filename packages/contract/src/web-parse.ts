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
