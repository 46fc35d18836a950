// Finds the invoice XML inside a hybrid PDF (ZUGFeRD, Factur-X, XRechnung in PDF/A-3): among the
// embedded files, the known names first, then any XML whose root element an invoice reader
// accepts. pdf.js walks the whole EmbeddedFiles name tree, so an unsorted tree is no obstacle.
import { ReadError } from '../errors.js';
import type { PdfDocument } from './open.js';

export interface Attachment {
  name: string;
  content: Uint8Array;
}

/** Names the standards give the invoice file, lower-cased, most specific first. */
const KNOWN_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml', 'zugferd_invoice.xml'];

/** Whether an attachment bears a name the e-invoice standards give their invoice file. */
export function knownInvoiceName(name: string): boolean {
  return KNOWN_NAMES.includes(name.toLowerCase().split(/[\\/]/).pop() ?? '');
}

export async function listAttachments(doc: PdfDocument): Promise<Attachment[]> {
  let found: Record<string, { filename: string; content: Uint8Array }> | null;
  try {
    found = await doc.getAttachments();
  } catch (err) {
    // A damaged name tree or embedded stream: the page content may still be readable.
    throw new ReadError(
      'malformed_pdf',
      `the PDF's embedded files cannot be read: ${(err as Error)?.message ?? err}`,
    );
  }
  if (!found) return [];
  return Object.values(found)
    .filter((a) => a?.content?.length)
    .map((a) => ({ name: a.filename, content: a.content }));
}

/** Attachments worth trying as the invoice, best first: known names, then other XML files. */
export function invoiceCandidates(attachments: Attachment[]): Attachment[] {
  const rank = (a: Attachment): number => {
    const n = a.name.toLowerCase().split(/[\\/]/).pop() ?? '';
    const known = KNOWN_NAMES.indexOf(n);
    if (known >= 0) return known;
    if (n.endsWith('.xml')) return KNOWN_NAMES.length;
    if (looksLikeXml(a.content)) return KNOWN_NAMES.length + 1;
    return -1;
  };
  return attachments
    .map((a) => ({ a, r: rank(a) }))
    .filter((x) => x.r >= 0)
    .sort((x, y) => x.r - y.r)
    .map((x) => x.a);
}

function looksLikeXml(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 64))
    .toString('latin1')
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '');
  return /^\s*</.test(head);
}
