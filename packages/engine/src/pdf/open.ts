// Opens a PDF with pdf.js (loaded on first use, so XML-only hosts never pay for it) and turns
// its failures into our error codes: a password-protected file is `encrypted_pdf`, anything
// pdf.js cannot make sense of is `malformed_pdf`. Before pdf.js sees the bytes, a file whose
// streams expand past sane bounds (a compression bomb) is refused as `malformed_pdf`: pdf.js
// inflates streams whole and without a limit (stream-budget.ts).
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js';
import { ReadError } from '../errors.js';
import { checkStreamBudget } from './stream-budget.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;

export function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

export type PdfDocument = PDFDocumentProxy;

export async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  await checkStreamBudget(bytes);
  const { getDocument } = await loadPdfJs();
  // pdf.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy().catch(() => {});
    const name = (err as Error)?.name;
    if (name === 'PasswordException')
      throw new ReadError('encrypted_pdf', 'the PDF is protected by a password');
    throw new ReadError('malformed_pdf', `the PDF cannot be opened: ${(err as Error)?.message ?? err}`);
  }
}
