// The estimate of a PDF (estimate.ts): its page count and how many pages have no usable text
// layer. It parses the file with pdf.js, so it runs in the engine's read workers (read-tasks.ts).

import { ReadError } from '../errors.js';
import type { Estimate } from '../result.js';
import { invoiceCandidates, listAttachments } from './attachments.js';
import { MAX_PAGES } from './layers.js';
import { openPdf } from './open.js';
import { extractText } from './text.js';

export async function estimatePdf(bytes: Uint8Array): Promise<Estimate> {
  let doc: Awaited<ReturnType<typeof openPdf>>;
  try {
    doc = await openPdf(bytes);
  } catch {
    // The read will fail with the same reason and charge nothing: no need to refuse it here.
    return { fileType: 'pdf', pages: 0, pagesToScan: 0 };
  }
  try {
    const pages = doc.numPages;
    if (pages > MAX_PAGES)
      return {
        fileType: 'pdf',
        pages,
        pagesToScan: 0,
        error: 'too_many_pages',
        message: `the PDF has ${pages} pages; at most ${MAX_PAGES} are read`,
      };
    const attachments = await listAttachments(doc).catch(() => []);
    if (invoiceCandidates(attachments).length) return { fileType: 'pdf', pages, pagesToScan: 0 };
    const text = await extractText(doc, { maxPages: MAX_PAGES });
    return { fileType: 'pdf', pages, pagesToScan: text.filter((p) => !p.usable).length };
  } catch (err) {
    if (err instanceof ReadError) return { fileType: 'pdf', pages: doc.numPages, pagesToScan: 0 };
    throw err;
  } finally {
    await doc.destroy().catch(() => {});
  }
}
