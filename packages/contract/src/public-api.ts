// Requests and responses of the public parsing interface (/v1, service-spec "Public parsing
// interface", decisions §1-11). The server validates with these and the OpenAPI document is
// built from them, so the two cannot drift apart.

import { intParam } from './params.js';
import { z } from './zod.js';

export const JOB_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
export const MODES = ['xml', 'qr', 'text', 'ocr'] as const;

export const ParseForm = z
  .object({
    country: z
      .string()
      .max(8)
      .default('de')
      .openapi({ description: 'ISO 3166 alpha-2 code of the receiving business (see /v1/countries).' }),
    callback_url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional()
      .openapi({ description: 'Where the finished job is POSTed, signed (see docs/api.md).' }),
  })
  .openapi('ParseForm');

export const ParseUpload = ParseForm.extend({
  file: z
    .string()
    .openapi({ type: 'string', format: 'binary', description: 'PDF, JPG, PNG or XML; 20 MB at most.' }),
}).openapi('ParseUpload');

export const JobIdParams = z.object({
  job_id: intParam(z.number().int()).openapi({ type: 'integer', description: 'The job number.' }),
});

export const SubmitOut = z
  .object({
    ok: z.literal(true),
    job_id: z.number().int(),
    status: z.enum(JOB_STATUSES),
    charged: z
      .boolean()
      .openapi({ description: 'Whether this file is billed (pages reserved); false for a duplicate.' }),
    duplicate: z.boolean().openapi({ description: 'The same bytes were submitted before: the earlier job.' }),
    pages_reserved: z.number().int().openapi({ description: 'Scanned pages held until the job ends.' }),
  })
  .openapi('SubmitOut');

export const FieldDetailOut = z
  .object({
    key: z.string(),
    value: z.string(),
    edited: z.boolean(),
    status: z.enum(['confirmed', 'flagged', 'unconfirmed', 'missing']),
    flags: z.array(z.string()),
    confidence: z.number().nullable(),
    source: z.enum(['xml', 'qr', 'text', 'ocr', 'user']).nullable(),
    page: z.number().int().nullable(),
    bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  })
  .openapi('FieldDetail');

export const JobOut = z
  .object({
    ok: z.literal(true),
    job_id: z.number().int(),
    status: z.enum(JOB_STATUSES),
    country: z.string(),
    mode: z.enum(MODES).nullable(),
    pages: z.number().int(),
    pages_scanned: z.number().int().openapi({ description: 'Pages read by OCR: the only charged pages.' }),
    charged: z.boolean().openapi({
      description:
        'Whether this job was charged: scanned pages debited from the API’s pages, or (a web upload) a parse counted against the web allowance; it stays so when the job is read again. False while its first read runs, and for a read that scanned nothing, failed, or read a file charged before.',
    }),
    fields: z.record(z.string(), z.string()),
    fields_detailed: z.array(FieldDetailOut),
    document: z
      .record(z.string(), z.unknown())
      .nullable()
      .openapi({ description: 'The whole canonical document.' }),
    checks: z.array(z.record(z.string(), z.unknown())),
    error: z.string().nullable(),
    message: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .openapi('JobOut');

export const UsageOut = z
  .object({
    ok: z.literal(true),
    sheets_used: z.number().int().openapi({ description: 'Scanned pages charged so far (free and paid).' }),
    sheets_left: z
      .number()
      .int()
      .openapi({ description: 'Free pages left plus the pages the balance buys.' }),
    sheets_used_this_month: z.number().int(),
    free_pages_left: z.number().int(),
    pages_reserved: z.number().int(),
    balance: z.string().openapi({ example: '7.93' }),
    balance_minor: z.number().int(),
    currency: z.literal('EUR'),
    price_per_page: z.string().openapi({ example: '0.07' }),
  })
  .openapi('UsageOut');

export const PriceTier = z
  .object({ from_pages: z.number().int(), price_per_page: z.string() })
  .openapi('PriceTier');

export const PriceOut = z
  .object({
    ok: z.literal(true),
    currency: z.literal('EUR'),
    price_per_page: z.string(),
    price_per_page_minor: z.number().int(),
    free_pages: z.number().int(),
    min_top_up: z.string(),
    scale: z.array(PriceTier).openapi({ description: 'Price per page by pages scanned in the month.' }),
    currencies: z.array(
      z.object({ currency: z.string(), price_per_page: z.string(), min_top_up: z.string() }),
    ),
    free: z.array(z.string()).openapi({ description: 'What is read without charge and without limit.' }),
  })
  .openapi('PriceOut');

export const CountryOut = z
  .object({
    code: z.string(),
    name: z.string(),
    field_set: z.enum(['A', 'B']),
    fields: z.array(z.string()),
    languages: z.array(z.string()),
    currency: z.string(),
    formats: z.array(z.string()),
  })
  .openapi('CountryOut');

export const CountriesOut = z
  .object({ ok: z.literal(true), countries: z.array(CountryOut) })
  .openapi('CountriesOut');

export const HealthOut = z
  .object({
    ok: z.literal(true),
    version: z.string(),
    queued: z.number().int(),
    processing: z.number().int(),
  })
  .openapi('HealthOut');

export type SubmitOut = z.infer<typeof SubmitOut>;
export type JobOut = z.infer<typeof JobOut>;
export type UsageOut = z.infer<typeof UsageOut>;
export type PriceOut = z.infer<typeof PriceOut>;
export type CountriesOut = z.infer<typeof CountriesOut>;
export type HealthOut = z.infer<typeof HealthOut>;
