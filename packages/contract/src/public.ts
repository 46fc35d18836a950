// Requests and responses of the public endpoints (service-spec "Public pages and other", "Lead",
// "Review"): leads, reviews and the payment provider guide. Bounds as the spec's tables.

import { intParam } from './params.js';
import { FieldDetailOut } from './public-api.js';
import { z } from './zod.js';

export const LeadIn = z
  .object({
    email: z.email(),
    company: z.string().max(200).nullable().optional(),
    pages_per_month: z.number().int().min(0).max(10_000_000).nullable().optional(),
    comment: z.string().max(2000).nullable().optional(),
    source: z.string().max(40).default('site'),
    lang: z.string().max(5).default(''),
  })
  .openapi('LeadIn');

export const LeadCountOut = z
  .object({ ok: z.literal(true), count: z.number().int() })
  .openapi('LeadCountOut');

export const ReviewIn = z
  .object({
    name: z.string().min(1).max(120),
    stars: z.number().int().min(1).max(5),
    text: z.string().max(1500).default(''),
  })
  .openapi('ReviewIn');

export const ReviewOut = z
  .object({
    id: z.number().int(),
    name: z.string(),
    stars: z.number().int(),
    text: z.string(),
    created_at: z.string(),
    photo_url: z.string(),
  })
  .openapi('ReviewOut');

export const ReviewsOut = z
  .object({ ok: z.literal(true), reviews: z.array(ReviewOut) })
  .openapi('ReviewsOut');

export const ReviewPostedOut = z
  .object({
    ok: z.literal(true),
    published: z
      .boolean()
      .openapi({ description: '4 and 5 stars: at once; 1 to 3: read by the owner first.' }),
  })
  .openapi('ReviewPostedOut');

export const ReviewIdParams = z.object({
  review_id: intParam(z.number().int()).openapi({ type: 'integer', description: 'The review.' }),
});

export const GuideQuery = z.object({
  country: z.string().max(2).default(''),
  currency: z.string().max(3).default(''),
  business: z.string().max(200).default(''),
  name: z.string().max(200).default(''),
  email: z.string().max(320).default(''),
  lang: z.string().max(5).default(''),
});

export const GuideOut = z
  .object({
    ok: z.literal(true),
    lang: z.string(),
    country: z.string(),
    currency: z.string(),
    provider: z.string(),
    checklist: z.array(z.string()),
    texts: z
      .record(z.string(), z.string())
      .openapi({ description: "Ready texts to paste into the provider's forms." }),
  })
  .openapi('GuideOut');

/** The languages of the public pages. */
export const PAGE_LANGS = ['de', 'en', 'ru', 'it'] as const;

export const PageLangParams = z.object({
  lang: z.enum(PAGE_LANGS).openapi({ description: 'de, en, ru or it.' }),
});

/** The lead form of a public page as a browser posts it (application/x-www-form-urlencoded). */
export const LeadForm = z
  .object({
    email: z.email(),
    company: z.string().max(200).optional(),
    pages_per_month: z
      .union([z.literal(''), intParam(z.number().int().min(0).max(10_000_000))])
      .optional()
      .openapi({ type: 'integer' }),
    comment: z.string().max(2000).optional(),
  })
  .openapi('LeadForm');

export const TryForm = z
  .object({
    country: z.string().max(8).default('de').openapi({ description: 'Decides the field set shown.' }),
    lang: z
      .string()
      .max(5)
      .default('en')
      .openapi({ description: 'The language of the HTML answer (de, en, ru, it).' }),
  })
  .openapi('TryForm');

export const TryUpload = TryForm.extend({
  file: z.string().openapi({
    type: 'string',
    format: 'binary',
    description: 'An e-invoice: XML (CII, UBL, FatturaPA) or a PDF with one embedded; 2 MB at most.',
  }),
}).openapi('TryUpload');

export const TryOut = z
  .object({
    ok: z.literal(true),
    status: z.enum(['done', 'failed']),
    mode: z.enum(['xml', 'qr', 'text', 'ocr']).nullable(),
    error: z.string().nullable().openapi({ description: 'Why it was not read (engine error code).' }),
    message: z.string().nullable(),
    fields: z.record(z.string(), z.string()),
    fields_detailed: z.array(FieldDetailOut),
  })
  .openapi('TryOut', { description: 'What the reader found; the file is not kept.' });
export type TryOut = z.infer<typeof TryOut>;
