// Reads a multipart/form-data upload (busboy) into its text fields and one file held in memory,
// refusing a file over the limit with 413 `file_too_large` as soon as the limit is passed.

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

export function readUpload(req: Request, maxBytes: number, fileField = 'file'): Promise<Upload> {
  const type = req.headers['content-type'] ?? '';
  // FastAPI answers a body that is not a form with "file: Field required"; so do we.
  if (!/^multipart\/form-data/i.test(type)) return drain(req).then(() => ({ fields: {} }));
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes + 64 * 1024) return Promise.reject(new HttpError(413, 'file_too_large'));
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 8192 },
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
      req.resume();
      reject(err);
    };
    bb.on('field', (name, value) => {
      upload.fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      if (name !== fileField) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => fail(new HttpError(413, 'file_too_large')));
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
