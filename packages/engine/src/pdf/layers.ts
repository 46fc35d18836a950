// What a PDF says without rendering a page: its page count, the embedded invoice XML (hybrid
// PDFs) and the text layer read as an invoice. This is the pdf.js parsing of a read (hundreds of
// milliseconds of CPU for one page), so it runs in the engine's read workers (read-tasks.ts); the
// answer is plain data that crosses to the host's thread as it is.
import type { Document } from '../document.js';
import type { ErrorCode } from '../errors.js';
import { ReadError } from '../errors.js';
import { readTextInvoice } from '../extract/text-invoice.js';
import { lacksPageTables } from '../page-tables.js';
import type { RequestedMode } from '../result.js';
import { readXmlInvoice } from '../xml/read-xml.js';
import { type Attachment, invoiceCandidates, knownInvoiceName, listAttachments } from './attachments.js';
import { openPdf } from './open.js';
import { extractText, type PageText } from './text.js';

/** More pages than this are not read (nor estimated). */
export const MAX_PAGES = 100;

export interface PdfLayers {
  pages: number;
  /** The embedded invoice, read: the answer of the read. */
  xml?: { document: Document; embeddedFile: string };
  /** Why the embedded XML could not be read (no attachment list, or no attachment an invoice);
   * `foreign`: only XML files of another kind were attached, and the pages are read instead. */
  xmlError?: { code: ErrorCode; message: string; foreign?: boolean };
  /** The text layer of every page (empty unless the mode reads text, or when the XML answered). */
  text: PageText[];
  /** The usable text pages read as an invoice (not in `ocr` mode); beside the XML, only when it
   * lacks lines or a VAT breakdown the page may print (page-tables.ts), in `auto` mode. */
  textDoc?: Document;
}

/**
 * Opens the PDF and reads what the mode looks at: `auto` and `xml` the embedded invoice, `auto`
 * and `text` the text layer. Stops at the page count when there are over MAX_PAGES, and after
 * the embedded XML when that already decides the read (readPdf's order). Throws the opening's
 * ReadError (`encrypted_pdf`, `malformed_pdf`).
 */
export async function readPdfLayers(
  bytes: Uint8Array,
  mode: RequestedMode,
  country: string,
): Promise<PdfLayers> {
  const doc = await openPdf(bytes);
  try {
    const pages = doc.numPages;
    if (pages > MAX_PAGES) return { pages, text: [] };
    const out: PdfLayers = { pages, text: [] };
    if (mode === 'auto' || mode === 'xml') {
      const xml = await readEmbeddedXml(doc);
      if (xml.found) {
        const found: PdfLayers = { ...out, xml: xml.found };
        // Factur-X MINIMUM and BASIC WL carry no lines (MINIMUM no VAT breakdown either), which
        // their page often prints: its text is read for them (page-tables.ts takes what the XML's
        // figures confirm). Only then, and on a short document: the common hybrid costs nothing more.
        if (mode === 'auto' && pages <= PAGE_TABLE_PAGES && lacksPageTables(xml.found.document)) {
          const textDoc = await pageText(doc, country);
          if (textDoc) found.textDoc = textDoc;
        }
        return found;
      }
      if (xml.error)
        out.xmlError = {
          code: xml.error.code,
          message: xml.error.message,
          ...(xml.foreign ? { foreign: true } : {}),
        };
      // An embedded invoice that cannot be read is the answer (readPdf fails with it).
      if (mode === 'xml' || embeddedFailureAnswers(out.xmlError)) return out;
    }
    if (mode === 'auto' || mode === 'text') out.text = await extractText(doc, { maxPages: MAX_PAGES });
    const textDoc = mode === 'ocr' ? undefined : textInvoiceOf(out.text, country);
    if (textDoc) out.textDoc = textDoc;
    return out;
  } finally {
    await doc.destroy().catch(() => {});
  }
}

/** The longest hybrid whose page is read for the lines its XML lacks. */
const PAGE_TABLE_PAGES = 10;

/** A hybrid's usable text pages read as an invoice; none when its text layer cannot be read (the
 * XML is the answer all the same). */
async function pageText(
  doc: Awaited<ReturnType<typeof openPdf>>,
  country: string,
): Promise<Document | undefined> {
  try {
    return textInvoiceOf(await extractText(doc, { maxPages: PAGE_TABLE_PAGES }), country);
  } catch {
    return undefined;
  }
}

/** The usable pages of a text layer read as an invoice; none without a usable page. */
function textInvoiceOf(text: PageText[], country: string): Document | undefined {
  const usable = text.filter((p) => p.usable);
  return usable.length ? readTextInvoice(usable, { source: 'text', reader: 'pdf-text', country }) : undefined;
}

/** Whether the embedded XML's failure is the read's answer: an attachment that is the invoice
 * could not be read. Not when the attachment list itself is damaged (the pages may still be
 * read), nor when only XML files of another kind were attached. */
export function embeddedFailureAnswers(xmlError: PdfLayers['xmlError']): boolean {
  return !!xmlError && xmlError.code !== 'malformed_pdf' && !xmlError.foreign;
}

async function readEmbeddedXml(
  doc: Awaited<ReturnType<typeof openPdf>>,
): Promise<{ found?: { document: Document; embeddedFile: string }; error?: ReadError; foreign?: boolean }> {
  let attachments: Attachment[] = [];
  let error: ReadError | undefined;
  let foreignError: ReadError | undefined;
  try {
    attachments = await listAttachments(doc);
  } catch (err) {
    if (!(err instanceof ReadError)) throw err;
    error = err;
  }
  for (const att of invoiceCandidates(attachments)) {
    try {
      return { found: { document: readXmlInvoice(att.content), embeddedFile: att.name } };
    } catch (err) {
      if (!(err instanceof ReadError)) throw err;
      // An XML file of another kind, or one that does not parse, under a name of its own (a
      // Polish KSeF "Faktura" beside its printout, an order, metadata): not the hybrid
      // invoice's, so the pages are read as they would be without it. Under a name the
      // standards give the invoice file it is the invoice, and its reason is the answer.
      const foreign =
        !knownInvoiceName(att.name) && (err.code === 'not_an_invoice' || err.code === 'malformed_xml');
      // Another attachment may still be the invoice; remember the first reason this one was not.
      if (!foreign) error ??= new ReadError(err.code, `embedded ${att.name}: ${err.message}`);
      else foreignError ??= new ReadError(err.code, `embedded ${att.name}: ${err.message}`);
    }
  }
  if (error) return { error };
  return foreignError ? { error: foreignError, foreign: true } : {};
}
