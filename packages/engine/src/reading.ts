// What a reader hands back to readInvoice before checks and projection, and the failure that
// carries the mode it was trying, so a failed result still says which reader gave up.
import type { Check } from './check/check.js';
import type { Document } from './document.js';
import { type ErrorCode, ReadError } from './errors.js';
import type { Mode, SignatureInfo } from './result.js';

/** What every reader is told about the read it is part of. */
export interface ReadContext {
  country: string;
  /** When the read must be over (Date.now() scale): page work is given only the time left, so
   * a task still running at the deadline is ended with its worker instead of running on. */
  deadline: number;
}

/** Milliseconds left before the read's deadline; `timeout` once it has passed. */
export function timeLeft(ctx: ReadContext): number {
  const left = ctx.deadline - Date.now();
  if (left <= 0) throw new ReadError('timeout', 'the read ran out of time');
  return left;
}

/** Whether a read found any of what makes a document an invoice: a number, a date, a total. */
export function looksLikeInvoice(d: Document): boolean {
  return !!(d.number || d.issue_date || d.totals.gross || d.totals.net);
}

export interface Reading {
  mode: Mode;
  document: Document;
  pages: number;
  pagesScanned: number;
  /** Checks the reader itself made (a QR code against the page text). */
  checks?: Check[];
  /** Every reader that examined the content, in order. */
  tried?: Mode[];
  signature?: SignatureInfo;
  embeddedFile?: string;
}

export class Failure extends ReadError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly mode: Mode | null,
    readonly pages = 0,
    /** Every reader that examined the content, in order (see ReadResult.tried). */
    readonly tried: Mode[] = mode ? [mode] : [],
  ) {
    super(code, message);
  }
}

/** Re-throws a ReadError as a Failure of the given mode; anything else unchanged. */
export function asFailure(err: unknown, mode: Mode | null, pages = 0): never {
  if (err instanceof Failure) throw err;
  if (err instanceof ReadError) throw new Failure(err.code, err.message, mode, pages);
  throw err;
}
