// Reads a multipart/form-data upload (busboy) into its text fields and one file held in memory,
// refusing a file over the limit with 413 `file_too_large` as soon as the limit is passed (or at
// once when the declared length is over it) without reading the rest of a huge body, and giving
// up on an upload whose connection is cut (a timeout in server.ts) so nothing is kept.

import type { ValidationErrorItem } from '@invoice-reader/contract';
import busboy from 'busboy';
import type { Request } from 'express';
import type { z } from 'zod';
import { HttpError, ValidationFailed } from './errors.js';
import { validate } from './validation.js';

export interface Upload {
  fields: Record<string, string>;
  file?: { field: string; filename: string; bytes: Buffer };
}

/** Room for the form's fields and boundaries around the file. */
const FORM_OVERHEAD = 64 * 1024;
/** File parts a form may hold; only the first one named `file` is kept, the others are dropped. */
const MAX_FILE_PARTS = 4;
/** How much of a refused body is still read (and dropped) before the connection is closed. */
const LINGER_BYTES = 1024 * 1024;

/** A declared body larger than any upload (or any other body) the service takes. */
export function declaredTooLarge(headers: { 'content-length'?: string }, maxBytes: number): boolean {
  return Number(headers['content-length'] ?? 0) > maxBytes + FORM_OVERHEAD;
}

export function readUpload(req: Request, maxBytes: number, fileField = 'file'): Promise<Upload> {
  const type = req.headers['content-type'] ?? '';
  // FastAPI answers a body that is not a form with "file: Field required"; so do we.
  if (!/^multipart\/form-data/i.test(type)) return drain(req).then(() => ({ fields: {} }));
  if (declaredTooLarge(req.headers, maxBytes)) {
    discardAtMost(req, LINGER_BYTES);
    return Promise.reject(new HttpError(413, 'file_too_large'));
  }
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        // busboy reports its limit when a file reaches fileSize: one byte more than the largest
        // file taken, so a file of exactly maxBytes is taken. A few file parts, so that a part of
        // another name before `file` does not use up the one allowed.
        limits: { fileSize: maxBytes + 1, files: MAX_FILE_PARTS, fields: 20, fieldSize: 8192 },
      });
    } catch {
      reject(new HttpError(400, 'bad_request'));
      return;
    }
    const upload: Upload = { fields: {} };
    let failed = false;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      req.unpipe(bb);
      discardAtMost(req, LINGER_BYTES);
      reject(err);
    };
    // The connection went before the body ended (a timeout cut it, or the client left): the
    // handler must not wait for ever, and the part read so far is dropped.
    req.once('close', () => {
      if (!req.complete) fail(new HttpError(400, 'upload_aborted'));
    });
    bb.on('field', (name, value) => {
      upload.fields[name] = value;
    });
    let kept = false;
    bb.on('file', (name, stream, info) => {
      // Any part over the limit refuses the upload: a dropped part is read through too.
      stream.on('limit', () => fail(new HttpError(413, 'file_too_large')));
      if (name !== fileField || kept) {
        stream.resume();
        return;
      }
      kept = true;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (!failed)
          upload.file = { field: name, filename: info.filename ?? '', bytes: Buffer.concat(chunks) };
      });
    });
    bb.on('error', () => fail(new HttpError(400, 'bad_request')));
    bb.on('close', () => {
      if (!failed) resolve(upload);
    });
    req.pipe(bb);
  });
}

/**
 * Reads and drops what is left of a refused body, at most `limit` bytes, then closes the
 * connection. Reading a little lets the client see the refusal (closing a socket with unread
 * bytes sends a reset that can wipe the answer before it is read); a huge body is never read whole.
 */
function discardAtMost(req: Request, limit: number): void {
  let left = limit;
  req.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) req.socket.destroy();
  });
  req.resume();
}

function drain(req: Request): Promise<void> {
  return new Promise((resolve) => {
    req.on('end', resolve).on('error', () => resolve());
    req.resume();
  });
}

/**
 * An upload form: its fields checked by `schema` and the file required, every problem reported
 * at once in the HTTPValidationError shape (a missing file first, as FastAPI lists it).
 */
export async function readUploadForm<S extends z.ZodType>(
  req: Request,
  maxBytes: number,
  schema: S,
): Promise<{ form: z.output<S>; file: NonNullable<Upload['file']> }> {
  const upload = await readUpload(req, maxBytes);
  const issues: ValidationErrorItem[] = [];
  let form: z.output<S> | undefined;
  try {
    form = validate(schema, 'body', upload.fields);
  } catch (err) {
    if (!(err instanceof ValidationFailed)) throw err;
    issues.push(...err.items);
  }
  if (!upload.file)
    issues.unshift({ type: 'missing', loc: ['body', 'file'], msg: 'Field required', input: null });
  if (issues.length || form === undefined || !upload.file) throw new ValidationFailed(issues);
  return { form, file: upload.file };
}
