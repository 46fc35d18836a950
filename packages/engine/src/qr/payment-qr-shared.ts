// Pieces the Swiss QR-bill and EPC (GiroCode) payload parsers share: line splitting, the
// ISO 11649 creditor reference, amount syntax, the result shapes and a provenance-keeping
// Document builder (the QR counterpart of xml/builder.ts).

import { mod97 } from '../check/iban.js';
import { parseDecimal } from '../decimal.js';
import { type Document, emptyDocument } from '../document.js';

/** Where on the page the QR code was found; copied into every provenance record. */
export interface QrLocation {
  page?: number;
  bbox?: [number, number, number, number];
}

export interface QrParseFailure {
  ok: false;
  error: string;
  message: string;
}

/** Thrown inside a parser and turned into a `QrParseFailure` at its entry point. */
export class QrPayloadError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'QrPayloadError';
  }
}

export function fail(code: string, message: string): never {
  throw new QrPayloadError(code, message);
}

/** Runs a parser body, turning a `QrPayloadError` into the failure result; anything else rethrows. */
export function catchPayloadError<T>(body: () => T): T | QrParseFailure {
  try {
    return body();
  } catch (e) {
    if (e instanceof QrPayloadError) return { ok: false, error: e.code, message: e.message };
    throw e;
  }
}

/**
 * Lines of a payload. Both standards allow LF and CRLF; a lone CR is accepted too because some
 * decoders and generators emit it. A leading BOM is dropped (it is not part of the data).
 */
export function splitLines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
}

/** Drops empty lines at the end while more than `keep` lines remain (a trailing newline is allowed). */
export function dropTrailingEmpty(lines: string[], keep: number): string[] {
  const out = lines.slice();
  while (out.length > keep && out[out.length - 1]!.trim() === '') out.pop();
  return out;
}

/** ISO 11649 creditor reference: `RF`, two check digits, 1-21 alphanumerics, MOD 97-10 = 1. */
export function isCreditorReference(ref: string): boolean {
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(ref)) return false;
  return mod97(ref.slice(4) + ref.slice(0, 4)) === 1;
}

/**
 * A payment amount as both standards write it: digits, optionally a dot and one or two
 * decimals, no sign, no grouping. Returns the canonical decimal string or undefined.
 */
export function parseQrAmount(s: string): string | undefined {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) return undefined;
  return parseDecimal(s);
}

/** Fills a Document and records `{ source: 'qr', reader, page?, bbox? }` for every path it sets. */
export class QrDocumentBuilder {
  readonly doc: Document;

  constructor(
    private readonly reader: 'swiss-qr' | 'epc-qr',
    private readonly where: QrLocation = {},
  ) {
    this.doc = emptyDocument(reader);
  }

  /** Sets the dotted `path` (numeric steps index arrays) when `value` is non-empty. */
  set(path: string, value: string | undefined): void {
    if (value === undefined || value === '') return;
    const steps = path.split('.');
    let cur = this.doc as unknown as Record<string, unknown>;
    for (let i = 0; i < steps.length - 1; i++) {
      const step = steps[i]!;
      if (cur[step] == null) cur[step] = /^\d+$/.test(steps[i + 1]!) ? [] : {};
      cur = cur[step] as Record<string, unknown>;
    }
    cur[steps[steps.length - 1]!] = value;
    this.doc.provenance[path] = {
      source: 'qr',
      reader: this.reader,
      ...(this.where.page !== undefined ? { page: this.where.page } : {}),
      // A copy per record: provenance entries must not alias the caller's (or each other's) array.
      ...(this.where.bbox ? { bbox: [...this.where.bbox] } : {}),
    };
  }
}
