// Reads an invoice from OCR'd pages: the words become laid-out text for the same field
// extraction as a PDF text layer, and each value's confidence is capped by the OCR confidence
// of the words it was read from, so a doubtful digit never becomes a confirmed value.
import type { Document } from './document.js';
import { readTextInvoice } from './extract/text-invoice.js';
import { tesseractLangs } from './ocr/models.js';
import { capByOcrConfidence, type OcrPage, ocrLayout } from './ocr/ocr-page.js';
import { runPageTask } from './workers/page-tasks.js';

export function readOcrPages(pages: OcrPage[], country: string): Document {
  const doc = readTextInvoice(pages.map(ocrLayout), { source: 'ocr', reader: 'tesseract', country });
  capByOcrConfidence(doc, pages);
  return doc;
}

export async function ocrPdfPages(bytes: Uint8Array, pages: number[], country: string, timeoutMs: number) {
  return (await runPageTask({ kind: 'ocr-pdf', bytes, pages, langs: tesseractLangs(country) }, timeoutMs))
    .pages;
}

export async function ocrImage(bytes: Uint8Array, country: string, timeoutMs: number) {
  return (await runPageTask({ kind: 'ocr-image', bytes, langs: tesseractLangs(country) }, timeoutMs)).pages;
}
