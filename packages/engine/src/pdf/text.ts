// The text layer of a PDF as positioned words and lines (from pdf.js getTextContent), turned so the
// text reads upright, plus a verdict per page whether that layer can be read at all or the page
// needs OCR instead (image-only scans, or fonts whose glyphs map to garbage).
import type { TextItem, TextStyle } from 'pdfjs-dist/types/src/display/api.js';
import type { PdfDocument } from './open.js';
import { mapUnmapped, UNMAPPED, unmappedGlyphs } from './unmapped-glyphs.js';

/** x0, y0 (top left), x1, y1 (bottom right) as fractions of the page's upright width and height. */
export type BBox = [number, number, number, number];

export interface TextWord {
  text: string;
  bbox: BBox;
  fontSize: number;
}

export interface TextLine {
  /** The words joined with single spaces; the boxes keep the gaps (columns) for layout code. */
  text: string;
  bbox: BBox;
  words: TextWord[];
}

export interface PageText {
  /** 1-based. */
  page: number;
  /** Size of the upright frame in points: the page as displayed, turned by `rotation`. */
  width: number;
  height: number;
  /** Clockwise turn (0, 90, 180, 270) of the displayed page that made its main text upright. */
  rotation: number;
  /** Lines top to bottom, words left to right. */
  lines: TextLine[];
  /** Non-space characters in the text layer. */
  chars: number;
  usable: boolean;
  reason?: 'no_text' | 'garbled';
}

export interface TextQuality {
  usable: boolean;
  reason?: 'no_text' | 'garbled';
}

/** Baselines closer than this many font sizes (of the smaller font, so a small label beside a
 * large value in another column stays apart) belong to one line. */
const LINE_TOLERANCE = 0.4;
/** Pieces of separate items closer than this many font sizes are one word (pdf.js itself inserts a
 * space from 0.102 em on, so a smaller gap is kerning or a font change inside a word). */
const JOIN_GAP = 0.1;
/** Text further than this from an axis (diagonal watermarks) has no place in a line layout. */
const MAX_SKEW_DEG = 10;

/** A word-sized piece of one text item, in the upright frame of its own direction. */
interface Piece {
  text: string;
  x0: number;
  x1: number;
  base: number;
  size: number;
  ascent: number;
  descent: number;
  /** The piece touches its item's start / end, so it may continue in a neighbouring item. */
  openStart: boolean;
  openEnd: boolean;
}

/** Reads the text layer of pages 1..maxPages (default 100). */
export async function extractText(doc: PdfDocument, opts: { maxPages?: number } = {}): Promise<PageText[]> {
  const count = Math.min(doc.numPages, Math.max(0, Math.floor(opts.maxPages ?? 100)));
  const pages: PageText[] = [];
  for (let n = 1; n <= count; n++) pages.push(await readPage(doc, n));
  return pages;
}

export function pageLinesText(page: PageText): string {
  return page.lines.map((l) => l.text).join('\n');
}

/** A page whose text layer is missing or broken: the caller can still OCR it. */
function emptyPage(page: number, width: number, height: number): PageText {
  return { page, width, height, rotation: 0, lines: [], chars: 0, usable: false, reason: 'no_text' };
}

async function readPage(doc: PdfDocument, n: number): Promise<PageText> {
  // A page pdf.js cannot parse counts as a page without text rather than failing the document.
  const page = await doc.getPage(n).catch(() => undefined);
  if (!page) return emptyPage(n, 0, 0);
  const vp = page.getViewport({ scale: 1 });
  const content = await page.getTextContent().catch(() => undefined);
  // Glyphs the PDF maps to no character (a control character in the text): read from their
  // outlines where those show a hyphen, a dash, a colon or a point (unmapped-glyphs.ts).
  const items = content?.items.filter((i): i is TextItem => 'str' in i) ?? [];
  if (items.some((i) => UNMAPPED.test(i.str))) {
    const glyphs = await unmappedGlyphs(page).catch(() => undefined);
    if (glyphs) mapUnmapped(items, glyphs);
  }
  // A filled-in form's values stand in its fields' appearance, not in the page's text.
  const annotations: unknown[] = content
    ? await page.getAnnotations({ intent: 'display' }).catch(() => [])
    : [];
  page.cleanup();
  if (!content) return emptyPage(n, vp.width, vp.height);

  const W = vp.width;
  const H = vp.height;
  const [a, b, c, d, e, f] = vp.transform as [number, number, number, number, number, number];
  const scale = Math.hypot(a, b);
  const groups = new Map<number, Piece[]>();
  const weight = new Map<number, number>();
  let all = '';
  let icon: { q: number; x0: number; x1: number; base: number; size: number } | undefined;
  let lastPiece: Piece | undefined;
  const printed = items.filter((i) => !!i.str.trim());
  for (const raw of [...content.items, ...formFieldItems(annotations, printed)]) {
    if (!('str' in raw)) continue;
    const item = raw as TextItem;
    all += `${item.str} `;
    if (!item.str.trim()) {
      // A space drawn as an item of its own ends the word before it, however narrow its advance
      // (a report designer's " " 0.08 em wide between "VPS" and "XL"): never joined across it.
      if (lastPiece) lastPiece.openEnd = false;
      continue;
    }
    const style: TextStyle | undefined = content.styles[item.fontName];
    // Vertical writing (CJK) is outside the supported languages; its geometry differs.
    if (style?.vertical) continue;
    const [t0, t1, t2, t3, t4, t5] = item.transform as number[];
    const size = Math.hypot(t2!, t3!) * scale;
    const run = Math.hypot(t0!, t1!);
    if (!(size > 0) || !(run > 0)) continue;
    // Baseline direction as displayed (y down): apply the viewport matrix to the text direction.
    const dx = (a * t0! + c * t1!) / run;
    const dy = (b * t0! + d * t1!) / run;
    const angle = (Math.atan2(dy, dx) * 180) / Math.PI;
    const nearest = Math.round(angle / 90) * 90;
    if (Math.abs(angle - nearest) > MAX_SKEW_DEG) continue;
    const q = ((nearest % 360) + 360) % 360;
    const [ox, oy] = turn(q, W, H, a * t4! + c * t5! + e, b * t4! + d * t5! + f);
    const list = groups.get(q) ?? [];
    groups.set(q, list);
    // Some fonts (Type3, broken widths) report no advance; half an em per character keeps the words.
    const width = item.width > 0 ? item.width * scale : 0.5 * size * item.str.length;
    const before = list.length;
    splitItem(item, style, ox, oy, size, width, list);
    // An item of icons alone ("👤", an icon font's glyph) before a word on its baseline: the word
    // takes the icon's place, so a heading stays flush with the block under it ("👤 Prejemnik").
    const first = list[before];
    lastPiece = list[list.length - 1] ?? lastPiece;
    if (list.length === before && item.str.trim() && !cleanWord(item.str).trim())
      icon = { q, x0: ox, x1: ox + width, base: oy, size };
    else if (first && icon?.q === q && Math.abs(first.base - icon.base) < 0.4 * size) {
      if (first.x0 >= icon.x1 - 0.1 * size && first.x0 - icon.x1 < size) first.x0 = icon.x0;
      icon = undefined;
    } else if (list.length > before) icon = undefined;
    weight.set(q, (weight.get(q) ?? 0) + item.str.length);
  }

  // The direction most of the text runs in decides how the page is turned upright.
  let main = 0;
  for (const [q, w] of weight) if (w > (weight.get(main) ?? 0)) main = q;
  const [fw, fh] = frameSize(main, W, H);
  const lines: Array<{ line: TextLine; key: number }> = [];
  for (const [q, pieces] of groups) {
    const [gw, gh] = frameSize(q, W, H);
    // Boxes built in the group's own frame go back to the viewport, then into the main frame.
    const toMain = (x0: number, y0: number, x1: number, y1: number): BBox | undefined => {
      const p = turn(main, W, H, ...unturn(q, gw, gh, x0, y0));
      const r = turn(main, W, H, ...unturn(q, gw, gh, x1, y1));
      const box: BBox = [
        clamp(Math.min(p[0], r[0]) / fw),
        clamp(Math.min(p[1], r[1]) / fh),
        clamp(Math.max(p[0], r[0]) / fw),
        clamp(Math.max(p[1], r[1]) / fh),
      ];
      // Text placed wholly off the page is invisible; keep it out of the layout.
      return box[0] === box[2] || box[1] === box[3] ? undefined : box;
    };
    for (const group of groupLines(pieces)) {
      const words: TextWord[] = [];
      for (const p of group) {
        const bbox = toMain(p.x0, p.base - p.ascent * p.size, p.x1, p.base - p.descent * p.size);
        if (bbox) words.push({ text: p.text, bbox, fontSize: round(p.size, 2) });
      }
      if (!words.length) continue;
      const boxes = words.map((w) => w.bbox);
      const bbox: BBox = [0, 1, 2, 3].map((i) =>
        i < 2 ? Math.min(...boxes.map((b) => b[i]!)) : Math.max(...boxes.map((b) => b[i]!)),
      ) as BBox;
      const line = { text: words.map((w) => w.text).join(' '), bbox, words };
      lines.push({ line, key: (bbox[1] + bbox[3]) / 2 });
    }
  }
  lines.sort((x, y) => x.key - y.key || x.line.bbox[0] - y.line.bbox[0]);
  euroSignsReadAsE(lines.map((l) => l.line));

  // Text that yields no line on the page (all of it off the page or diagonal) is no text to read.
  const quality: TextQuality = lines.length ? textQuality(all) : { usable: false, reason: 'no_text' };
  return {
    page: n,
    width: round(fw, 2),
    height: round(fh, 2),
    rotation: main,
    lines: lines.map((l) => l.line),
    chars: all.replace(/\s+/g, '').length,
    ...quality,
  };
}

/** An amount with two decimals ("207,00", "1.710,00"). */
const AMOUNT_WORD = /^\d[\d.,']*[.,]\d{2}$/;
/** The letter glued to an amount ("e207,00", "207,00e"). */
const GLUED_E = /^e(?=\d[\d.,']*[.,]\d{2}$)|(?<=^\d[\d.,']*[.,]\d{2})e$/;

/**
 * A euro sign whose font maps it to the letter "e" (LaTeX's eurosym and marvosym fonts carry no
 * Unicode for it: "Zwischensumme 2 900,00 e", "Total: e207,00", "Αξία: e 1 710,00"), written as
 * "€" where a page prints no "€" and puts such an "e" beside an amount at least twice: a
 * letter "e" beside amounts once may be a word ("10,00 e 20,00" in Italian).
 */
export function euroSignsReadAsE(lines: Array<{ text: string; words: TextWord[] }>): void {
  if (lines.some((l) => l.text.includes('€'))) return;
  const signs: TextWord[] = [];
  for (const { words } of lines) {
    for (const [i, w] of words.entries()) {
      const beside =
        w.text === 'e' &&
        (AMOUNT_WORD.test(words[i - 1]?.text ?? '') || /^\d/.test(words[i + 1]?.text ?? '')) &&
        words.slice(Math.max(0, i - 1), i + 4).some((x) => AMOUNT_WORD.test(x.text));
      if (beside || GLUED_E.test(w.text)) signs.push(w);
    }
  }
  if (signs.length < 2) return;
  for (const w of signs) w.text = w.text === 'e' ? '€' : w.text.replace(GLUED_E, '€');
  for (const line of lines) line.text = line.words.map((w) => w.text).join(' ');
}

/** A form field's annotation as pdf.js gives it: the parts read here. */
interface FieldAnnotation {
  subtype?: string;
  fieldType?: string;
  fieldValue?: unknown;
  rect?: number[];
  annotationFlags?: number;
  textAlignment?: number;
  defaultAppearanceData?: { fontSize?: number };
}

/** Annotation flags that keep a field off the displayed page: Hidden, NoView. */
const HIDDEN_FIELD = 0x02 | 0x20;

/**
 * The values of a filled-in form's text fields as text items of the page (a LibreOffice or
 * Acrobat invoice form: "data: 29/03/2021" is a label in the page's text and a date in a field),
 * each line of a value on its own baseline from the field's top, in the field's font size (or one
 * fitting its height), set left, centred or right as the field aligns it; the width is estimated
 * at half an em per character. A one-line value reads on the baseline of the page's text beside
 * it where that baseline runs through the field ("TOTALE" and its field "1424,96 Euro"), else
 * centred in the field's height as viewers draw it. Hidden fields and empty ones give nothing.
 */
function formFieldItems(annotations: unknown[], printed: TextItem[]): TextItem[] {
  const items: TextItem[] = [];
  for (const a of annotations as FieldAnnotation[]) {
    if (a?.subtype !== 'Widget' || (a.fieldType !== 'Tx' && a.fieldType !== 'Ch')) continue;
    if (((a.annotationFlags ?? 0) & HIDDEN_FIELD) !== 0 || a.rect?.length !== 4) continue;
    const value = Array.isArray(a.fieldValue) ? a.fieldValue[0] : a.fieldValue;
    if (typeof value !== 'string' || !value.trim()) continue;
    const [x1, y1, x2, y2] = a.rect as [number, number, number, number];
    const [left, right, top, bottom] = [
      Math.min(x1, x2),
      Math.max(x1, x2),
      Math.max(y1, y2),
      Math.min(y1, y2),
    ];
    const lines = value.split(/\r\n|\r|\n/);
    const given = a.defaultAppearanceData?.fontSize ?? 0;
    const size = given > 0 ? given : Math.max(4, Math.min(12, ((top - bottom) / lines.length) * 0.7));
    for (const [i, text] of lines.entries()) {
      if (!text.trim()) continue;
      const width = 0.5 * size * text.length;
      const free = Math.max(0, right - left - 4 - width);
      const x = left + 2 + (a.textAlignment === 1 ? free / 2 : a.textAlignment === 2 ? free : 0);
      // one line: on the baseline of the text beside it, or centred; more: from the top down
      const centred = bottom + (top - bottom - size) / 2 + 0.2 * size;
      const beside = printed
        .map((p) => p.transform[5] as number)
        .filter((y) => y > bottom && y < top)
        .sort((p, q) => Math.abs(p - centred) - Math.abs(q - centred))[0];
      const base = lines.length === 1 ? (beside ?? centred) : top - (i + 1) * size * 1.15;
      items.push({
        str: text,
        dir: 'ltr',
        transform: [size, 0, 0, size, x, base],
        width,
        height: size,
        fontName: '',
        hasEOL: false,
      });
    }
  }
  return items;
}

/**
 * A font's ascent and descent in ems, kept to a plausible band around the baseline: metrics from
 * broken fonts can be absurd, or no number at all (a LaTeX Type 3 font's "£" answered NaN, which
 * left its word, and the sort of the page's lines, without a place on the page).
 */
export function verticalMetrics(style: Pick<TextStyle, 'ascent' | 'descent'> | undefined): {
  ascent: number;
  descent: number;
} {
  const metric = (v: number | undefined, usual: number) => (Number.isFinite(v) ? (v as number) : usual);
  return {
    ascent: Math.min(1.1, Math.max(0.5, metric(style?.ascent, 0.8))),
    descent: Math.max(-0.4, Math.min(0, metric(style?.descent, -0.2))),
  };
}

/** Splits an item on spaces; x positions inside it are estimated in proportion to characters. */
function splitItem(
  item: TextItem,
  style: TextStyle | undefined,
  ox: number,
  oy: number,
  size: number,
  width: number,
  out: Piece[],
): void {
  const str = item.str;
  const perChar = width / str.length;
  const { ascent, descent } = verticalMetrics(style);
  for (const m of str.matchAll(/\S+/g)) {
    const text = cleanWord(m[0]);
    if (!text) continue;
    const start = m.index;
    const end = start + m[0].length;
    out.push({
      text,
      x0: ox + start * perChar,
      x1: ox + end * perChar,
      base: oy,
      size,
      ascent,
      descent,
      openStart: start === 0,
      openEnd: end === str.length,
    });
  }
}

/** Drops invisible format characters, the private-use characters of icon fonts (a calendar
 * glyph before " DATUM SPLATNOSTI:") and emoji or dingbats set as icons ("👤 Prejemnik", "☎"), spells out typographic ligatures (ﬁ -> fi) and writes the
 * typographic hyphens as the hyphen-minus ("18‐08‐2026", "IOPOLE‐jdz7": a date, a number). */
export function cleanWord(s: string): string {
  return s
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff\ue000-\uf8ff]/g, '')
    .replace(/(?:[\u{1f300}-\u{1faff}\u{2600}-\u{27bf}])\ufe0f?/gu, '')
    .replace(/[\u2010\u2011]/g, '-')
    .replace(/[\ufb00-\ufb06]/g, (ch) => ch.normalize('NFKC'));
}

/** Groups pieces into lines by baseline, orders them left to right and joins split words. */
function groupLines(pieces: Piece[]): Piece[][] {
  const sorted = [...pieces].sort((p, q) => p.base - q.base || p.x0 - q.x0);
  const lines: Array<{ base: number; size: number; n: number; pieces: Piece[] }> = [];
  for (const p of sorted) {
    const cur = lines[lines.length - 1];
    if (cur && Math.abs(p.base - cur.base) <= LINE_TOLERANCE * Math.min(p.size, cur.size)) {
      // A running mean keeps a slightly sloping line together without drifting into the next one.
      cur.base = (cur.base * cur.n + p.base) / (cur.n + 1);
      cur.n++;
      cur.size = Math.max(cur.size, p.size);
      cur.pieces.push(p);
    } else {
      lines.push({ base: p.base, size: p.size, n: 1, pieces: [p] });
    }
  }
  return lines.map((line) => {
    const out: Piece[] = [];
    for (const p of line.pieces.sort((x, y) => x.x0 - y.x0)) {
      const prev = out[out.length - 1];
      const gap = prev ? p.x0 - prev.x1 : Number.POSITIVE_INFINITY;
      const em = prev ? Math.max(prev.size, p.size) : 0;
      // Producers fake bold by drawing the same text twice, slightly offset.
      if (prev && prev.text === p.text && Math.abs(p.x0 - prev.x0) < 0.2 * em) continue;
      if (prev?.openEnd && p.openStart && gap < JOIN_GAP * em && gap > -0.5 * em) {
        out[out.length - 1] = {
          ...prev,
          text: prev.text + p.text,
          x1: Math.max(prev.x1, p.x1),
          openEnd: p.openEnd,
        };
      } else {
        out.push(p);
      }
    }
    return out;
  });
}

/** Turns viewport coordinates so text running in direction q (clockwise degrees) reads left to right. */
function turn(q: number, W: number, H: number, x: number, y: number): [number, number] {
  if (q === 90) return [y, W - x];
  if (q === 180) return [W - x, H - y];
  if (q === 270) return [H - y, x];
  return [x, y];
}

/** Inverse of `turn`, given the turned frame's size (gw, gh). */
function unturn(q: number, gw: number, gh: number, x: number, y: number): [number, number] {
  if (q === 90) return [gh - y, x];
  if (q === 180) return [gw - x, gh - y];
  if (q === 270) return [y, gw - x];
  return [x, y];
}

function frameSize(q: number, W: number, H: number): [number, number] {
  return q === 90 || q === 270 ? [H, W] : [W, H];
}

const clamp = (v: number): number => round(Math.min(1, Math.max(0, v)), 5);
const round = (v: number, digits: number): number => Number(v.toFixed(digits));

/** Characters the supported invoice languages are written in: Latin, Greek, Cyrillic, digits,
 * punctuation, currency and letterlike symbols, ligatures. */
const COMMON =
  /[\u0020-\u007e\u00a0-\u024f\u0370-\u03ff\u0400-\u04ff\u1e00-\u1eff\u2000-\u206f\u20a0-\u20cf\u2100-\u215f\u2190-\u21ff\u2200-\u22ff\u2500-\u25ff\ufb00-\ufb06]/u;
/** Private use, replacement and control characters: what unmapped glyph codes come out as. */
function isBad(cp: number): boolean {
  return (
    cp < 0x20 ||
    (cp >= 0x7f && cp <= 0x9f) ||
    (cp >= 0xe000 && cp <= 0xf8ff) ||
    cp >= 0xf0000 ||
    (cp >= 0xfffd && cp <= 0xffff)
  );
}

/** Whether text can be read: absent -> no_text; glyphs mapped to garbage -> garbled. */
export function textQuality(text: string): TextQuality {
  const chars = [...text.replace(/\s+/g, '')];
  if (!chars.length) return { usable: false, reason: 'no_text' };
  let bad = 0;
  let common = 0;
  let alnum = 0;
  for (const ch of chars) {
    if (isBad(ch.codePointAt(0)!)) bad++;
    else if (COMMON.test(ch)) common++;
    if (/[\p{L}\p{N}]/u.test(ch)) alnum++;
  }
  const n = chars.length;
  // A few stray symbols are normal; a tenth of unmapped glyphs means the font has no usable map.
  if (bad / n > 0.1 || common / n < 0.8) return { usable: false, reason: 'garbled' };
  // Real invoice text is mostly letters and digits; rows of dots, dashes or symbols are not text.
  if (n >= 20 && alnum / n < 0.4) return { usable: false, reason: 'garbled' };
  return { usable: true };
}
