// A person's corrections of a locally read invoice, from this machine or pulled from the hosted
// service: merged per field (the later edit wins), each value checked by the engine's
// `checkFieldValue`, and the result made again with `applyFieldEdits` (fields, checks, document).
// Times are the service's (service-clock.ts), merged as the service merges them (the engine's
// mergeFieldEdits: compared as instants, never as strings).
import {
  applyFieldEdits,
  checkFieldValue,
  countryOf,
  editInstant,
  type FieldEditError,
  mergeFieldEdits,
} from '@invoice-reader/engine';
import { editsOf, type FieldEdits, type LocalDb, type LocalJob, updateJob } from './store.js';

/** Refused corrections; the message ("key [kind]: message; …") is what crosses Electron's IPC. */
export class EditRefused extends Error {
  constructor(readonly issues: FieldEditError[]) {
    super(issues.map((i) => `${i.key} [${i.kind}]: ${i.message}`).join('; '));
  }
}

/**
 * Applies `incoming` to a done job (later edit wins per field). Values that fail their check are
 * refused as a whole (a person's typing) or dropped (`lenient`, for edits pulled from the server,
 * which checked them already against the same rules).
 */
export function applyEdits(db: LocalDb, job: LocalJob, incoming: FieldEdits, lenient = false): LocalJob {
  const country = countryOf(job.country);
  const stored = job.result ? JSON.parse(job.result) : null;
  if (job.status !== 'done' || !country || !stored?.document) throw new Error('the invoice is not read yet');
  const checked: FieldEdits = {};
  const issues: FieldEditError[] = [];
  for (const [key, edit] of Object.entries(incoming)) {
    const c = checkFieldValue(key, edit.value, country);
    if ('value' in c) checked[key] = { value: c.value, at: edit.at };
    else issues.push(c);
  }
  if (issues.length && !lenient) throw new EditRefused(issues);
  const { merged, changed } = mergeFieldEdits(editsOf(job), checked);
  if (!changed) return job;
  const values = Object.fromEntries(Object.entries(merged).map(([k, e]) => [k, e.value]));
  const edited = applyFieldEdits(stored.document, values, country, job.createdAt.slice(0, 10));
  const latest = Math.max(...Object.values(merged).map((e) => editInstant(e.at)));
  const editedAt = Number.isFinite(latest) ? new Date(latest).toISOString() : null;
  const set = {
    result: JSON.stringify({ ...stored, ...edited }),
    fieldEdits: JSON.stringify(merged),
    editedAt,
  };
  updateJob(db, job.id, set);
  return { ...job, ...set };
}

/**
 * A new reading of a corrected invoice (read again, perhaps for another country) keeps the
 * corrections that still pass their check in its country, as the service's reparse does; the
 * others are dropped.
 */
export function reapplyEdits(db: LocalDb, job: LocalJob): LocalJob {
  const country = countryOf(job.country);
  const stored = job.result ? JSON.parse(job.result) : null;
  const held = editsOf(job);
  if (job.status !== 'done' || !country || !stored?.document || !Object.keys(held).length) return job;
  const kept: FieldEdits = {};
  for (const [key, edit] of Object.entries(held)) {
    const c = checkFieldValue(key, edit.value, country);
    if ('value' in c) kept[key] = { value: c.value, at: edit.at };
  }
  const values = Object.fromEntries(Object.entries(kept).map(([k, e]) => [k, e.value]));
  const edited = Object.keys(values).length
    ? applyFieldEdits(stored.document, values, country, job.createdAt.slice(0, 10))
    : {};
  const latest = Math.max(...Object.values(kept).map((e) => editInstant(e.at)));
  const set = {
    result: JSON.stringify({ ...stored, ...edited }),
    fieldEdits: JSON.stringify(kept),
    editedAt: Number.isFinite(latest) ? new Date(latest).toISOString() : null,
  };
  updateJob(db, job.id, set);
  return { ...job, ...set };
}
