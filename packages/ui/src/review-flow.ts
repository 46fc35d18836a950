// The review screen's keyboard flow as a pure reducer: which field is active, what a person has
// typed, and what Enter does (accept the value as read, or send the correction), so the flow is
// tested without a browser. The screen only dispatches and sends the PATCH it is told to.
import type { FieldDetail } from './data.js';
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

/** What Enter on a field does: send a value (the typed one, or the read one to accept it) or move on. */
export type EnterOutcome =
  | { kind: 'patch'; value: string }
  | { kind: 'move' }
  | { kind: 'error'; message: 'empty' };

export function enterOutcome(field: FieldDetail, draft: string | undefined): EnterOutcome {
  if (draft !== undefined && draft.trim() !== field.value) {
    return draft.trim() ? { kind: 'patch', value: draft.trim() } : { kind: 'error', message: 'empty' };
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

/** The message a 422 gives for one field (`loc: ["body", key]`), without pydantic's prefix. */
export function fieldMessage(
  items: readonly { loc: (string | number)[]; msg: string }[],
  key: string,
): string | null {
  const item = items.find((i) => i.loc[0] === 'body' && i.loc[1] === key);
  return item ? item.msg.replace(/^Value error, /, '') : null;
}
