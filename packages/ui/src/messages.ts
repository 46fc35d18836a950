// Codes and server texts turned into what a person reads: a failed read's code as a sentence
// with what to do, a load failure of the review screen as what happened, and an export's
// refusals grouped by invoice (its file name) with each field's label and the rule it broke.
import { DataError, type ErrorItem } from './data.js';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The engine's failure codes (packages/engine/src/errors.ts) that have a sentence of their own. */
export const READ_ERROR_CODES = [
  'empty_file',
  'unreadable_file',
  'unsupported_file_type',
  'unsupported_country',
  'invalid_option',
  'file_too_large',
  'too_many_pages',
  'malformed_xml',
  'unsafe_xml',
  'not_an_invoice',
  'unsupported_syntax',
  'missing_required_data',
  'malformed_pdf',
  'image_too_large',
  'malformed_image',
  'encrypted_pdf',
  'malformed_signature',
  'no_embedded_invoice',
  'no_qr_code',
  'invalid_payment_qr',
  'no_text_layer',
  'mode_not_applicable',
  'timeout',
  'model_missing',
  'internal_error',
] as const;

const known = new Set<string>(READ_ERROR_CODES);

/** The text key of a failed read's sentence; a code without one gets the general sentence. */
export const readErrorKey = (code: string | null | undefined): string =>
  `read_error.${code && known.has(code) ? code : 'unknown'}`;

/** Why the review screen has no invoice to show. */
export type LoadFailure = 'not_found' | 'signed_out' | 'failed';

/** A job id from the address that cannot name an invoice (`abc`, `0`) is not asked for. */
export const isJobId = (id: number): boolean => Number.isSafeInteger(id) && id > 0;

export function loadFailure(err: unknown): LoadFailure {
  if (!(err instanceof DataError)) return 'failed';
  if (err.status === 401 || err.code === 'not_authenticated') return 'signed_out';
  // Another account's invoice answers 404 too; a malformed id, 422.
  if (err.status === 404 || err.status === 422 || err.code === 'job_not_found') return 'not_found';
  return 'failed';
}

/**
 * A field's key in words: its label, and for an item of a list (`lines.0`, `vat_breakdown.1`)
 * the list's item with its number from 1 ("line 1"). An unknown key is shown as it is.
 */
export function fieldLabel(key: string, t: Translate): string {
  const parts = key.split('.');
  const words: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const next = parts[i + 1];
    if (next !== undefined && /^\d+$/.test(next)) {
      const n = Number(next) + 1;
      words.push(
        t(`field_part.${part}`, { n, defaultValue: `${t(`field.${part}`, { defaultValue: part })} ${n}` }),
      );
      i++;
    } else if (/^\d+$/.test(part)) words.push(String(Number(part) + 1));
    else words.push(t(`field.${part}`, { defaultValue: part }));
  }
  return words.join(', ');
}

/** One refused field: its key and the rule it broke (the server's words, EN 16931 terms kept). */
export interface Refusal {
  jobId: number | null;
  field: string;
  rule: string;
}

/**
 * The refusals of a 422 export answer. Each item is `loc: ["job", id, field]` with the message
 * `job {id}: {field}: {rule}`; the prefix is dropped, since the screen names the invoice and the
 * field itself. An item of another form keeps its message whole.
 */
export function refusalsOf(items: readonly ErrorItem[]): Refusal[] {
  return items.map((item) => {
    const [kind, id, field] = item.loc;
    if (kind === 'job' && typeof field === 'string') {
      const rule = item.msg.replace(/^job \d+: [^:]+: /, '');
      return { jobId: Number(id), field, rule };
    }
    return { jobId: null, field: '', rule: item.msg };
  });
}

/** An invoice that could not be exported and why, in lines to show. */
export interface RefusedInvoice {
  name: string;
  reasons: string[];
}

/**
 * Refusals grouped by invoice, in the order they came: each invoice by `nameOf` (its file name),
 * each reason "field label: rule". `jobId` stands in for items that name no job.
 */
export function groupRefusals(
  refusals: readonly Refusal[],
  nameOf: (jobId: number) => string,
  t: Translate,
  jobId?: number,
): RefusedInvoice[] {
  const groups = new Map<string, RefusedInvoice>();
  for (const r of refusals) {
    const id = r.jobId ?? jobId;
    const name = id === undefined ? '' : nameOf(id);
    const reason = r.field ? t('exports.reason', { field: fieldLabel(r.field, t), rule: r.rule }) : r.rule;
    const group = groups.get(name) ?? { name, reasons: [] };
    if (!group.reasons.includes(reason)) group.reasons.push(reason);
    groups.set(name, group);
  }
  return [...groups.values()];
}
