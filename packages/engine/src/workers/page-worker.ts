// Worker thread entry for page work: renders PDF pages and reads images, finds the QR codes on
// them and recognises scanned pages (scan-pdf.ts), or a band of a page another worker handed off
// (hand-off.ts). Runs inside the engine's WorkerPool, so a slow or crashing page costs only its task.
import { parentPort } from 'node:worker_threads';
import { ReadError } from '../errors.js';
import { loadImage } from '../image/load.js';
import { recognizePage } from '../ocr/recognize-page.js';
import { type PagePngResult, pagePng } from '../pdf/page-png.js';
import { imageCodes, pdfCodes } from '../qr/page-codes.js';
import { handOffAnswered } from './hand-off.js';
import type { BandResult, OcrResult, PageTask, QrCodesResult } from './page-tasks.js';
import type { TaskReply } from './pool.js';
import { lowerThreadPriority } from './priority.js';
import { scanPdf } from './scan-pdf.js';

lowerThreadPriority();

type Result = QrCodesResult | OcrResult | PagePngResult | BandResult;

async function run(task: PageTask): Promise<Result> {
  // Loaded on first use, as recognizePage loads its backends.
  if (task.kind === 'ocr-band')
    return { lines: await (await import('../ocr/tesseract.js')).recognizeBand(task) };
  if (task.kind === 'page-png') return pagePng(task.bytes, task.type, task.page, task.width);
  if (task.kind === 'ocr-raster') {
    const data = new Uint8ClampedArray(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
    const raster = { data, width: task.width, height: task.height, channels: 4 as const };
    return { pages: [await recognizePage(raster, task.page, task.langs, task.dpi, task.backend)] };
  }
  if (task.kind === 'ocr-image') {
    return {
      pages: [await recognizePage(await loadImage(task.bytes), 1, task.langs, undefined, task.backend)],
    };
  }
  if (task.kind === 'scan-pdf') return scanPdf(task);
  if (task.kind === 'qr-image') return { codes: await imageCodes(task.bytes, task.maxPixels) };
  return { codes: await pdfCodes(task.bytes, task.pages) };
}

parentPort?.on('message', async (task: PageTask & { id: number }) => {
  if (handOffAnswered(task)) return;
  let reply: TaskReply<Result>;
  try {
    reply = { id: task.id, ok: true, result: await run(task) };
  } catch (err) {
    reply =
      err instanceof ReadError
        ? { id: task.id, ok: false, error: { code: err.code, message: err.message } }
        : {
            id: task.id,
            ok: false,
            error: { code: 'internal_error', message: (err as Error)?.message ?? String(err) },
          };
  }
  parentPort?.postMessage(reply);
});
