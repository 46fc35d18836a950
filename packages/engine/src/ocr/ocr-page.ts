// What OCR gives back for a page, and how it becomes the laid-out text the field extraction
// reads (the same extraction as for a PDF text layer). OCR confidence then caps the confidence
// of every value read from the words it covers.
import { checkIban } from '../check/iban.js';
import { totalsAddUp } from '../check/sums.js';
import type { Document } from '../document.js';
import { getPath } from '../document-path.js';
import { ReadError } from '../errors.js';
import { bicOfIbanBank } from '../extract/identifiers/bank-bic.js';
import { currencyOfCountry } from '../extract/identifiers/currency.js';
import type { LayoutPage, LayoutWord } from '../extract/page/layout.js';
import { union } from '../extract/page/layout.js';
import { CONFIDENCE_BAR } from '../project/field-sets.js';

export interface OcrWord {
  text: string;
  bbox: [number, number, number, number];
  /** 0..1 */
  confidence: number;
  heightPx: number;
}
export interface OcrLine {
  words: OcrWord[];
}
export interface OcrPage {
  page: number;
  widthPx: number;
  heightPx: number;
  lines: OcrLine[];
}

/** OCR lines as a layout page in pixel units (font size from the word height). */
export function ocrLayout(p: OcrPage): LayoutPage {
  const lines = p.lines
    .map((l) => {
      const words: LayoutWord[] = l.words.map((w) => ({
        text: w.text,
        bbox: w.bbox,
        fontSize: Math.max(4, w.heightPx * 1.3),
      }));
      return { text: words.map((w) => w.text).join(' '), bbox: union(words.map((w) => w.bbox)), words };
    })
    .sort((a, b) => a.bbox[1] - b.bbox[1]);
  return { page: p.page, width: p.widthPx, height: p.heightPx, lines };
}

/**
 * Lowers each value's confidence to the mean OCR confidence of the words under its box, except
 * for values an independent check has already verified digit by digit: totals that add up
 * (net + VAT = gross), an IBAN that passes its mod-97 checksum, and a currency code that is the
 * usual one of the receiving business's country. A misread digit breaks those checks, and a misread
 * code does not spell that one, so a doubtful glyph there is not a reason to doubt the value. The box of a
 * value may span its label or a whole title line: for a value with digits (a date, a number, an
 * amount) only the words it was read from count (ofValue), so a smudged label or a type code
 * beside it does not cast doubt on a clean value.
 */
export function capByOcrConfidence(doc: Document, pages: OcrPage[], country?: string): void {
  const verified = verifiedPaths(doc, country);
  const ratings = new Map<string, OcrRating>();
  ocrRatings.set(doc, ratings);
  for (const [path, prov] of Object.entries(doc.provenance)) {
    if (!prov.bbox || !prov.page || verified.has(path)) continue;
    const page = pages.find((p) => p.page === prov.page);
    if (!page) continue;
    const value = getPath(doc, path) ?? '';
    const [x0, y0, x1, y1] = prov.bbox;
    const under: OcrWord[] = [];
    for (const line of page.lines) {
      for (const w of line.words) {
        const [a, b, c, d] = w.bbox;
        // A word of the line above or below may reach into the box by a sliver (tight line
        // spacing): only a word whose middle lies inside it is under it.
        const middle = (b + d) / 2;
        if (a < x1 && c > x0 && middle >= y0 && middle <= y1) under.push(w);
      }
    }
    const own = under.filter((w) => ofValue(w.text, value));
    const counted = own.length ? own : under;
    if (!counted.length) continue;
    const mean = counted.reduce((a, w) => a + w.confidence, 0) / counted.length;
    const marked = NAMES.has(path) ? unsureMark(counted) : undefined;
    ratings.set(path, { read: prov.confidence ?? 1, ocr: mean, ...(marked ? { unsureMark: true } : {}) });
    const cap = Math.min(prov.confidence ?? 1, mean, marked ?? 1);
    prov.confidence = Math.round(cap * 100) / 100;
  }
}

/** The values read as words of a party's name, which no checksum or dictionary confirms. */
const NAMES = new Set(['seller.name', 'buyer.name']);

/**
 * The OCR confidence of a name's word that carries a diacritic, when OCR was unsure of it (below
 * the bar). A name's mean confidence hides one doubtful word ("Franz" 0.95, "Möller" 0.74), and
 * the marks are where a blurred photo fools both backends alike: the base letter under an umlaut
 * (Müller read "Möller" by Tesseract and by PP-OCR), so their agreeing does not confirm the word
 * (second-read.ts keeps such a name doubted).
 */
function unsureMark(words: OcrWord[]): number | undefined {
  const unsure = words.filter((w) => w.confidence < CONFIDENCE_BAR && /\p{M}/u.test(w.text.normalize('NFD')));
  return unsure.length ? Math.min(...unsure.map((w) => w.confidence)) : undefined;
}

/** The two parts of a capped value's confidence: how surely the reading found it (a label, a
 * sentence of terms) and how surely OCR saw its characters. */
export interface OcrRating {
  read: number;
  ocr: number;
  /** A name with a diacritic OCR was unsure of (unsureMark): another read agreeing confirms nothing. */
  unsureMark?: boolean;
}

/** Per document read from OCR, the rating of each capped value (kept out of the document). */
const ocrRatings = new WeakMap<Document, Map<string, OcrRating>>();

export function ocrRating(doc: Document, path: string): OcrRating | undefined {
  return ocrRatings.get(doc)?.get(path);
}

/** Whether a value the reading found surely is unconfirmed only by OCR: its glyphs doubted, or
 * not made out at all (rateUnreadIban). */
export function doubtedByOcrOnly(doc: Document): boolean {
  const ratings = [...(ocrRatings.get(doc)?.values() ?? [])];
  return ratings.some((r) => r.read >= CONFIDENCE_BAR && r.ocr < CONFIDENCE_BAR);
}

/** A document read from OCR and its ratings, as they cross from a read worker: structured cloning
 * keeps no WeakMap entry, and without them a second read neither starts for a value only OCR
 * doubts nor confirms one that both reads saw alike (second-read.ts). */
export interface RatedDocument {
  document: Document;
  ratings: Record<string, OcrRating>;
}

export function withRatings(doc: Document): RatedDocument {
  return { document: doc, ratings: Object.fromEntries(ocrRatings.get(doc) ?? []) };
}

/** The document of `rated`, its ratings known to ocrRating again. */
export function ratedDocument(rated: RatedDocument): Document {
  ocrRatings.set(rated.document, new Map(Object.entries(rated.ratings)));
  return rated.document;
}

/**
 * An account printed under an IBAN label that the reading found no IBAN in ("Verkäufer-IBAN :
 * DEO02120300000000202051", a glyph doubled; "IBAN - 0£02120300000000202051", DE misread): rated
 * as surely there and not seen by OCR, so that a second read, whose own line detection may see it
 * right, is asked for (second-read.ts). What follows the label must look like an account: 15 or
 * more letters and digits, 12 of them digits.
 */
export function rateUnreadIban(doc: Document, pages: OcrPage[]): void {
  if (doc.payment.accounts[0]?.iban) return;
  const printed = pages.some((p) =>
    p.lines.some((l) => {
      const rest = /\bIBAN\b(.*)$/i.exec(l.words.map((w) => w.text).join(' '))?.[1] ?? '';
      // After the label any marks ("IBAN - 0£0212..."), and in the account a currency sign or a
      // bar OCR made of a letter.
      const lead = rest.replace(/^[^\p{L}\p{N}]+/u, '').replace(/\s/g, '');
      const account = /^[A-Z0-9£€$§|]{15,}/i.exec(lead)?.[0] ?? '';
      return (account.match(/\d/g)?.length ?? 0) >= 12;
    }),
  );
  if (!printed) return;
  const ratings = ocrRatings.get(doc) ?? new Map<string, OcrRating>();
  ocrRatings.set(doc, ratings);
  ratings.set('payment.accounts.0.iban', { read: CONFIDENCE_BAR, ocr: 0 });
}

/** Caps a value of an OCR'd document at `cap`, and how surely the reading found it too, so that
 * a second read agreeing with it does not confirm it either (second-read.ts, agreedConfidence). */
export function doubtValue(doc: Document, path: string, cap: number): void {
  const prov = doc.provenance[path];
  if (prov) prov.confidence = Math.min(prov.confidence ?? 0, cap);
  const rating = ocrRatings.get(doc)?.get(path);
  if (rating) rating.read = Math.min(rating.read, cap);
}

/**
 * Whether an OCR word is (part of) the printed form of a value with digits: its digits are a
 * piece of the value's ("DE89 3704 ..." of an IBAN), or its numbers are among the value's
 * ("05.03.2018" of 2018-03-05, "448,99" of 448.99).
 */
function ofValue(word: string, value: string): boolean {
  const digits = word.replace(/\D/g, '');
  if (!digits || !/\d/.test(value)) return false;
  if (value.replace(/\D/g, '').includes(digits)) return true;
  const numbers = new Set((value.match(/\d+/g) ?? []).map(Number));
  return (word.match(/\d+/g) ?? []).every((n) => numbers.has(Number(n)));
}

function verifiedPaths(doc: Document, country?: string): Set<string> {
  const out = new Set<string>();
  // "Währung: EUR" on a German invoice: the faint code and the country agree.
  if (country && doc.currency && doc.currency === currencyOfCountry(country)) out.add('currency');
  if (totalsAddUp(doc.totals)) for (const k of ['net', 'vat', 'gross']) out.add(`totals.${k}`);
  for (const [i, account] of (doc.payment.accounts ?? []).entries()) {
    if (!account.iban || !checkIban(account.iban).ok) continue;
    out.add(`payment.accounts.${i}.iban`);
    // The BIC the Bundesbank lists for the IBAN's bank, read as it lists it: the page's own
    // evidence, however faint its print.
    if (account.bic && bicOfIbanBank(account.bic, account.iban) === account.bic)
      out.add(`payment.accounts.${i}.bic`);
  }
  return out;
}

/** The OCR backends: Tesseract alone, PP-OCR (ONNX) alone, PP-OCR's lines read by Tesseract. */
export const OCR_BACKENDS = ['tesseract', 'onnx', 'hybrid'] as const;
export type OcrBackend = (typeof OCR_BACKENDS)[number];

/**
 * The backend per language (the country's first Tesseract language): Tesseract, the best reader
 * near 1 s per page on one core. The hybrid alone finds more values but confirms more wrong ones
 * and costs 1.6× the CPU; it is the second read where Tesseract leaves the core of an invoice
 * unconfirmed (second-read.ts; docs/adr/0001-ocr-tesseract-first-hybrid-second.md). PP-OCR
 * alone reads worst, and not at all in Cyrillic.
 */
export const DEFAULT_OCR_BACKEND: Record<string, OcrBackend> = {
  deu: 'tesseract',
  fra: 'tesseract',
  ita: 'tesseract',
  rus: 'tesseract',
  eng: 'tesseract',
};

/** `INVOICE_OCR_BACKEND` when set (measurements), else the default for the languages. */
export function ocrBackend(langs: string[], env = process.env.INVOICE_OCR_BACKEND): OcrBackend {
  if (env) {
    if ((OCR_BACKENDS as readonly string[]).includes(env)) return env as OcrBackend;
    throw new ReadError('invalid_option', `INVOICE_OCR_BACKEND must be one of ${OCR_BACKENDS.join(', ')}`);
  }
  return DEFAULT_OCR_BACKEND[langs[0] ?? 'eng'] ?? 'tesseract';
}
