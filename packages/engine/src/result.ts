// What one read returns (decisions.md §3-5): plain, serialisable, the same for every host.
import type { Check } from './check/check.js';
import type { Document } from './document.js';
import type { ErrorCode } from './errors.js';
import type { FieldDetail } from './project/field-sets.js';
import type { FileType } from './sniff.js';

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
