// The one place a page is handed to OCR: picks the backend and loads it on first use. It sits
// above the backends (tesseract.ts, onnx.ts, onnx-hybrid.ts), which know only ocr-page.ts's types.
import type { Raster } from '../image/load.js';
import { type OcrBackend, type OcrPage, ocrBackend } from './ocr-page.js';

/** Reads a page with `backend`. Backends load on first use, so a worker that never meets a scan
 * never loads Tesseract or onnxruntime. */
export async function recognizePage(
  raster: Raster,
  page: number,
  langs: string[],
  dpi?: number,
  backend: OcrBackend = ocrBackend(langs),
): Promise<OcrPage> {
  switch (backend) {
    case 'onnx':
      return (await import('./onnx.js')).recognizeOnnx(raster, page, { dpi });
    case 'hybrid':
      return (await import('./onnx-hybrid.js')).recognizeHybrid(raster, page, langs, { dpi });
    default:
      return (await import('./tesseract.js')).recognizeTesseract(raster, page, langs, dpi);
  }
}
