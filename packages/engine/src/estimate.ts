// A cheap look at a file before it is read, for hosts that bill: its type, its page count and how
// many pages may need OCR (the only reading that is charged). It never runs OCR or QR detection,
// so it answers in milliseconds; the real read later charges only the pages it actually scanned,
// which is never more than this upper bound.
import { extractSignedContent } from './cms/p7m.js';
import { type ErrorCode, ReadError } from './errors.js';
import { invoiceCandidates, listAttachments } from './pdf/attachments.js';
import { openPdf } from './pdf/open.js';
import { extractText } from './pdf/text.js';
import { MAX_PAGES } from './read-pdf.js';
import { type FileType, sniff } from './sniff.js';
import { readXmlInvoice } from './xml/read-xml.js';

export interface Estimate {
  fileType: FileType | null;
  pages: number;
  /** Upper bound of the pages the read may OCR: 0 for XML, hybrid and text-layer PDFs. */
  pagesToScan: number;
  /** Set when the file is refused before reading (the host answers it at once). */
  error?: ErrorCode;
  message?: string;
}

export async function estimateRead(bytes: Uint8Array): Promise<Estimate> {
  const type = sniff(bytes);
  if (type === 'empty') return refuse('empty_file', 'the file is empty', null);
  if (type === 'unknown')
    return refuse('unsupported_file_type', 'the file is not a PDF, JPG, PNG or XML', null);
  if (type === 'xml') return { fileType: type, pages: 0, pagesToScan: 0 };
  if (type === 'png' || type === 'jpeg') return { fileType: type, pages: 1, pagesToScan: 1 };
  if (type === 'cms') {
    // A signed envelope (.p7m) carries an XML invoice; what it holds is read, never scanned.
    try {
      return { ...(await estimateRead(extractSignedContent(bytes).content)), fileType: type };
    } catch {
      return { fileType: type, pages: 0, pagesToScan: 0 };
    }
  }
  return estimatePdf(bytes);
}

async function estimatePdf(bytes: Uint8Array): Promise<Estimate> {
  let doc: Awaited<ReturnType<typeof openPdf>>;
  try {
    doc = await openPdf(bytes);
  } catch (err) {
    // The read will fail with the same reason and charge nothing: no need to refuse it here.
    void err;
    return { fileType: 'pdf', pages: 0, pagesToScan: 0 };
  }
  try {
    const pages = doc.numPages;
    if (pages > MAX_PAGES)
      return refuse(
        'too_many_pages',
        `the PDF has ${pages} pages; at most ${MAX_PAGES} are read`,
        'pdf',
        pages,
      );
    const attachments = await listAttachments(doc).catch(() => []);
    // Only an embedded invoice that reads makes the PDF free: with a broken one the read falls back
    // to the pages (and OCRs those without text), so they are reserved like any other PDF's.
    if (invoiceCandidates(attachments).some(readsAsInvoice))
      return { fileType: 'pdf', pages, pagesToScan: 0 };
    const text = await extractText(doc, { maxPages: MAX_PAGES });
    return { fileType: 'pdf', pages, pagesToScan: text.filter((p) => !p.usable).length };
  } catch (err) {
    if (err instanceof ReadError) return { fileType: 'pdf', pages: doc.numPages, pagesToScan: 0 };
    throw err;
  } finally {
    await doc.destroy().catch(() => {});
  }
}

function readsAsInvoice(attachment: { content: Uint8Array }): boolean {
  try {
    readXmlInvoice(attachment.content);
    return true;
  } catch (err) {
    if (err instanceof ReadError) return false;
    throw err;
  }
}

function refuse(error: ErrorCode, message: string, fileType: FileType | null, pages = 0): Estimate {
  return { fileType, pages, pagesToScan: 0, error, message };
}
