// The sync route's own JSON body parser. A result read on the desktop carries the engine's whole
// document, which is about twice the size of an e-invoice's XML (2500 invoice lines: 1.4 MB of
// XML, a 2.9 MB document), so the shared 1 MB limit of http/json-body.ts refused large but valid
// invoices for good. This one takes the document of the largest file the service reads itself
// (MAX_UPLOAD_BYTES, 20 MB by default) three times over, with the same 422 for malformed or too
// deeply nested JSON and 413 `file_too_large` past the limit (http/json-body.ts's parser).
import type { RequestHandler } from 'express';
import { jsonBodyOf } from '../http/json-body.js';

/** A document's JSON is at most about this many times the size of the file it was read from. */
export const DOCUMENT_PER_FILE_BYTE = 3;

/** The largest sync body: the document of a `maxUploadBytes` file, plus room for the rest. */
export function syncBodyLimit(maxUploadBytes: number): number {
  return DOCUMENT_PER_FILE_BYTE * maxUploadBytes + 1024 * 1024;
}

/** The sync route's parser (http/json-body.ts) with the larger limit. */
export const syncJsonBody = (maxUploadBytes: number): RequestHandler =>
  jsonBodyOf(syncBodyLimit(maxUploadBytes));
