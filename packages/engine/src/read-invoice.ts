// The engine's one public entry: bytes and a country in, a ReadResult out. It sniffs the type,
// picks the readers the mode allows (XML first), runs the checks and projects the country's
// field set. Nothing a user's file does escapes as an exception: every failure is a result.
import { runChecks } from './check/document-checks.js';
import { extractSignedContent } from './cms/p7m.js';
import { type ErrorCode, ReadError } from './errors.js';
import { countryOf } from './project/countries.js';
import { project } from './project/field-sets.js';
import { readImage } from './read-image.js';
import { readPdf } from './read-pdf.js';
import { asFailure, Failure, type ReadContext, type Reading, timeLeft } from './reading.js';
import { type FileType, MODES, type Mode, type ReadResult, type RequestedMode } from './result.js';
import { sniff } from './sniff.js';
import { runReadTask } from './workers/read-tasks.js';
import { readXmlInvoice } from './xml/read-xml.js';

export interface ReadOptions {
  /** ISO 3166 alpha-2 code of the receiving business's country; decides the field set. */
  country: string;
  mode?: RequestedMode;
  /** For messages only: the type is always taken from the content. */
  filename?: string;
  /** Upper bound for one read; a read that takes longer fails with `timeout`. */
  timeoutMs?: number;
  /** Largest file accepted, in bytes. */
  maxBytes?: number;
  /** "Today" for date plausibility (ISO); the current date when absent. */
  today?: string;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;

export async function readInvoice(bytes: Uint8Array, options: ReadOptions): Promise<ReadResult> {
  const started = performance.now();
  const country = countryOf(options.country ?? '');
  let fileType: FileType | null = null;
  const finish = (
    partial: Omit<ReadResult, 'ms' | 'file_type' | 'fields' | 'fields_detailed'>,
  ): ReadResult => {
    const projected = country
      ? project(partial.document, partial.checks, country)
      : { fields: {}, fields_detailed: [] };
    return {
      ...partial,
      file_type: fileType,
      ...projected,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
  };
  const failed = (
    code: ErrorCode,
    message: string,
    mode: Mode | null = null,
    pages = 0,
    tried: Mode[] = [],
  ) =>
    finish({
      status: 'failed',
      error: code,
      message,
      mode,
      tried,
      pages,
      pages_scanned: 0,
      document: null,
      checks: [],
    });

  try {
    if (!country) return failed('unsupported_country', `country "${options.country}" is not supported`);
    const mode = options.mode ?? 'auto';
    if (!MODES.includes(mode))
      return failed('invalid_option', `mode "${mode}" is not one of ${MODES.join(', ')}`);
    if (!(bytes instanceof Uint8Array)) return failed('invalid_option', 'the file must be given as bytes');
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    if (bytes.length > maxBytes) return failed('file_too_large', `the file is larger than ${maxBytes} bytes`);
    const sniffed = sniff(bytes);
    if (sniffed === 'empty') return failed('empty_file', 'the file is empty');
    if (sniffed === 'unknown') {
      return failed(
        'unsupported_file_type',
        'the file is not a PDF, PNG, JPEG, XML or signed (.p7m) invoice',
      );
    }
    fileType = sniffed;
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const reading = await withTimeout(
      read(bytes, sniffed, mode, { country: country.code, deadline: Date.now() + timeoutMs }),
      timeoutMs,
    );
    const checks = [...(reading.checks ?? []), ...runChecks(reading.document, options.today)];
    return finish({
      status: 'done',
      mode: reading.mode,
      tried: reading.tried ?? [reading.mode],
      pages: reading.pages,
      pages_scanned: reading.pagesScanned,
      document: reading.document,
      checks,
      ...(reading.signature ? { signature: reading.signature } : {}),
      ...(reading.embeddedFile ? { embedded_file: reading.embeddedFile } : {}),
    });
  } catch (err) {
    if (err instanceof Failure)
      return failed(err.code, err.message, err.tried[0] ?? err.mode, err.pages, err.tried);
    if (err instanceof ReadError) return failed(err.code, err.message, null);
    return failed('internal_error', `unexpected error: ${(err as Error)?.message ?? String(err)}`);
  }
}

async function read(
  bytes: Uint8Array,
  type: FileType,
  mode: RequestedMode,
  ctx: ReadContext,
): Promise<Reading> {
  switch (type) {
    case 'xml':
    case 'cms':
      if (mode !== 'auto' && mode !== 'xml') {
        throw new Failure('mode_not_applicable', `an XML invoice has no ${mode} layer to read`, mode);
      }
      return type === 'xml' ? readXml(bytes, ctx) : readSigned(bytes, ctx);
    case 'pdf':
      return readPdf(bytes, mode, ctx);
    case 'png':
    case 'jpeg':
      return readImage(bytes, mode, ctx);
  }
}

/**
 * XML up to this size is parsed here: a real e-invoice takes a few milliseconds (a 425 KB one with
 * its attachments 3 ms), less than a trip through the read workers, which are often busy parsing
 * PDFs (a job waiting there holds its place in the host's queue). A larger file may be a hostile
 * one (a 6.5 MB UBL of 25,000 lines takes over a second), so it is parsed in a read worker.
 */
export const XML_HERE_MAX_BYTES = 128 * 1024;

async function readXml(bytes: Uint8Array, ctx: ReadContext): Promise<Reading> {
  try {
    const document =
      bytes.length <= XML_HERE_MAX_BYTES
        ? readXmlInvoice(bytes)
        : await runReadTask({ kind: 'read-xml', bytes }, timeLeft(ctx));
    return { mode: 'xml', document, pages: 1, pagesScanned: 0 };
  } catch (err) {
    asFailure(err, 'xml', 1);
  }
}

async function readSigned(bytes: Uint8Array, ctx: ReadContext): Promise<Reading> {
  let inner: ReturnType<typeof extractSignedContent>;
  try {
    inner = extractSignedContent(bytes);
  } catch (err) {
    asFailure(err, 'xml');
  }
  if (sniff(inner.content) !== 'xml') {
    throw new Failure('not_an_invoice', 'the signed envelope does not contain an XML invoice', 'xml');
  }
  return { ...(await readXml(inner.content, ctx)), signature: inner.signature };
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ReadError('timeout', `reading took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
