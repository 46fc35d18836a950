// Renders one PDF page to RGBA pixels with pdf.js, on the canvas factory pdf.js set up for the
// document (in Node: its own @napi-rs/canvas; a canvas from another copy or major of that package
// fails inside pdf.js's fill operations). Used to look for QR codes on PDF pages.
import { ReadError } from '../errors.js';
import type { Raster } from '../image/load.js';
import type { PdfDocument } from './open.js';

export interface RenderOptions {
  /** Pixels per PDF point (1/72 inch); wins over `dpi` when both are given. */
  scale?: number;
  /** Dots per inch; default DEFAULT_RENDER_DPI. */
  dpi?: number;
  /** Pixel budget: a page that would exceed it is rendered at a smaller scale; default 40 million. */
  maxPixels?: number;
}

/**
 * 150 dpi puts an A4 page at 1240×1754 px, the resolution the QR detector works at anyway (it
 * shrinks larger pages to 1800 px), and a Swiss QR code (46 mm, ≤ 117 modules) at ≥ 2.3 px per
 * module. On the corpus 200 dpi found no more codes and detection took ~1.8× the CPU time.
 */
export const DEFAULT_RENDER_DPI = 150;
/** Beyond this many pixels we render at a smaller scale instead (an A0 poster at 200 dpi is 62 MP). */
export const MAX_RENDER_PIXELS = 40_000_000;

interface CanvasAndContext {
  canvas: unknown;
  context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}
type RenderCanvas = Parameters<PdfPage['render']>[0]['canvas'];
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

/** The part of pdf.js's (untyped) canvas factory that we use. */
interface CanvasFactory {
  create(width: number, height: number): CanvasAndContext;
  destroy(entry: CanvasAndContext): void;
}

/** Renders page `pageNumber` (1-based) of `doc`; the raster's size follows from the page and dpi. */
export async function renderPage(
  doc: PdfDocument,
  pageNumber: number,
  opts: RenderOptions = {},
): Promise<Raster> {
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > doc.numPages)
    throw new ReadError('invalid_option', `page ${pageNumber} is not in 1..${doc.numPages}`);
  let scale = opts.scale ?? (opts.dpi ?? DEFAULT_RENDER_DPI) / 72;
  if (!(scale > 0 && Number.isFinite(scale)) || !((opts.maxPixels ?? 1) > 0))
    throw new ReadError('invalid_option', 'scale, dpi and maxPixels must be positive numbers');

  let page: PdfPage;
  try {
    page = await doc.getPage(pageNumber);
  } catch (err) {
    throw new ReadError('malformed_pdf', `page ${pageNumber} cannot be read: ${message(err)}`);
  }
  let viewport = page.getViewport({ scale });
  const area = viewport.width * viewport.height;
  const budget = opts.maxPixels ?? MAX_RENDER_PIXELS;
  if (area > budget) {
    // Shrink to the pixel budget rather than refuse: a large page still gets its codes read.
    scale *= Math.sqrt(budget / area) * 0.999;
    viewport = page.getViewport({ scale });
  }
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));

  const factory = doc.canvasFactory as CanvasFactory;
  const entry = factory.create(width, height);
  try {
    // Fetch the whole operator list before drawing: when drawing fails while the list is still
    // streaming, pdf.js rejects an internal promise nobody handles, which ends a Node process.
    await page.getOperatorList();
    tolerateBadText(entry.context);
    await page.render({
      canvas: entry.canvas as RenderCanvas,
      canvasContext: entry.context as never,
      viewport,
    }).promise;
    const { data } = entry.context.getImageData(0, 0, width, height);
    return { data, width, height, channels: 4 };
  } catch (err) {
    throw new ReadError('malformed_pdf', `page ${pageNumber} cannot be rendered: ${message(err)}`);
  } finally {
    factory.destroy(entry);
    page.cleanup();
  }
}

const message = (err: unknown): string => (err as Error)?.message ?? String(err);

/**
 * A damaged font can hand the canvas text it refuses (a NUL byte: "Convert String to CString
 * failed"), in a glyph pdf.js draws with fillText or in a font name. The throw happens mid-drawing,
 * and pdf.js then rejects an internal promise that nobody handles, which ends a Node process.
 * Strip control characters from what reaches the canvas, and keep the font in use if it still
 * refuses one.
 */
function tolerateBadText(context: object): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = (v: unknown) => String(v).replace(/[\u0000-\u001f]/g, '');
  const desc = findProperty(context, 'font');
  if (desc?.set && desc.get) {
    const { get, set } = desc;
    Object.defineProperty(context, 'font', {
      configurable: true,
      get() {
        return get.call(this);
      },
      set(value: unknown) {
        try {
          set.call(this, clean(value));
        } catch {
          // keep the font in use
        }
      },
    });
  }
  const ctx = context as Record<string, unknown>;
  for (const name of ['fillText', 'strokeText', 'measureText']) {
    const original = ctx[name];
    if (typeof original !== 'function') continue;
    ctx[name] = function (this: unknown, text: unknown, ...rest: unknown[]) {
      return original.call(this, clean(text), ...rest);
    };
  }
}

function findProperty(obj: object, key: string): PropertyDescriptor | undefined {
  for (let o: object | null = obj; o; o = Object.getPrototypeOf(o)) {
    const d = Object.getOwnPropertyDescriptor(o, key);
    if (d) return d;
  }
  return undefined;
}
