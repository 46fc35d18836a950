// The review screen's keyboard flow as a pure reducer: which field is active, what a person has
// typed, and what Enter does (accept the value as read, or send the correction), so the flow is
// tested without a browser. The screen only dispatches and sends the PATCH it is told to.
import type { ErrorItem, FieldDetail } from './data.js';
import { parseFieldInput } from './field-input.js';
import { needsAttention } from './flags.js';

export interface ReviewState {
  fields: FieldDetail[];
  active: string | null;
  drafts: Record<string, string>;
  errors: Record<string, string>;
  saving: string | null;
}

export type ReviewAction =
  | { type: 'load'; fields: FieldDetail[] }
  | { type: 'focus'; key: string }
  | { type: 'edit'; key: string; value: string }
  | { type: 'submit'; key: string }
  | { type: 'saved'; key: string; fields: FieldDetail[] }
  | { type: 'failed'; key: string; message: string }
  | { type: 'next' }
  | { type: 'prev' };

export const initialReview: ReviewState = { fields: [], active: null, drafts: {}, errors: {}, saving: null };

/** The next field after `from` (in order, wrapping) that needs a person; null when none does. */
export function nextAttention(fields: readonly FieldDetail[], from: string | null): string | null {
  const start = from ? fields.findIndex((f) => f.key === from) : -1;
  for (let i = 1; i <= fields.length; i++) {
    const f = fields[(start + i + fields.length) % fields.length]!;
    if (needsAttention(f) && f.key !== from) return f.key;
  }
  return null;
}

function step(fields: readonly FieldDetail[], from: string | null, by: 1 | -1): string | null {
  if (!fields.length) return null;
  const i = from ? fields.findIndex((f) => f.key === from) : -1;
  const j = i < 0 ? (by === 1 ? 0 : fields.length - 1) : (i + by + fields.length) % fields.length;
  return fields[j]!.key;
}

/**
 * What Enter on a field does: send a value (the typed one in machine form, or the read one to
 * accept it), move on, or say why the typed value cannot be sent (`empty`; a date or an amount
 * not written the way `locale` writes it).
 */
export type EnterOutcome =
  | { kind: 'patch'; value: string }
  | { kind: 'move' }
  | { kind: 'error'; message: 'empty' | 'date' | 'amount' };

export function enterOutcome(field: FieldDetail, draft: string | undefined, locale = 'en'): EnterOutcome {
  if (draft !== undefined && draft.trim() !== field.value) {
    if (!draft.trim()) return { kind: 'error', message: 'empty' };
    const parsed = parseFieldInput(field.key, draft, locale);
    if (!parsed.ok) return { kind: 'error', message: parsed.kind };
    // The read value typed in the local form ("05.03.2020" for 2020-03-05) changes nothing.
    if (parsed.value !== field.value) return { kind: 'patch', value: parsed.value };
  }
  if (needsAttention(field) && field.value) return { kind: 'patch', value: field.value };
  return { kind: 'move' };
}

export function reviewReducer(state: ReviewState, action: ReviewAction): ReviewState {
  switch (action.type) {
    case 'load': {
      const keys = new Set(action.fields.map((f) => f.key));
      const active =
        state.active && keys.has(state.active) ? state.active : (nextAttention(action.fields, null) ?? null);
      return { ...state, fields: action.fields, active, saving: null };
    }
    case 'focus':
      return { ...state, active: action.key };
    case 'edit': {
      const { [action.key]: _, ...errors } = state.errors;
      return { ...state, drafts: { ...state.drafts, [action.key]: action.value }, errors };
    }
    case 'submit':
      return { ...state, saving: action.key };
    case 'saved': {
      const { [action.key]: _d, ...drafts } = state.drafts;
      const { [action.key]: _e, ...errors } = state.errors;
      return {
        fields: action.fields,
        drafts,
        errors,
        saving: null,
        active: nextAttention(action.fields, action.key) ?? action.key,
      };
    }
    case 'failed':
      return {
        ...state,
        saving: null,
        active: action.key,
        errors: { ...state.errors, [action.key]: action.message },
      };
    case 'next':
      return { ...state, active: step(state.fields, state.active, 1) };
    case 'prev':
      return { ...state, active: step(state.fields, state.active, -1) };
  }
}

/** Refusal kinds of a correction (the engine's `checkFieldValue`) that have a sentence of their own. */
export const REFUSAL_KINDS = [
  'date',
  'amount',
  'currency',
  'iban',
  'bic',
  'vat_id',
  'inn',
  'kpp',
  'bik',
  'account',
  'text',
  'unknown_field',
] as const;

/**
 * The text key of why the service refused one field of a 422 (`loc: ["body", key]`, its kind in
 * `ctx.kind`): `review.refused.<kind>`, `review.refused.other` for a kind without a sentence;
 * null when the answer says nothing of this field. The service's English words are not shown.
 */
export function fieldRefusalKey(items: readonly ErrorItem[], key: string): string | null {
  const item = items.find((i) => i.loc[0] === 'body' && i.loc[1] === key);
  if (!item) return null;
  const kind = item.ctx?.kind;
  return `review.refused.${kind && (REFUSAL_KINDS as readonly string[]).includes(kind) ? kind : 'other'}`;
}
