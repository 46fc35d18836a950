// The one HTTP error helper: a refusal with a status and a machine code in `detail`, and the
// error middleware that turns it (and a validation failure, and anything unexpected) into JSON.
import type { ValidationErrorItem } from '@invoice-reader/contract';
import type { ErrorRequestHandler } from 'express';
import { BlobStoreUnavailable } from '../blobs/store.js';
import type { Logger } from '../log.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

/** 422 in FastAPI's HTTPValidationError shape. */
export class ValidationFailed extends Error {
  constructor(readonly items: ValidationErrorItem[]) {
    super('validation failed');
  }
}

/** The database's answers that mean "not now": SQLite's lock held past its busy timeout;
 * PostgreSQL's lock waited for past `lock_timeout`, a deadlock or serialization failure (the
 * transaction was rolled back whole), a server starting up or out of connections. */
const BUSY_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', '55P03', '40P01', '40001', '57P03', '53300']);

/** PostgreSQL out of reach: the connection refused or cut (node-postgres's socket errors), the
 * server shutting down (57P01 admin, 57P02 crash), class 08 (connection exceptions). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTCONN', '57P01', '57P02']);
/** node-postgres's errors without a code: the server closed the connection under a query, or a
 * pooled client broken by that was asked again. */
const UNREACHABLE_MESSAGES = /^(Connection terminated|Client has encountered a connection error)/;

/**
 * Why the database cannot answer now, or undefined for any other error: `busy` (locked, retry)
 * or `unreachable` (PostgreSQL down or restarting), with the driver's own message. drizzle wraps
 * the driver's error (its message is the query): the chain of causes is followed.
 */
export function databaseNotNow(err: unknown): { why: 'busy' | 'unreachable'; message: string } | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    const text = String(message);
    if (typeof code === 'string') {
      if (BUSY_CODES.has(code)) return { why: 'busy', message: text };
      if (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
        return { why: 'unreachable', message: text };
    }
    if (UNREACHABLE_MESSAGES.test(text)) return { why: 'unreachable', message: text };
    e = cause;
  }
  return undefined;
}

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    if (err instanceof ValidationFailed) {
      let body: string;
      try {
        body = JSON.stringify({ detail: err.items });
      } catch {
        // An input that cannot be echoed (too deep, a cycle): the same answer without it.
        body = JSON.stringify({ detail: err.items.map(({ input: _input, ...item }) => item) });
      }
      res.status(422).type('application/json').send(body);
      return;
    }
    if (err instanceof HttpError) {
      res.set(err.headers).status(err.status).json({ detail: err.detail });
      return;
    }
    // The object store did not answer (BLOB_URL): nothing was changed, try again soon.
    if (err instanceof BlobStoreUnavailable) {
      log.warn('blob store unavailable', { method: req.method, path: req.path, error: err.message });
      res.set('Retry-After', '2').status(503).json({ detail: 'busy' });
      return;
    }
    // The database stayed locked past its busy timeout (another writer, a backup), PostgreSQL
    // asks to try again, or it is out of reach (stopped, restarting): try again soon. One line,
    // no stack: an outage fails every request the same way.
    const notNow = databaseNotNow(err);
    if (notNow) {
      log.warn(`database ${notNow.why}`, { method: req.method, path: req.path, error: notNow.message });
      res.set('Retry-After', '2').status(503).json({ detail: 'busy' });
      return;
    }
    // body-parser and friends mark client mistakes with a 4xx status.
    const status =
      typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 413) {
      res.status(413).json({ detail: 'file_too_large' });
      return;
    }
    if (status < 500) {
      res.status(status).json({ detail: 'bad_request' });
      return;
    }
    log.error('request failed', { method: req.method, path: req.path, error: String(err?.stack ?? err) });
    res.status(500).json({ detail: 'internal_error' });
  };
}
