// A person's corrections outlive a new reading of the same file (reparse): the values they typed
// are applied to the new reading where the new country's field set still has the key and the
// value still passes its check there (a German VAT id is not a US field); the others are dropped.
// The business terms a person gave for an export (kept only in the job's field edits) carry too,
// and so do corrected cells of line items and the VAT breakdown where the rows are the same.
import {
  applyFieldEdits,
  checkFieldValue,
  countryOf,
  type Document,
  type EditedRead,
  isDocumentTerm,
} from '@invoice-reader/engine';
import { applyLineEdits, carriedLineEdits } from './line-edits.js';

interface StoredResult {
  fields_detailed?: Array<{ key: string; value: string; edited?: boolean }>;
  document?: Document;
}

/** The new reading with the earlier edits applied, or undefined when none carries over. */
export function carryEdits(
  previousResult: string | null,
  document: Document | null,
  countryCode: string,
  today: string,
  fieldEdits?: string | null,
): EditedRead | undefined {
  const country = countryOf(countryCode);
  if (!previousResult || !document || !country) return undefined;
  let previous: StoredResult;
  try {
    previous = JSON.parse(previousResult) as StoredResult;
  } catch {
    return undefined;
  }
  const values: Record<string, string> = {};
  for (const d of previous.fields_detailed ?? []) {
    if (!d.edited) continue;
    const checked = checkFieldValue(d.key, d.value, country);
    if ('value' in checked) values[d.key] = checked.value;
  }
  let timed: Record<string, { value?: unknown }> = {};
  try {
    timed = fieldEdits ? (JSON.parse(fieldEdits) as typeof timed) : {};
  } catch {
    // A column that does not parse holds nothing to carry.
  }
  for (const [key, edit] of Object.entries(timed)) {
    if (key in values || !isDocumentTerm(key) || typeof edit?.value !== 'string') continue;
    const checked = checkFieldValue(key, edit.value, country);
    if ('value' in checked) values[key] = checked.value;
  }
  const cells = carriedLineEdits(previous.document, document);
  if (!Object.keys(values).length && !Object.keys(cells).length) return undefined;
  const withCells = Object.keys(cells).length
    ? applyLineEdits(document, cells, country, today).document
    : document;
  return applyFieldEdits(withCells, values, country, today);
}
