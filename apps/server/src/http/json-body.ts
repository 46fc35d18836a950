// The one JSON body parser (the account interface: at most 1 MB; the sync route with a limit of its
// own): a body that is not JSON, or is nested deeper than any of our schemas goes, answers 422
// `json_invalid` in the HTTPValidationError shape, as FastAPI does.
import express, { type RequestHandler } from 'express';
import { ValidationFailed } from './errors.js';

/**
 * No body of ours nests deeper than a few levels. A megabyte of "[[[[...]]]]" parses, but echoing
 * it back in a validation error (its `input`) overflowed JSON.stringify's stack.
 */
export const MAX_JSON_DEPTH = 32;

/** How deeply `value` nests arrays and objects, counted without recursion and given up past `limit`. */
export function jsonDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > limit) return deepest;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

const invalid = (error: string) =>
  new ValidationFailed([
    { type: 'json_invalid', loc: ['body', 0], msg: 'JSON decode error', input: {}, ctx: { error } },
  ]);

/**
 * A JSON body parser taking at most `limit` bytes (a larger body answers 413): any content type;
 * malformed or too deeply nested JSON answers 422. Without a body `req.body` stays undefined, so
 * a route whose body is required answers 422 `missing` through `validate`.
 */
export function jsonBodyOf(limit: number | string): RequestHandler {
  const parse = express.json({ limit, strict: false, type: () => true });
  return (req, res, next) => {
    parse(req, res, (err?: unknown) => {
      if (!err) {
        // body-parser reads an empty body as {}: for the routes it is no body at all.
        if (
          req.get('content-length') === '0' ||
          (!req.get('content-length') && !req.get('transfer-encoding'))
        )
          req.body = undefined;
        if (jsonDepth(req.body) > MAX_JSON_DEPTH)
          return next(invalid(`nested more than ${MAX_JSON_DEPTH} levels deep`));
        return next();
      }
      const e = err as { status?: number; type?: string; message?: string };
      if (e.type === 'entity.parse.failed') return next(invalid(String(e.message)));
      next(err);
    });
  };
}

/** The account interface's body: at most 1 MB. */
export const jsonBody: RequestHandler = jsonBodyOf('1mb');
