// The Document as a file for another system may be written from it: what the reader read from a
// page (text layer or OCR) and did not confirm is left out, so a writer asks a person for it
// instead of passing on a guess. An e-invoice's own values and a person's corrections stay.
import type { Document } from '../document.js';
import { CONFIDENCE_BAR, type FieldDetail, fieldPaths } from './field-sets.js';

/** A value read off a page. */
const fromPage = (source: string | null | undefined) => source === 'text' || source === 'ocr';

/** Removes the value at a dotted path (array steps by index), if there is one. */
function deletePath(target: object, path: string): void {
  const steps = path.split('.');
  let cur: unknown = target;
  for (const step of steps.slice(0, -1)) {
    if (cur == null || typeof cur !== 'object') return;
    cur = (cur as Record<string, unknown>)[step];
  }
  if (cur != null && typeof cur === 'object') delete (cur as Record<string, unknown>)[steps.at(-1)!];
}

/**
 * A copy of `doc` without the values read from a page that are not confirmed: a field whose status
 * is unconfirmed or flagged (`fields_detailed`), and any value whose provenance lies below the
 * confidence bar (an amount due beside totals that do not add up), lines and the VAT breakdown
 * apart. Their provenance goes with them.
 */
export function confirmedDocument(doc: Document, fieldsDetailed: readonly FieldDetail[]): Document {
  const out = structuredClone(doc);
  const drop = new Set<string>();
  for (const f of fieldsDetailed)
    if ((f.status === 'unconfirmed' || f.status === 'flagged') && !f.edited && fromPage(f.source))
      for (const p of fieldPaths(doc, f.key)) drop.add(p);
  // (lines and the VAT breakdown answer to their own arithmetic: a writer refuses a line that
  // does not check, rather than write it with a hole)
  for (const [p, prov] of Object.entries(doc.provenance))
    if (
      fromPage(prov.source) &&
      prov.confidence !== undefined &&
      prov.confidence < CONFIDENCE_BAR &&
      !/^(?:lines|vat_breakdown)\./.test(p)
    )
      drop.add(p);
  for (const p of drop) {
    deletePath(out, p);
    for (const q of Object.keys(out.provenance))
      if (q === p || q.startsWith(`${p}.`)) delete out.provenance[q];
  }
  return out;
}
