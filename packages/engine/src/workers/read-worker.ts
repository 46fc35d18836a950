// Worker thread entry for the pdf.js half of reads and estimates, for XML e-invoices, for the
// extraction from OCR'd pages and for an estimate's payment QR code search (read-tasks.ts). Runs
// inside a WorkerPool, so a PDF that takes too long or crashes pdf.js costs only its task.
import { parentPort } from 'node:worker_threads';
import type { Document } from '../document.js';
import { ReadError } from '../errors.js';
import { type RatedDocument, withRatings } from '../ocr/ocr-page.js';
import { estimatePdf } from '../pdf/estimate-pdf.js';
import { type PdfLayers, readPdfLayers } from '../pdf/layers.js';
import type { QrCode } from '../qr/detect.js';
import { imageCodes, pdfCodes } from '../qr/page-codes.js';
import { readOcrPages } from '../read-ocr.js';
import type { Estimate } from '../result.js';
import { readXmlInvoice } from '../xml/read-xml.js';
import type { TaskReply } from './pool.js';
import { lowerThreadPriority } from './priority.js';
import type { ReadTask } from './read-tasks.js';

lowerThreadPriority();

async function run(task: ReadTask): Promise<Estimate | PdfLayers | Document | RatedDocument | QrCode[]> {
  if (task.kind === 'read-xml') return readXmlInvoice(task.bytes);
  if (task.kind === 'qr-codes')
    return task.pdf ? pdfCodes(task.bytes, task.pdf.pages, task.pdf.scanned) : imageCodes(task.bytes);
  if (task.kind === 'read-ocr-pages')
    return withRatings(readOcrPages(task.pages, task.country, task.textPages));
  if (task.kind === 'estimate-pdf') return estimatePdf(task.bytes);
  return readPdfLayers(task.bytes, task.mode, task.country);
}

parentPort?.on('message', async (task: ReadTask & { id: number }) => {
  let reply: TaskReply<Awaited<ReturnType<typeof run>>>;
  try {
    reply = { id: task.id, ok: true, result: await run(task) };
  } catch (err) {
    reply = {
      id: task.id,
      ok: false,
      error:
        err instanceof ReadError
          ? { code: err.code, message: err.message }
          : {
              code: 'internal_error',
              message: `unexpected error: ${(err as Error)?.message ?? String(err)}`,
            },
    };
  }
  parentPort?.postMessage(reply);
});
