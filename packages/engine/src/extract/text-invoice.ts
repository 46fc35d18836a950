// Reads an invoice from laid-out page text (a PDF text layer, later OCR) with no per-supplier
// template: labels in several languages find candidates, value grammars parse them, arithmetic
// and checksums decide between them. Every value records page, box and confidence.
import { type Document, emptyDocument } from '../document.js';
import { setPath } from '../document-path.js';
import { parseAmount } from './amounts.js';
import { detectCurrency } from './currency.js';
import { findDates, parseDate } from './dates.js';
import { findBics, findIbans, findVatIds } from './identifiers.js';
import { type FieldLabel, matchLabel } from './labels.js';
import {
  type Box,
  columnBelow,
  type LayoutPage,
  type PageLayout,
  type PartyBlock,
  partyBlocks,
  type Segment,
  segmentPage,
  union,
  valuesNear,
} from './layout.js';
import { readParties } from './parties.js';
import { type AmountCandidate, chooseTotals, type TotalKind } from './totals.js';

export interface TextReadOptions {
  source: 'text' | 'ocr';
  reader: string;
  country?: string;
  lang?: string;
}

/** Labels in the order they are tried on a segment; the longest match wins (most specific). */
const SEGMENT_LABELS: FieldLabel[] = [
  'invoice_no',
  'due_date',
  'invoice_date',
  'vat_id',
  'iban',
  'bic',
  'currency',
  'payable',
  'gross',
  'net',
  'vat',
  'other_amount',
  'tax_number',
];

/**
 * Words right after an invoice-number or date label that make it name another document: the
 * invoice corrected or referred to, the order, the delivery ("N° de facture associée : F2026",
 * "Datum der Bestellung", "Date de livraison").
 */
const OTHER_DOCUMENT =
  /^(?:(?:de\s+la|de|der|des|du|of(?:\s+the)?|della|del|dell'|di)\s+)?(?:associ[ée]e?s?|li[ée]e?s?|d'origine|origin(?:al|ale|e)|pr[ée]c[ée]dente?|preceding|previous|related|referenced|corrig[ée]e|rectifi[ée]e|ursprungs|vorherigen?|urspr[üu]nglichen?|bestellung|auftrag(?:s)?|lieferung|leistung|order|commande|livraison|delivery|ordine|consegna|contrat|contratto|vertrag|contract|angebot|offre|quote|quotation|offerta|zahlung|paiement|payment|pagamento|versand|shipment|exp[ée]dition)(?![\p{L}])/iu;

/** After a currency label: the currency of the VAT accounting, not of the invoice. */
const TAX_CURRENCY =
  /^(?:(?:der|des|de\s+la|de|of(?:\s+the)?|for|dell[a']?|dell')\s*)?(?:umsatzsteuer|steuer|mwst|ust|vat|tax|tva|iva|btw)/iu;

/** Labels that name the field unambiguously ("Rechnungsdatum") rather than generically ("Datum"). */
const WEAK =
  /^(?:datum|date|data|дата|fecha|total|totale|tax|ust\.?|mwst\.?|tva|iva|btw|итого|всего|subtotal)\b/i;

export interface LabelHit {
  field: FieldLabel;
  seg: Segment;
  /** The text after the label within the same segment. */
  rest: string;
  strength: number;
}

export function readTextInvoice(pages: LayoutPage[], opts: TextReadOptions): Document {
  const d = emptyDocument(opts.source);
  const layouts = pages.map(segmentPage);
  const blocks = partyBlocks(layouts);
  const hits = labelHits(layouts);
  const put = (path: string, value: string, where: Box | undefined, page: number, confidence: number) => {
    setPath(d, path, value);
    d.provenance[path] = {
      source: opts.source,
      reader: opts.reader,
      page,
      ...(where ? { bbox: where } : {}),
      confidence: Math.round(confidence * 100) / 100,
    };
  };
  const order = dateOrder(layouts, opts);

  // Invoice number and date: from their labels, or from a title line "Rechnung Nr. X vom <date>".
  const number = firstValue(hits, layouts, 'invoice_no', (s) => invoiceNumberOf(s));
  if (number) put('number', number.value, number.box, number.page, number.strength > 1 ? 0.9 : 0.82);
  const title = titleLine(layouts, order);
  if (!d.number && title?.number) put('number', title.number, title.box, title.page, 0.88);
  const date = firstValue(hits, layouts, 'invoice_date', (s) => dateOf(s, order));
  if (date && date.strength > 1) put('issue_date', date.value, date.box, date.page, 0.9);
  else if (title?.date) put('issue_date', title.date, title.box, title.page, 0.88);
  else {
    // The date of the letter ("München, den 01.11.2024", or set right of the title line) before
    // a generic "Datum" (which may be a print stamp in the footer: "Datum: 30.10.2024 Zeit: ...").
    const letter = letterDate(layouts, order);
    if (letter) put('issue_date', letter.value, letter.box, letter.page, 0.85);
    else if (date) put('issue_date', date.value, date.box, date.page, 0.82);
  }
  const labelledDue = firstValue(hits, layouts, 'due_date', (s) => dateOf(s, order));
  // A date read out of a sentence of payment terms stays a candidate below the confidence bar:
  // a person confirms it (the sentence may name a discount date or a delivery date).
  const due = labelledDue ?? dueInTerms(layouts, order);
  const dueConfidence = labelledDue ? 0.88 : 0.75;
  // A due date equal to the invoice date is kept only as the value of its own label
  // ("Date d'échéance  16/11/2017", payment at once), never out of a sentence.
  if (due && (due.value !== d.issue_date || (labelledDue && onlyDate(labelledDue)))) {
    put('due_date', due.value, due.box, due.page, dueConfidence);
    put('payment.due_date', due.value, due.box, due.page, dueConfidence);
  }

  // Currency: a labelled code, else the code or symbol the amounts are written with.
  const cur = firstValue(hits, layouts, 'currency', (s) => /\b([A-Z]{3})\b/.exec(s)?.[1]);
  const allText = layouts
    .flatMap((l) => l.lines.map((segs) => segs.map((s) => s.text).join('  ')))
    .join('\n');
  if (cur) put('currency', cur.value, cur.box, cur.page, 0.92);
  else {
    const detected = detectCurrency(allText, opts.country ? { country: opts.country } : undefined);
    if (detected) put('currency', detected, undefined, 1, 0.85);
  }

  readIdentifiers(d, layouts, blocks, hits, put);
  readParties(d, layouts, blocks, put);
  readTotals(hits, layouts, put);
  return d;
}

/** Lines that name the buyer's own account (direct debit), not the account to pay to. */
const DEBTOR_ACCOUNT =
  /(?<!ver)k[äa]ufer|buyer|debtor|payer|zahlungspflichtig|lastschrift|direct\s+debit|pr[ée]l[èe]vement|addebito|mandat|abbuchung|eingezogen|eingezug|ihrem\s+konto|your\s+account|votre\s+compte|vostro\s+conto/i;

type Put = (path: string, value: string, where: Box | undefined, page: number, confidence: number) => void;

/** Every segment that starts with a label, with the field it names. */
export function labelHits(layouts: PageLayout[]): LabelHit[] {
  const hits: LabelHit[] = [];
  for (const layout of layouts) {
    for (const line of layout.lines) {
      for (const seg of line) hits.push(...segmentHits(seg));
    }
  }
  return hits;
}

/**
 * The label a segment starts with; a table header whose column titles ran together into one
 * segment ("Grondslag BTW bedrag", "Netto MwSt. Brutto": no digits, label after label) gives one
 * hit per title, each with its share of the segment's box.
 */
function segmentHits(seg: Segment): LabelHit[] {
  const out: LabelHit[] = [];
  let part = seg;
  for (;;) {
    const best = longestLabel(part.text);
    if (!best) break;
    const labelText = part.text.slice(0, best.end);
    const rest = part.text.slice(best.end).trim();
    // "N° de facture associée", "Datum der Bestellung": a label about another document.
    if ((best.field === 'invoice_no' || best.field === 'invoice_date') && OTHER_DOCUMENT.test(rest)) break;
    // "Währung der Umsatzsteuerbuchung : EUR": the currency the VAT is booked in, not the invoice's.
    if (best.field === 'currency' && TAX_CURRENCY.test(rest)) break;
    const strength = WEAK.test(labelText.trim()) && labelText.trim().split(/\s+/).length === 1 ? 1 : 2;
    const next = rest && !/\d/.test(seg.text) ? longestLabel(rest) : undefined;
    if (!next) {
      out.push({ field: best.field, seg: part, rest, strength });
      break;
    }
    const cut = part.text.length - rest.length;
    out.push({ field: best.field, seg: slice(part, 0, cut), rest: '', strength });
    part = slice(part, cut, part.text.length);
  }
  return out;
}

function longestLabel(text: string): { field: FieldLabel; end: number } | undefined {
  let best: { field: FieldLabel; end: number } | undefined;
  for (const field of SEGMENT_LABELS) {
    const end = matchLabel(text, field);
    if (end !== undefined && (!best || end > best.end)) best = { field, end };
  }
  return best;
}

/** Characters [from, to) of a segment, its box cut in proportion (the words' own boxes are gone). */
function slice(seg: Segment, from: number, to: number): Segment {
  const [x0, y0, x1, y1] = seg.bbox;
  const per = (x1 - x0) / Math.max(1, seg.text.length);
  return { ...seg, text: seg.text.slice(from, to).trim(), bbox: [x0 + per * from, y0, x0 + per * to, y1] };
}

interface Found {
  value: string;
  box: Box;
  page: number;
  strength: number;
  /** The text the value was read from. */
  text?: string;
}

/** The first labelled value that parses: after the label in its segment, right of it, or below. */
function firstValue(
  hits: LabelHit[],
  layouts: PageLayout[],
  field: FieldLabel,
  parse: (s: string) => string | undefined,
): Found | undefined {
  let weak: Found | undefined;
  for (const hit of hits.filter((h) => h.field === field)) {
    const layout = layouts.find((l) => l.page === hit.seg.page)!;
    const options = [
      ...(hit.rest ? [{ text: hit.rest, seg: hit.seg }] : []),
      ...valuesNear(layout, hit.seg).map((v) => ({ text: v.seg.text, seg: v.seg })),
    ];
    for (const o of options) {
      const value = parse(o.text);
      if (!value) continue;
      const found = {
        value,
        box: o.seg === hit.seg ? hit.seg.bbox : union([hit.seg.bbox, o.seg.bbox]),
        page: hit.seg.page,
        strength: hit.strength,
        text: o.text,
      };
      if (hit.strength > 1) return found;
      weak ??= found;
      break;
    }
  }
  return weak;
}

const NUMBER_TOKEN = /^[#:№]?\s*([A-Za-z0-9][A-Za-z0-9\-/._]{0,30})/;

export function invoiceNumberOf(s: string): string | undefined {
  const m = NUMBER_TOKEN.exec(s.trim());
  const v = m?.[1]?.replace(/[.,;:]+$/, '');
  if (!v || !/\d/.test(v) || v.length > 30) return undefined;
  if (parseDate(v)) return undefined;
  return v;
}

type DateOrder = 'dmy' | 'mdy' | undefined;

/** Payment terms in a sentence: "Zahlbar innerhalb 30 Tagen netto bis 04.04.2013, 3% Skonto ...". */
const TERMS_DUE =
  /(?:zahlbar|f[äa]llig|payable|due|payer|pagabile|te\s+betalen|к\s+оплате)[^.;]*?\b(?:bis(?:\s+zum)?|by|until|avant\s+le|au\s+plus\s+tard\s+le|entro\s+il|voor|до)\s+/i;

function dueInTerms(layouts: PageLayout[], order: DateOrder): Found | undefined {
  for (const layout of layouts) {
    for (const line of layout.lines) {
      const text = line.map((s) => s.text).join(' ');
      const m = TERMS_DUE.exec(text);
      if (!m) continue;
      // The first date after the keyword: a discount date (Skonto) comes later in the sentence.
      const value = dateOf(text.slice(m.index + m[0].length, m.index + m[0].length + 30), order);
      if (value) return { value, box: union(line.map((s) => s.bbox)), page: layout.page, strength: 1 };
    }
  }
  return undefined;
}

/** A value that is a date alone under a strong label, not a date inside running text. */
function onlyDate(f: Found): boolean {
  const dates = f.text ? findDates(f.text) : [];
  return f.strength > 1 && dates.length === 1 && !/\p{L}{2}/u.test(f.text!.slice(dates[0]!.end));
}

function dateOf(s: string, order: DateOrder): string | undefined {
  return findDates(s, order ? { order } : {})[0]?.value;
}

/**
 * Day or month first in slashed dates: month first for US invoices, day first for invoices in
 * the languages of continental Europe and from the UK; an English invoice from elsewhere may be
 * either, so an ambiguous date (03/04/2024) is left unread rather than guessed.
 */
function dateOrder(layouts: PageLayout[], opts: TextReadOptions): DateOrder {
  const country = opts.country?.toUpperCase();
  if (opts.lang === 'en-US' || country === 'US') return 'mdy';
  if (country === 'GB' || country === 'IE') return 'dmy';
  const text = layouts
    .slice(0, 1)
    .flatMap((l) => l.lines.flat().map((s) => s.text))
    .join(' ');
  const english = /\b(?:invoice|total|amount|date)\b/i.test(text);
  const continental = /rechnung|betrag|facture|montant|fattura|importo|factuur|factura|сч[её]т|сумма/i.test(
    text,
  );
  return english && !continental ? undefined : 'dmy';
}

const DOC_WORD = String.raw`rechnung|invoice|facture|fattura|сч[её]т|factuur|factura|gutschrift|avoir|credit\s+note|nota\s+di\s+credito`;
const NUMBER = String.raw`([A-Za-z0-9][A-Za-z0-9\-\/._]*\d[A-Za-z0-9\-\/._]*)`;
/** "Handelsrechnung (380) Nr. KR876 vom 06.10.2018", "Rechnung # RE-5 von 09.05.2017", "Invoice No. 42 dated 1 March 2024". */
const TITLE_NUMBER = new RegExp(
  `(?:\\b(?:nr|no|n°|nummer|number|num[ée]ro)\\.?|#|№)\\s*:?\\s*${NUMBER}(?:\\s+(?:vom|von|du|del|dated|of|от|van|de|issued(?:\\s+(?:at|on))?|ausgestellt\\s+am|[ée]mise?\\s+le)\\s+(.{6,24}))?`,
  'iu',
);
/** A heading that is the document word and its number alone: "Rechnung RE1001", "Facture FA-2017-0010". */
const TITLE_ALONE = new RegExp(`^(?:\\p{L}*(?:${DOC_WORD}))\\s+${NUMBER}$`, 'iu');

/** A document other than the invoice named between the title word and the number. */
const OTHER_BEFORE_NUMBER =
  /bestell|auftrag|liefer|vertrag|angebot|kunden|order|delivery|contract|quot|customer|commande|livraison|contrat|client|devis|ordine|consegna|contratto|cliente|заказ|договор|накладн|bestelling|levering|pedido|albar|associ|li[ée]e|ursprung|origin|preceding|previous|versicherung|police|policy|polizza|mandat/iu;

/** Not a date, and not a version number ("XRechnung 1.2"). */
function plausibleNumber(s: string): boolean {
  return s.length >= 3 && !/^\d{1,2}(?:\.\d{1,2}){1,2}$/.test(s) && !parseDate(s);
}

/** "<Ort>, den" / "<ville>, le" right before the date of a letter. */
const PLACE_COMMA = /\p{Lu}[\p{L}.\- ]*,\s*(?:den|le|il|am)\s*$/u;

/**
 * The date of the letter in the top part of the first page: after "<place>, den", or a date
 * standing alone at the right end of the title line ("Beitragsrechnung ... Nr. X      11. März 2014").
 */
function letterDate(layouts: PageLayout[], order: DateOrder): Found | undefined {
  const first = layouts[0];
  if (!first) return undefined;
  for (const line of first.lines) {
    if (line[0] && line[0].bbox[1] > 0.45) break;
    for (const [i, seg] of line.entries()) {
      const inline = /,\s*(?:den|le|il|am)\s+(.{6,20})$/u.exec(seg.text);
      if (
        inline &&
        PLACE_COMMA.test(seg.text.slice(0, inline.index + inline[0].length - inline[1]!.length))
      ) {
        const value = dateOf(inline[1]!, order);
        if (value) return { value, box: seg.bbox, page: first.page, strength: 1 };
      }
      if (i === 0) continue;
      const prev = line[i - 1]!;
      const alone = dateOf(seg.text, order);
      if (!alone || findDates(seg.text, order ? { order } : {})[0]!.raw.length < seg.text.trim().length - 1)
        continue;
      const titled =
        i === line.length - 1 &&
        i === 1 &&
        new RegExp(DOC_WORD, 'iu').test(prev.text) &&
        TITLE_NUMBER.test(prev.text) &&
        !longestLabel(prev.text);
      if (PLACE_COMMA.test(prev.text) || titled)
        return { value: alone, box: union([prev.bbox, seg.bbox]), page: first.page, strength: 1 };
    }
  }
  return undefined;
}

function titleLine(layouts: PageLayout[], order: DateOrder) {
  const first = layouts[0];
  if (!first) return undefined;
  for (const [li, line] of first.lines.entries()) {
    const text = line.map((s) => s.text).join(' ');
    if (!new RegExp(DOC_WORD, 'iu').test(text)) continue;
    const box = union(line.map((s) => s.bbox));
    for (const seg of line) {
      const alone = TITLE_ALONE.exec(seg.text.trim());
      if (alone && plausibleNumber(alone[1]!))
        return { number: alone[1]!, date: undefined, box: seg.bbox, page: first.page };
    }
    const m = TITLE_NUMBER.exec(text);
    if (!m || !plausibleNumber(m[1]!)) continue;
    // "Rechnung gemäß Bestellung Nr. 2013-471331": the number of the order, not of the invoice.
    // "... aus der Lieferung Nr. 2013-51112 in Rechnung zu stellen": the title word comes first.
    const doc = new RegExp(DOC_WORD, 'iu').exec(text)!;
    if (doc.index > m.index || OTHER_BEFORE_NUMBER.test(text.slice(doc.index + doc[0].length, m.index)))
      continue;
    // The date may follow on the next line ("... Nr. 9314110911/00/M/00/N vom" / "01.01.2018").
    const next = first.lines[li + 1]?.map((s) => s.text).join(' ') ?? '';
    const date = findDates(m[2] ?? next.slice(0, 24), { order })[0]?.value;
    return {
      number: m[1]!,
      date: m[2] || /\b(?:vom|von|du|del|dated)\s*$/i.test(text) ? date : undefined,
      box,
      page: first.page,
    };
  }
  return undefined;
}

function readIdentifiers(
  d: Document,
  layouts: PageLayout[],
  blocks: PartyBlock[],
  hits: LabelHit[],
  put: Put,
): void {
  const inRole = (seg: Segment, role: 'seller' | 'buyer' | 'other') =>
    blocks.some((b) => b.role === role && b.segments.includes(seg));
  const segments = layouts.flatMap((l) => l.lines.flat());
  // VAT ids: the seller's is the first outside the buyer's and other parties' blocks.
  for (const seg of segments) {
    if (inRole(seg, 'buyer') || inRole(seg, 'other')) continue;
    const [vat] = findVatIds(seg.text);
    if (!vat) continue;
    if (d.seller.vat_id) break;
    put('seller.vat_id', vat.value, seg.bbox, seg.page, inRole(seg, 'seller') ? 0.92 : 0.86);
  }
  for (const seg of segments) {
    if (!inRole(seg, 'buyer') || d.buyer.vat_id) continue;
    const [vat] = findVatIds(seg.text);
    if (vat) put('buyer.vat_id', vat.value, seg.bbox, seg.page, 0.88);
  }
  // IBAN: the first outside the buyer's block and not a direct-debit mandate.
  for (const seg of segments) {
    if (inRole(seg, 'buyer')) continue;
    // The IBAN's line, and the next one when the sentence goes on there ("... von Ihrem Konto
    // mit IBAN DE21 ..." / "und BIC ..., per SEPA-Lastschrift eingezogen.").
    const lines = layouts.find((l) => l.page === seg.page)!.lines;
    const line = lines[seg.line]!.map((s) => s.text).join(' ');
    const next = /[.:]\s*$/.test(line) ? '' : (lines[seg.line + 1]?.map((s) => s.text).join(' ') ?? '');
    if (DEBTOR_ACCOUNT.test(line) || (next && /^\p{Ll}/u.test(next) && DEBTOR_ACCOUNT.test(next))) continue;
    // A valid IBAN first; one that fails its checksum is still reported (and flagged).
    const found = findIbans(seg.text);
    // One that fails its checksum is taken only under an IBAN label (a meter or contract number
    // can look like an IBAN).
    const iban = found.find((i) => i.valid) ?? (ibanLabelled(hits, seg) ? found[0] : undefined);
    if (!iban) continue;
    put('payment.accounts.0.iban', iban.value, seg.bbox, seg.page, 0.9);
    const bic = nearestBic(segments, seg, hits);
    if (bic) put('payment.accounts.0.bic', bic.value, bic.seg.bbox, bic.seg.page, 0.88);
    break;
  }
}

function ibanLabelled(hits: LabelHit[], seg: Segment): boolean {
  return hits.some((h) => h.field === 'iban' && h.seg.page === seg.page && h.seg.line === seg.line);
}

/** A BIC on the IBAN's line or the lines just around it; labelled ones first. */
function nearestBic(segments: Segment[], ibanSeg: Segment, hits: LabelHit[]) {
  const near = segments.filter((s) => s.page === ibanSeg.page && Math.abs(s.line - ibanSeg.line) <= 3);
  const labelled = new Set(hits.filter((h) => h.field === 'bic').map((h) => h.seg.line));
  let fallback: { value: string; seg: Segment } | undefined;
  for (const seg of near) {
    for (const bic of findBics(seg.text)) {
      if (bic.labelled || labelled.has(seg.line)) return { value: bic.value, seg };
      fallback ??= { value: bic.value, seg };
    }
  }
  return fallback && labelled.size ? fallback : undefined;
}

function readTotals(hits: LabelHit[], layouts: PageLayout[], put: Put): void {
  const cands: AmountCandidate[] = [];
  for (const hit of hits) {
    if (!['net', 'vat', 'gross', 'payable'].includes(hit.field)) continue;
    const layout = layouts.find((l) => l.page === hit.seg.page)!;
    const line = layout.lines[hit.seg.line]!;
    // The amount of a totals row is the last amount on it (a rate or a base may come first),
    // up to the next label on the row (a second column of label and amount).
    const nextLabel = line.findIndex((s, i) => i > hit.seg.index && hits.some((h) => h.seg === s));
    const right = line.slice(hit.seg.index + 1, nextLabel < 0 ? undefined : nextLabel);
    const texts = [hit.rest, ...right.map((s) => s.text)];
    let value: string | undefined;
    let seg = hit.seg;
    for (let i = texts.length - 1; i >= 0 && !value; i--) {
      value = lastAmount(texts[i]!);
      if (value) seg = i === 0 ? hit.seg : right[i - 1]!;
    }
    if (value) {
      cands.push({ kind: hit.field as TotalKind, value, seg, strength: hit.strength });
      continue;
    }
    // A column header: every row of its column below is a candidate (a VAT breakdown lists one
    // row per rate and then the sum row; arithmetic and position pick among them).
    for (const below of columnBelow(layout, hit.seg)) {
      const v = lastAmount(below.text);
      if (v) cands.push({ kind: hit.field as TotalKind, value: v, seg: below, strength: hit.strength });
    }
  }
  const credit = layouts[0]?.lines.some((l) => l.some((seg) => CREDIT_TITLE.test(seg.text))) ?? false;
  const t = chooseTotals(cands, { credit });
  const conf = t.balanced ? 0.93 : 0.7;
  if (!t.balanced && t.corroborated && t.gross) {
    put('totals.gross', t.gross.value, t.gross.seg.bbox, t.gross.seg.page, 0.86);
    return;
  }
  for (const [k, c] of [
    ['net', t.net],
    ['vat', t.vat],
    ['gross', t.gross],
  ] as const) {
    if (c) put(`totals.${k}`, c.value, union([c.seg.bbox]), c.seg.page, c.strength > 1 ? conf : conf - 0.05);
  }
  if (t.payable) put('totals.payable', t.payable.value, t.payable.seg.bbox, t.payable.seg.page, 0.8);
}

/** A segment that opens with the name of a credit note or of an invoice correction. */
const CREDIT_TITLE =
  /^\s*(?:gutschrift|rechnungskorrektur|korrekturrechnung|stornorechnung|credit\s+note|avoir|facture\s+d'avoir|nota\s+di\s+credito|creditnota|nota\s+de\s+cr[ée]dito|корректировочный)(?![\p{L}])/iu;

function lastAmount(text: string): string | undefined {
  const tokens = text.split(/\s{2,}|\t/).reverse();
  for (const raw of tokens) {
    if (/%\s*$/.test(raw.trim())) continue;
    // OCR's stray space after the decimal comma of a totals row: "18310, 63".
    const tok = raw.trim().replace(/^(-?\d[\d.']*[.,]) (\d{2})$/, '$1$2');
    const v = parseAmount(tok);
    if (v !== undefined && /[.,]\d{1,2}\b|[.,]-/.test(tok)) return v;
  }
  const m = text.match(/-?\(?[\d][\d.,'\u00a0\u202f ]*[.,]\d{2}\)?-?/g);
  if (m)
    for (const raw of m.reverse()) {
      const v = parseAmount(raw.trim());
      if (v !== undefined) return v;
    }
  return undefined;
}
