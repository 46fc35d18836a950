// Requests and responses of the desktop app's sync (beyond the spec; docs/desktop.md): a result
// read on the person's machine goes up once per file content, and a person's corrections flow
// both ways, per field with when they were made (the later edit wins).

import { intParam } from './params.js';
import { z } from './zod.js';

export const FieldEdits = z
  .record(
    z.string().max(64),
    z.object({
      value: z.string().max(1000),
      at: z.iso.datetime().openapi({ description: 'When the person made the edit (UTC).' }),
    }),
  )
  .openapi('FieldEdits', {
    description: "A person's corrections per field key, each with when it was made.",
  });

export const SyncJobIn = z
  .object({
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .openapi({ description: 'SHA-256 (hex) of the file: one job per content and account.' }),
    filename: z.string().max(255),
    country: z.string().max(8),
    size: z.number().int().min(0),
    file_type: z.string().max(16).nullable(),
    mode: z.enum(['xml', 'qr', 'text', 'ocr']).nullable(),
    pages: z.number().int().min(0).max(10_000),
    pages_scanned: z.number().int().min(0).max(10_000),
    read_at: z.iso.datetime(),
    result: z
      .object({
        document: z.record(z.string(), z.unknown()),
        fields: z.record(z.string(), z.string()).optional(),
        fields_detailed: z.array(z.unknown()).optional(),
        checks: z.array(z.unknown()).optional(),
        tried: z.array(z.string()).optional(),
      })
      .openapi({
        description:
          "The engine's result. The service keeps the document and makes the fields and checks from it " +
          'again (with the edits), as a correction in the web application does.',
      }),
    edits: FieldEdits.default({}),
  })
  .openapi('SyncJobIn');

// On every answer of the sync routes and of sign-in's verify (account-auth.ts): a service without
// it is measured by its `Date` header.
export const ServiceTime = z.iso.datetime({ precision: 3 }).openapi({
  description:
    'This service’s time when it answered (UTC, with milliseconds), in the clock it stamps corrections ' +
    'with. The desktop app measures its clock against it: a proxy in front may set the `Date` header ' +
    'from its own clock, and that header has whole seconds only.',
  example: '2026-03-01T10:00:00.123Z',
});

export const SyncJobOut = z
  .object({
    ok: z.literal(true),
    job_id: z.number().int(),
    duplicate: z.boolean().openapi({ description: 'The account already had a job for this content.' }),
    edited_at: z.string().nullable(),
    edits: FieldEdits,
    service_time: ServiceTime,
  })
  .openapi('SyncJobOut');

export const SyncChangesQuery = z.object({
  since: z
    .string()
    .max(80)
    .default('')
    .openapi({ description: 'The cursor of the previous answer; empty for every correction.' }),
  limit: intParam(z.number().int().min(1).max(500)).default(200),
});

export const SyncChange = z
  .object({
    job_id: z.number().int(),
    sha256: z.string(),
    edited_at: z.string(),
    edits: FieldEdits,
  })
  .openapi('SyncChange');

export const SyncChangesOut = z
  .object({
    ok: z.literal(true),
    items: z.array(SyncChange),
    cursor: z.string().openapi({ description: 'Pass it as `since` next time.' }),
    more: z.boolean().openapi({ description: 'More changes wait: ask again with the cursor.' }),
    service_time: ServiceTime,
  })
  .openapi('SyncChangesOut');
