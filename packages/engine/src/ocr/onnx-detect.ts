// Text-line detection with PP-OCRv4's DBNet (ONNX): the page is scaled so that its long side
// fits the network's input budget, the network paints a text probability per pixel, and each
// connected region above the threshold becomes one axis-aligned line box, grown back by the
// "unclip" distance DBNet was trained to shrink its regions by.
import sharp from 'sharp';
import { loadOrt, ONNX_DET, onnxSession, runSession } from './onnx-models.js';

/** A grey page: one byte per pixel, row by row. */
export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A detected line in page pixels, and the network's mean probability over it. */
export interface LineBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  score: number;
}

export interface DetectOptions {
  /** Long side of the network input in pixels (a multiple of 32 is taken). */
  maxSide?: number;
  /** Probability above which a pixel is text (PaddleOCR's det_db_thresh). */
  threshold?: number;
  /** Mean probability a region needs to count as a line (det_db_box_thresh). */
  boxThreshold?: number;
  /** How far a region is grown back, relative to area / perimeter (det_db_unclip_ratio). */
  unclipRatio?: number;
}

/**
 * 1600 px keeps 8 pt type of an A4 page (about 15 px tall at 200 dpi) at 7-8 px in the map,
 * which DBNet still separates from the next line; at PaddleOCR's 960 the lines of dense invoice
 * tables ran together.
 */
export const DEFAULT_DET_MAX_SIDE = 1600;

// ImageNet statistics, the normalisation PP-OCR's detector was trained with (per RGB channel).
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

export async function detectLines(img: GrayImage, opts: DetectOptions = {}): Promise<LineBox[]> {
  const maxSide = opts.maxSide ?? DEFAULT_DET_MAX_SIDE;
  const scale = Math.min(1, maxSide / Math.max(img.width, img.height));
  const to32 = (n: number) => Math.max(32, Math.round((n * scale) / 32) * 32);
  const w = to32(img.width);
  const h = to32(img.height);
  const small = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } })
    .resize(w, h, { fit: 'fill', kernel: 'linear' })
    // sharp turns a one-channel input into sRGB unless told to keep it grey.
    .toColourspace('b-w')
    .raw()
    .toBuffer();

  const plane = w * h;
  const input = new Float32Array(3 * plane);
  for (let c = 0; c < 3; c++) {
    const m = MEAN[c]!;
    const s = STD[c]!;
    const off = c * plane;
    for (let i = 0; i < plane; i++) input[off + i] = (small[i]! / 255 - m) / s;
  }
  const session = await onnxSession(ONNX_DET);
  const { Tensor } = await loadOrt();
  const out = await runSession(session, {
    [session.inputNames[0]!]: new Tensor('float32', input, [1, 3, h, w]),
  });
  const prob = out[session.outputNames[0]!]!.data as Float32Array;

  const boxes = regions(prob, w, h, opts);
  const sx = img.width / w;
  const sy = img.height / h;
  return boxes.map((b) => ({
    x0: Math.max(0, Math.floor(b.x0 * sx)),
    y0: Math.max(0, Math.floor(b.y0 * sy)),
    x1: Math.min(img.width, Math.ceil(b.x1 * sx)),
    y1: Math.min(img.height, Math.ceil(b.y1 * sy)),
    score: b.score,
  }));
}

/**
 * Connected regions (8-neighbourhood) of the thresholded map as boxes in map pixels, each grown
 * by the unclip distance; regions too faint or too thin are dropped as PaddleOCR does.
 */
export function regions(prob: Float32Array, w: number, h: number, opts: DetectOptions = {}): LineBox[] {
  const thr = opts.threshold ?? 0.3;
  const boxThr = opts.boxThreshold ?? 0.6;
  const ratio = opts.unclipRatio ?? 1.5;
  const seen = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  const boxes: LineBox[] = [];
  for (let start = 0; start < w * h; start++) {
    if (seen[start] || !(prob[start]! > thr)) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let x0 = w;
    let y0 = h;
    let x1 = 0;
    let y1 = 0;
    let sum = 0;
    let n = 0;
    while (top) {
      const i = stack[--top]!;
      const x = i % w;
      const y = (i - x) / w;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      sum += prob[i]!;
      n++;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const j = yy * w + xx;
          if (!seen[j] && prob[j]! > thr) {
            seen[j] = 1;
            stack[top++] = j;
          }
        }
      }
    }
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (Math.min(bw, bh) < 3 || sum / n < boxThr) continue;
    // DBNet learnt regions shrunk by D = A(1 - r²)/L; growing by A·ratio/L restores the line.
    const d = (bw * bh * ratio) / (2 * (bw + bh));
    boxes.push({ x0: x0 - d, y0: y0 - d, x1: x1 + 1 + d, y1: y1 + 1 + d, score: sum / n });
  }
  return boxes;
}
