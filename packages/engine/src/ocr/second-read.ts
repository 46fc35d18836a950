// A second OCR read of a document the first read left incomplete, and how the two are combined.
// The two backends fail differently: Tesseract's own layout analysis drops lines inside the
// boxes and tables of invoices, where PP-OCR's line detection (the hybrid backend) finds them,
// and each misreads other glyphs. A value both reads agree on is surer than either; a value only
// one read found is taken as that read rated it; where they disagree, neither is confirmed (a
// value its own read already doubted is no disagreement).
import { checkIban } from '../check/iban.js';
import { totalsAddUp } from '../check/sums.js';
import type { Document, Provenance } from '../document.js';
import { getPath, setPath } from '../document-path.js';
import { CONFIDENCE_BAR } from '../project/field-sets.js';
import { doubtedByOcrOnly, type OcrBackend, ocrRating } from './ocr-page.js';

/** The backend of the second read. */
export const SECOND_READER: OcrBackend = 'hybrid';

/** A value two reads disagree on is kept below the bar of confirmed values, for a person. */
export const DISAGREED = Math.round((CONFIDENCE_BAR - 0.1) * 100) / 100;

/** A value rated below this holds a word OCR could not read at all (rated near zero): beside a
 * surer reading it is no evidence, even where the two share a word. */
const UNREAD = 0.5;

/** Values read as a whole: totals only count when they add up together; an account, an address. */
const GROUPS = ['totals.', 'payment.accounts.', 'seller.address.', 'buyer.address.'];

/**
 * Whether a first read left the document's core incomplete: its number, its date, totals that
 * add up, the seller's and buyer's names or the currency, missing or not confirmed, or an IBAN that
 * fails its checksum. `INVOICE_OCR_SECOND_READ=0` turns second reads off (for measurement).
 */
export function needsSecondRead(doc: Document, env = process.env.INVOICE_OCR_SECOND_READ): boolean {
  if (env === '0') return false;
  const sure = (path: string) => (doc.provenance[path]?.confidence ?? 0) >= CONFIDENCE_BAR;
  if (!(doc.number && sure('number') && doc.issue_date && sure('issue_date') && totalsAddUp(doc.totals)))
    return true;
  // An IBAN whose checksum fails: a digit misread, which the other reader may see right.
  const iban = doc.payment.accounts[0]?.iban;
  if (iban && !checkIban(iban).ok) return true;
  // The two parties' names, which every field set holds: the hybrid's line detection finds a
  // name in an address window or a box that Tesseract's layout analysis cut into pieces.
  if (!['seller.name', 'buyer.name'].every((p) => getPath(doc, p) && sure(p))) return true;
  // A currency only guessed from the country: the "Währung: EUR" line Tesseract dropped from a
  // photo whose amounts carry no sign, which the hybrid's line detection finds.
  if (!(doc.currency && sure('currency'))) return true;
  // Or a value the reading found surely that only OCR's doubt keeps unconfirmed: a second read
  // that sees it alike confirms it (agreedConfidence).
  return doubtedByOcrOnly(doc);
}

/** The first read, completed and checked by the second (neither is changed). */
export function combineReads(first: Document, second: Document): Document {
  const out = structuredClone(first);
  const paths = (d: Document, prefix: string) =>
    Object.keys(d.provenance).filter((p) => p.startsWith(prefix));
  const take = (prefix: string, key: 'totals' | 'accounts' | 'seller' | 'buyer') => {
    for (const p of paths(out, prefix)) delete out.provenance[p];
    for (const p of paths(second, prefix)) out.provenance[p] = { ...second.provenance[p]! };
    if (key === 'totals') out.totals = structuredClone(second.totals);
    else if (key === 'accounts') out.payment.accounts = structuredClone(second.payment.accounts);
    else {
      const address = second[key].address;
      if (address) out[key].address = structuredClone(address);
    }
  };
  if (!totalsAddUp(first.totals) && totalsAddUp(second.totals)) take('totals.', 'totals');
  // An account whose IBAN passes its checksum beats none, and one that fails it (a misread digit
  // is no evidence against the other read's).
  const iban = (d: Document) => d.payment.accounts[0]?.iban;
  const ibanOk = (d: Document) => !!iban(d) && checkIban(iban(d)!).ok;
  if (ibanOk(first) !== ibanOk(second)) {
    if (ibanOk(second)) take('payment.accounts.', 'accounts');
  } else if (!iban(first) && iban(second)) take('payment.accounts.', 'accounts');
  else if (iban(first)) {
    for (const p of ['payment.accounts.0.iban', 'payment.accounts.0.bic']) leaf(out, first, second, p);
  }
  for (const party of ['seller', 'buyer'] as const) {
    if (!paths(first, `${party}.address.`).length && paths(second, `${party}.address.`).length)
      take(`${party}.address.`, party);
  }
  const single = new Set(
    [...Object.keys(first.provenance), ...Object.keys(second.provenance)].filter(
      (p) => !GROUPS.some((g) => p.startsWith(g)),
    ),
  );
  for (const p of single) leaf(out, first, second, p);
  return out;
}

/**
 * The confidence of a value both reads found alike. OCR doubt is a chance of a misread, and two
 * reads (different crops through different layout analysis) misreading a value into the same
 * string is rarer than either: their OCR confidences combine as independent chances. What the
 * reading itself doubts (a date out of a sentence of terms) stays doubted: it caps the result.
 */
export function agreedConfidence(first: Document, second: Document, path: string): number | undefined {
  const a = ocrRating(first, path);
  const b = ocrRating(second, path);
  if (!a || !b) return undefined;
  const ocr = 1 - (1 - a.ocr) * (1 - b.ocr);
  return Math.round(Math.min(a.read, b.read, ocr) * 100) / 100;
}

/** Two spellings of a name with the same letters and digits, word by word. */
function sameName(a: string, b: string): boolean {
  const fold = (s: string) =>
    s
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return fold(a) === fold(b);
}

/** Whether two readings have a word (letters or digits, two or more) in common. */
function shareAWord(a: string, b: string): boolean {
  const words = (s: string) =>
    s
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]{2,}/gu) ?? [];
  const inA = new Set(words(a));
  return words(b).some((w) => inA.has(w));
}

/** One value: agreeing reads raise its confidence, a value only the second read found is taken,
 * disagreeing reads keep the surer value below the bar. */
function leaf(out: Document, first: Document, second: Document, path: string): void {
  const a = getPath(out, path);
  const b = getPath(second, path);
  const pa = out.provenance[path];
  const pb = second.provenance[path];
  if (b === undefined || !pb) return;
  if (a === undefined || !pa) {
    setPath(out, path, b);
    out.provenance[path] = { ...pb };
    return;
  }
  if (a === b || (path.endsWith('.name') && sameName(a, b))) {
    // Names that differ only in punctuation OCR blurs ("Co. KG" / "Co, KG") agree: the surer read's
    // spelling is kept.
    if ((pb.confidence ?? 0) > (pa.confidence ?? 0)) setPath(out, path, b);
    pa.confidence = Math.max(
      pa.confidence ?? 0,
      pb.confidence ?? 0,
      agreedConfidence(first, second, path) ?? 0,
    );
    // Both backends misread a blurred umlaut alike: one read's doubt of it stands (ocr-page.ts).
    if (ocrRating(first, path)?.unsureMark || ocrRating(second, path)?.unsureMark)
      pa.confidence = Math.min(pa.confidence, DISAGREED);
    return;
  }
  const surer: Provenance = (pb.confidence ?? 0) > (pa.confidence ?? 0) ? pb : pa;
  const other = surer === pb ? pa : pb;
  if (surer === pb) setPath(out, path, b);
  // A value its own read already doubted below the disagreement level, with no word in common
  // with the surer one (OCR that saw other glyphs where the other read saw a name clearly: "a pe,
  // none" for "Ma jolie boutique"), is no evidence against it: the surer keeps its own rating.
  // Sharing a word ("Lieferant Gabi" / "Lieferant GmbH"), both read the same hard-to-read place.
  const contested =
    (other.confidence ?? 0) >= DISAGREED || ((other.confidence ?? 0) >= UNREAD && shareAWord(a, b));
  out.provenance[path] = {
    ...surer,
    confidence: contested ? Math.min(surer.confidence ?? 0, DISAGREED) : (surer.confidence ?? 0),
  };
}

/** A second read covers at most this many scanned pages. */
export const SECOND_READ_PAGES = 4;

/**
 * The scanned pages read a second time: those the first read found the invoice's core on (number,
 * date, totals), the first and the last, then the next from the start, up to SECOND_READ_PAGES.
 * The rest of a long scan (delivery notes, terms, enclosures) would cost a second read's time
 * and memory for little: on 100 pages, 15 s instead of 58 s.
 */
export function secondReadPages(first: Document, scanned: number[]): number[] {
  const core = ['number', 'issue_date', 'totals.gross', 'totals.net', 'totals.vat'].map(
    (k) => first.provenance[k]?.page,
  );
  const wanted = [...core, scanned[0], scanned[scanned.length - 1], ...scanned];
  const pages: number[] = [];
  for (const p of wanted) {
    if (pages.length >= SECOND_READ_PAGES) break;
    if (p !== undefined && scanned.includes(p) && !pages.includes(p)) pages.push(p);
  }
  return pages.sort((a, b) => a - b);
}
