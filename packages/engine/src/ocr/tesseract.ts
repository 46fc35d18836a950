// OCR with tesseract.js (LSTM, local models only). Runs inside the engine's page worker; one warm
// Tesseract instance per language set is kept for the life of the worker.
import sharp from 'sharp';
import type { Raster } from '../image/load.js';
import { tesseractModelDir } from './models.js';
import type { OcrLine, OcrPage } from './ocr-page.js';

type TesseractWorker = Awaited<ReturnType<typeof import('tesseract.js')['createWorker']>>;
const workers = new Map<string, Promise<TesseractWorker>>();

function workerFor(langs: string[]): Promise<TesseractWorker> {
  const key = langs.join('+');
  let w = workers.get(key);
  if (!w) {
    const langPath = tesseractModelDir(langs);
    w = import('tesseract.js').then(({ createWorker, OEM }) =>
      createWorker(langs, OEM.LSTM_ONLY, { langPath, cacheMethod: 'none', gzip: true, logger: () => {} }),
    );
    workers.set(key, w);
  }
  return w;
}

/** Words and lines of one page raster, boxes as page fractions, confidences 0..1. */
export async function recognizeTesseract(
  raster: Raster,
  page: number,
  langs: string[],
  dpi = 300,
): Promise<OcrPage> {
  const worker = await workerFor(langs);
  const png = await sharp(Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength), {
    raw: { width: raster.width, height: raster.height, channels: 4 },
  })
    .grayscale()
    // Tesseract reads the resolution from the image; without it, it guesses (and warns).
    .withMetadata({ density: dpi })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const { data } = await worker.recognize(png, {}, { blocks: true, text: false });
  const fx = (x: number) => x / raster.width;
  const fy = (y: number) => y / raster.height;
  const lines: OcrLine[] = [];
  for (const block of data.blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        const words = line.words
          .filter((w) => w.text.trim())
          .map((w) => ({
            text: w.text.trim(),
            bbox: [fx(w.bbox.x0), fy(w.bbox.y0), fx(w.bbox.x1), fy(w.bbox.y1)] as [
              number,
              number,
              number,
              number,
            ],
            confidence: w.confidence / 100,
            heightPx: w.bbox.y1 - w.bbox.y0,
          }));
        if (words.length) lines.push({ words });
      }
    }
  }
  return { page, widthPx: raster.width, heightPx: raster.height, lines };
}
