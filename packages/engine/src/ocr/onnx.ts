// OCR with PP-OCRv4 in onnxruntime-node: DBNet finds the text lines, the CTC recogniser reads
// each, and the lines are split into words at spaces, each word's box estimated from where its
// characters fired along the line and tightened to the ink under it. Same OcrPage shape as the
// Tesseract backend. The recogniser knows Chinese and ASCII (with a few accented letters such as
// é, ä, ü) but not ö, ß, ç or Cyrillic: ocr-page.ts chooses it only where that does not matter.
import type { Raster } from '../image/load.js';
import type { OcrPage } from './ocr-page.js';
import { type DetectOptions, detectLines, type GrayImage } from './onnx-detect.js';
import { inkBox, inkRuns, joinRows, ocrLines, type PxBox, type PxWord } from './onnx-layout.js';
import { type RecognizedLine, type RecognizeOptions, recognizeLines } from './onnx-recognize.js';
import { preparePage } from './preprocess.js';

export interface OnnxOptions extends DetectOptions, RecognizeOptions {
  /** Resolution of the raster when known (rendered PDF pages). */
  dpi?: number;
}

/** Words and lines of one page raster, boxes as fractions of the prepared (upright) page. */
export async function recognizeOnnx(raster: Raster, page: number, opts: OnnxOptions = {}): Promise<OcrPage> {
  // The same preparation as for Tesseract (contrast, deskew, upright), so that both backends
  // read the same pixels and line boxes are not cut across tilted lines.
  const gray = await preparePage(raster, { dpi: opts.dpi });
  const boxes = await detectLines(gray, opts);
  const lines = await recognizeLines(gray, boxes, opts);
  const rows = joinRows(lines.map((l) => lineWords(gray, l)));
  return { page, widthPx: gray.width, heightPx: gray.height, lines: ocrLines(rows, gray) };
}

/**
 * The words of one recognised line. The recogniser often runs words together ("80333Munchen"),
 * so words are cut where the ink has a gap wider than about a fifth of an em, as well as where the
 * recogniser put a space; each character goes to the gap-free stretch of ink it fired over. A
 * word's box is its stretch of ink (split between two words of one stretch halfway between their
 * characters), tightened to the ink under it, so the gaps between words are the real ones.
 */
export function lineWords(img: GrayImage, line: RecognizedLine): PxWord[] {
  const { chars, box } = line;
  const letters = chars.filter((c) => c.ch !== ' ');
  if (!letters.length) return [];
  const steps: number[] = [];
  for (let i = 1; i < letters.length; i++) steps.push(letters[i]!.x - letters[i - 1]!.x);
  steps.sort((a, b) => a - b);
  // A character's advance; without two characters to measure, half the line height.
  const advance = steps.length ? steps[steps.length >> 1]! : (box.y1 - box.y0) / 2;
  const runs = inkRuns(img, [box.x0, box.y0, box.x1, box.y1], Math.max(2, 0.5 * advance));

  const runOf = (x: number) => {
    let best = 0;
    let dist = Number.POSITIVE_INFINITY;
    runs.forEach(([a, b], i) => {
      const d = x < a ? a - x : x > b ? x - b : 0;
      if (d < dist) {
        dist = d;
        best = i;
      }
    });
    return best;
  };
  const groups: { chars: typeof chars; run: number }[] = [];
  let cur: { chars: typeof chars; run: number } | undefined;
  for (const c of chars) {
    if (c.ch === ' ') {
      cur = undefined;
      continue;
    }
    const run = runs.length ? runOf(c.x) : -1;
    const before = cur?.chars[cur.chars.length - 1]?.ch;
    if (cur && cur.run !== run && before) {
      const gap = (runs[run]?.[0] ?? 0) - (runs[cur.run]?.[1] ?? 0);
      // Digit groups (an IBAN, an account number) are split only by a clear word space.
      const digits = /[0-9]/.test(before) && /[0-9]/.test(c.ch);
      // An initial capital whose top overhangs the next letter ("To", "Va") leaves a gap at the
      // baseline: it still starts the word when the recogniser saw no space there.
      const initial =
        cur.chars.length === 1 && /\p{Lu}/u.test(before) && /\p{Ll}/u.test(c.ch) && gap < advance;
      if (initial || (digits ? gap < 0.75 * advance : joined(before, c.ch))) cur.run = run;
    }
    if (!cur || cur.run !== run) {
      cur = { chars: [], run };
      groups.push(cur);
    }
    cur.chars.push(c);
  }

  return groups.map((g, i) => {
    const first = g.chars[0]!.x;
    const last = g.chars[g.chars.length - 1]!.x;
    const prev = groups[i - 1];
    const next = groups[i + 1];
    const [r0, r1] = runs[g.run] ?? [first - advance / 2, last + advance / 2];
    // Two words on one stretch of ink (the recogniser saw a space the ink does not show).
    const left = prev?.run === g.run ? (prev.chars[prev.chars.length - 1]!.x + first) / 2 : r0;
    const right = next?.run === g.run ? (last + next.chars[0]!.x) / 2 : r1;
    const guess: PxBox = [Math.max(box.x0, left), box.y0, Math.min(box.x1, right), box.y1];
    return {
      text: g.chars.map((c) => c.ch).join(''),
      box: inkBox(img, guess) ?? guess,
      confidence: g.chars.reduce((s, c) => s + c.p, 0) / g.chars.length,
    };
  });
}

/**
 * Characters an ink gap never separates: the parts of a decimal number, and punctuation from the
 * word it belongs to.
 */
function joined(left: string, right: string): boolean {
  if (/[0-9]/.test(left) && /[.,]/.test(right)) return true;
  if (/[.,]/.test(left) && /[0-9]/.test(right)) return true;
  return /[.,:;)%/-]/.test(right) || /[(/-]/.test(left);
}
