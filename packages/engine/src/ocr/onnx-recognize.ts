// Line recognition with PP-OCRv4's recogniser (ONNX, CTC over ppocr_keys_v1): each detected line
// is cut out of the grey page, scaled to 48 px high, and read in batches of similar width; greedy
// CTC decoding gives the characters, each with its probability and its position along the line,
// from which words and their boxes are rebuilt.
import sharp from 'sharp';
import type { GrayImage, LineBox } from './onnx-detect.js';
import { loadOrt, ONNX_CLS, ONNX_REC, onnxSession, recognizerClasses, runSession } from './onnx-models.js';

export interface RecognizedChar {
  ch: string;
  /** Centre of the character in page pixels (x). */
  x: number;
  /** 0..1 */
  p: number;
}
export interface RecognizedLine {
  box: LineBox;
  chars: RecognizedChar[];
}

export interface RecognizeOptions {
  /** Lines per network call: one call per line wastes time on overhead, big batches on padding. */
  batchSize?: number;
  /** Turn lines the orientation classifier finds upside down (a page the intake left at 180°). */
  orientLines?: boolean;
}

const HEIGHT = 48;
/**
 * Narrowest input. PaddleOCR pads every line to 320 px; the cost grows with the width, and on an
 * invoice page (many short cells) padding to 320 took about 1.5× the time of padding to 48.
 */
const MIN_WIDTH = 48;

/** The part of the page under `box`, one byte per pixel. */
export function crop(img: GrayImage, box: LineBox): GrayImage {
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const width = Math.max(1, Math.min(img.width, Math.ceil(box.x1)) - x0);
  const height = Math.max(1, Math.min(img.height, Math.ceil(box.y1)) - y0);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const from = (y0 + y) * img.width + x0;
    data.set(img.data.subarray(from, from + width), y * width);
  }
  return { data, width, height };
}

async function toHeight(img: GrayImage, height: number, width?: number): Promise<GrayImage> {
  const w = width ?? Math.max(1, Math.round((img.width * height) / img.height));
  const data = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } })
    .resize(w, height, { fit: 'fill', kernel: 'linear' })
    // sharp turns a one-channel input into sRGB unless told to keep it grey.
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: w, height };
}

/** A batch as the network wants it: 3 equal channels scaled to -1..1, padded right with 0. */
function tensorData(lines: GrayImage[], width: number, height: number): Float32Array {
  const plane = width * height;
  const out = new Float32Array(lines.length * 3 * plane);
  lines.forEach((l, n) => {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < l.width && x < width; x++) {
        const v = l.data[y * l.width + x]! / 127.5 - 1;
        const i = n * 3 * plane + y * width + x;
        out[i] = v;
        out[i + plane] = v;
        out[i + 2 * plane] = v;
      }
    }
  });
  return out;
}

function rotate180(img: GrayImage): GrayImage {
  return { ...img, data: img.data.slice().reverse() };
}

/** Lines the 0/180° classifier is sure are upside down, turned the right way up. */
async function orient(lines: GrayImage[]): Promise<GrayImage[]> {
  const session = await onnxSession(ONNX_CLS);
  const { Tensor } = await loadOrt();
  // The classifier was trained on 48 x 192 inputs.
  const small = await Promise.all(
    lines.map((l) => toHeight(l, 48, Math.min(192, Math.round((l.width * 48) / l.height)))),
  );
  const out = await runSession(session, {
    [session.inputNames[0]!]: new Tensor('float32', tensorData(small, 192, 48), [small.length, 3, 48, 192]),
  });
  const p = out[session.outputNames[0]!]!.data as Float32Array;
  return lines.map((l, i) => (p[i * 2 + 1]! > 0.9 ? rotate180(l) : l));
}

/**
 * Whether the recogniser may answer with class `ch`. Invoices in our languages are in Latin
 * script, so the thousands of Chinese classes are masked out before the best class is taken: a
 * smudge then reads as nothing or as a Latin look-alike, never as 品. Full-width forms (，：１)
 * stay and are folded to ASCII by NFKC.
 */
export function latinClass(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return (
    ch === ' ' ||
    (c >= 0x20 && c < 0x250) || // ASCII, Latin-1, Latin Extended
    (c >= 0x2010 && c < 0x2060) || // dashes, quotes, bullets
    (c >= 0x20a0 && c < 0x20d0) || // currency signs
    c === 0x2116 || // №
    (c >= 0xff01 && c < 0xff5f) // full-width ASCII
  );
}

/** Reads every box; lines come back in the order of `boxes`, empty ones included. */
export async function recognizeLines(
  img: GrayImage,
  boxes: LineBox[],
  opts: RecognizeOptions = {},
): Promise<RecognizedLine[]> {
  const batchSize = opts.batchSize ?? 8;
  const classes = recognizerClasses();
  const allowed = classes.map((c, i) => i === 0 || latinClass(c));
  const session = await onnxSession(ONNX_REC);
  const { Tensor } = await loadOrt();
  let crops = boxes.map((b) => crop(img, b));
  if (opts.orientLines && crops.length) crops = await orient(crops);

  const results: RecognizedLine[] = boxes.map((box) => ({ box, chars: [] }));
  // Sorted by aspect ratio, so that each batch pads its lines to a similar width.
  const order = boxes.map((_, i) => i).sort((a, b) => ratio(crops[a]!) - ratio(crops[b]!));
  for (let start = 0; start < order.length; start += batchSize) {
    const idx = order.slice(start, start + batchSize);
    const lines = await Promise.all(idx.map((i) => toHeight(crops[i]!, HEIGHT)));
    const width = Math.max(MIN_WIDTH, ...lines.map((l) => l.width));
    const out = await runSession(session, {
      [session.inputNames[0]!]: new Tensor('float32', tensorData(lines, width, HEIGHT), [
        lines.length,
        3,
        HEIGHT,
        width,
      ]),
    });
    const t = out[session.outputNames[0]!]!;
    const [, steps, nClasses] = t.dims as [number, number, number];
    const probs = t.data as Float32Array;
    idx.forEach((i, n) => {
      const box = boxes[i]!;
      // One time step covers width/steps network pixels; back to page pixels of this line.
      const toPage = (step: number) =>
        box.x0 + (((step + 0.5) * width) / steps) * (crops[i]!.width / lines[n]!.width);
      let prev = 0;
      for (let s = 0; s < steps; s++) {
        const row = (n * steps + s) * nClasses;
        let best = 0;
        let p = probs[row]!;
        for (let c = 1; c < nClasses; c++) {
          if (probs[row + c]! > p && allowed[c]) {
            p = probs[row + c]!;
            best = c;
          }
        }
        // CTC: a class repeated over consecutive steps is one character; 0 is the blank.
        if (best !== 0 && best !== prev)
          results[i]!.chars.push({ ch: (classes[best] ?? '').normalize('NFKC'), x: toPage(s), p });
        prev = best;
      }
    });
  }
  return results;
}

const ratio = (g: GrayImage) => g.width / g.height;
