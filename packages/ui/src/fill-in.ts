// The fill-in step of the exports screen, without React: which refused invoices a short form can
// complete (the service names, per missing value, the form field to give it in), and the values
// a person typed, as the job's edits to send.
import { DataError, type FillInField } from './data.js';
import { fieldLabel, refusalsOf } from './messages.js';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An invoice whose export asks for values a person can give, and what else stopped it. */
export interface PendingFill {
  jobId: number;
  name: string;
  fields: FillInField[];
  /** Reasons no form can help with (a line the reader missed, sums that disagree). */
  others: string[];
}

/**
 * The form of one refused export: each field once, in the order the service gave them, and the
 * other reasons in words. Undefined when the refusal asks for nothing a person can type.
 */
export function pendingFillOf(
  jobId: number,
  name: string,
  err: unknown,
  t: Translate,
): PendingFill | undefined {
  if (!(err instanceof DataError) || !err.items.length) return undefined;
  const fields = new Map<string, FillInField>();
  const others: string[] = [];
  const refusals = refusalsOf(err.items);
  err.items.forEach((item, i) => {
    const input = item.ctx?.input;
    if (input?.key) {
      if (!fields.has(input.key)) fields.set(input.key, input);
      return;
    }
    const r = refusals[i]!;
    const reason = r.field ? t('exports.reason', { field: fieldLabel(r.field, t), rule: r.rule }) : r.rule;
    if (!others.includes(reason)) others.push(reason);
  });
  return fields.size ? { jobId, name, fields: [...fields.values()], others } : undefined;
}

/** The values typed, trimmed, without the empty ones: the edits to send for the job. */
export function editsOf(values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v.trim()) out[k] = v.trim();
  return out;
}

/** The service's word on each refused value (`loc: ["body", key]`), by key. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(err instanceof DataError)) return out;
  for (const item of err.items) {
    const key = item.loc[1];
    if (item.loc[0] === 'body' && typeof key === 'string') out[key] = item.msg.replace(/^Value error, /, '');
  }
  return out;
}
