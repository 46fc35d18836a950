// What one read returns (decisions.md §3-5), and the estimate that may go before it: plain,
// serialisable, the same for every host.
import type { Check } from './check/check.js';
import type { Document } from './document.js';
import type { ErrorCode } from './errors.js';
import type { FieldDetail } from './project/field-sets.js';

/** What a file is, from its content (sniff.ts). */
export type FileType = 'pdf' | 'png' | 'jpeg' | 'xml' | 'cms';

export type Mode = 'xml' | 'qr' | 'text' | 'ocr';
export type RequestedMode = Mode | 'auto';
export const MODES: readonly RequestedMode[] = ['auto', 'xml', 'qr', 'text', 'ocr'];

export interface SignatureInfo {
  present: true;
  /** Always false: the signer's certificate chain is not validated against a trust list. */
  verified: false;
  signer?: string;
  /** Whether the signed content's hash matches the messageDigest the signer signed. */
  digestMatches?: boolean;
}

export interface ReadResult {
  status: 'done' | 'failed';
  /**
   * How the values were read. For a failure: the first reader that examined the content (null
   * when none got that far); `tried` lists them all and `message` says why each gave up.
   */
  mode: Mode | null;
  /** Every reader that examined the content, in the order of `auto`. */
  tried: Mode[];
  error?: ErrorCode;
  message?: string;
  file_type: FileType | null;
  pages: number;
  /** Pages that went through OCR: the only ones that are charged. */
  pages_scanned: number;
  fields: Record<string, string>;
  fields_detailed: FieldDetail[];
  document: Document | null;
  checks: Check[];
  signature?: SignatureInfo;
  /** Name of the embedded file the invoice was read from (hybrid PDFs). */
  embedded_file?: string;
  ms: number;
}

/** A cheap look at a file before it is read (estimate.ts). */
export interface Estimate {
  fileType: FileType | null;
  pages: number;
  /** Upper bound of the pages the read may OCR: 0 for XML, hybrid and text-layer PDFs. */
  pagesToScan: number;
  /** Set when the file is refused before reading (the host answers it at once). */
  error?: ErrorCode;
  message?: string;
}
