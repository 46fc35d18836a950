// Requests and responses of the connected mailbox, the inbox scan and letters (service-spec
// "Account: inbox, letters, mail account"; decisions §14 and §16). The spec shows no fields of
// these records: the ones here are the project's (docs/mail.md).

import { intParam } from './params.js';
import { z } from './zod.js';

export const MailAccountOut = z
  .object({
    ok: z.literal(true),
    connected: z.boolean(),
    provider: z.string().nullable().openapi({ example: 'gmail' }),
    address: z.string().nullable().openapi({ description: 'The sending address; null when not connected.' }),
    connected_at: z.string().nullable(),
  })
  .openapi('MailAccountOut');

export const MailConnectOut = z
  .object({
    ok: z.literal(true),
    url: z.string().openapi({ description: "The provider's consent page; open it in the browser." }),
    expires_at: z.string().openapi({ description: 'The link (its `state`) works once, until then.' }),
  })
  .openapi('MailConnectOut');

export const MailDisconnectOut = z
  .object({
    ok: z.literal(true),
    connected: z.literal(false),
    provider_revoked: z
      .boolean()
      .openapi({ description: 'The grant was ended at the provider too (false: end it there by hand).' }),
    provider_error: z.string().nullable(),
    stopped_letters: z.number().int().openapi({ description: 'Queued letters that will not be sent.' }),
  })
  .openapi('MailDisconnectOut');

export const OAuthCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  scope: z.string().max(2048).optional(),
});

export const InboxScanQuery = z.object({
  // The bounds are said again for the OpenAPI document: `.openapi` on a parsed parameter hides them.
  limit: intParam(z.number().int().min(1).max(50)).default(10).openapi({
    type: 'integer',
    minimum: 1,
    maximum: 50,
    default: 10,
    description: 'At most this many new messages are read in one scan.',
  }),
  query: z.string().max(500).default('has:attachment newer_than:14d').openapi({
    description: "The provider's search (Gmail's `q`).",
  }),
  country: z.string().max(8).default('de'),
});

export const InboxItemOut = z
  .object({
    id: z.number().int(),
    message_id: z.string(),
    sender: z.string(),
    subject: z.string(),
    date: z.string().openapi({ description: 'When the message arrived (ISO).' }),
    attachment: z.string().openapi({ description: "The attachment's file name." }),
    job_id: z.number().int().nullable(),
    status: z.string().openapi({
      description:
        "The job's status (`queued`, `processing`, `done`, `failed`); `refused` (see `error`) or `skipped` " +
        '(not an invoice file) when no job was made.',
    }),
    duplicate: z.boolean().openapi({ description: 'The same bytes were read before: the earlier job.' }),
    error: z.string().nullable(),
  })
  .openapi('InboxItemOut');

export const InboxScanOut = z
  .object({
    ok: z.literal(true),
    messages: z.number().int().openapi({ description: 'New messages read in this scan.' }),
    read: z.number().int().openapi({ description: 'Attachments that became new jobs.' }),
    duplicates: z.number().int().openapi({ description: 'Attachments whose bytes were read before.' }),
    skipped: z.number().int().openapi({ description: 'Attachments that are not invoice files, or refused.' }),
    waiting: z.number().int().openapi({
      description: 'Scans waiting for a scanned parse (`plan_required`): a later scan reads them.',
    }),
    more: z.boolean().openapi({
      description:
        'Another scan will read more: the limit was reached with new messages left, or part of the mailbox is not yet listed (each scan goes on where the last stopped).',
    }),
    items: z.array(InboxItemOut),
  })
  .openapi('InboxScanOut');

export const InboxListQuery = z.object({
  limit: intParam(z.number().int().min(1).max(500)).default(200),
  offset: intParam(z.number().int().min(0)).default(0),
});

export const InboxListOut = z
  .object({ ok: z.literal(true), total: z.number().int(), items: z.array(InboxItemOut) })
  .openapi('InboxListOut');

export const LETTER_LANGS = ['de', 'en', 'it', 'ru', 'fr'] as const;

export const LetterIn = z
  .object({
    job_id: z.number().int(),
    kind: z.enum(['correction_request']).default('correction_request'),
    to: z.email().max(254).optional().openapi({
      description:
        'Default: the sender of the mail the invoice came in, else the e-mail address on the invoice.',
    }),
    lang: z.enum(LETTER_LANGS).optional().openapi({ description: "Default: the invoice's language." }),
    note: z
      .string()
      .max(2000)
      .optional()
      .openapi({ description: 'A paragraph of your own, added as written.' }),
    send_at: z.iso.datetime({ offset: true }).optional().openapi({ description: 'Send later; default now.' }),
  })
  .openapi('LetterIn');

export const LetterOut = z
  .object({
    id: z.number().int(),
    job_id: z.number().int(),
    kind: z.string(),
    status: z.enum(['queued', 'sent', 'opened', 'bounced', 'failed']),
    error: z.string().nullable().openapi({ description: 'Why a letter `failed`.' }),
    to: z.string(),
    subject: z.string(),
    lang: z.string(),
    invoice_title: z.string(),
    debtor: z.string().openapi({ description: 'Who owes the invoice (its buyer).' }),
    created_at: z.string(),
    send_at: z.string(),
    sent_at: z.string().nullable(),
    opened_at: z.string().nullable(),
  })
  .openapi('LetterOut');

export const LettersQuery = z.object({
  limit: intParam(z.number().int().min(1).max(500)).default(100),
});

export const LettersOut = z.object({ ok: z.literal(true), items: z.array(LetterOut) }).openapi('LettersOut');

export const TrackParams = z.object({ token: z.string().max(200) });

export type LetterOut = z.infer<typeof LetterOut>;
export type InboxItemOut = z.infer<typeof InboxItemOut>;
