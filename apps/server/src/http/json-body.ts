// The one JSON body parser of the account interface: at most 1 MB, and a body that is not JSON
// answers 422 `json_invalid` in the HTTPValidationError shape, as FastAPI does.
import express, { type RequestHandler } from 'express';
import { ValidationFailed } from './errors.js';

const parse = express.json({ limit: '1mb', strict: false, type: () => true });

/**
 * Parses a JSON body of any content type; malformed JSON answers 422. Without a body `req.body`
 * stays undefined, so a route whose body is required answers 422 `missing` through `validate`.
 */
export const jsonBody: RequestHandler = (req, res, next) => {
  parse(req, res, (err?: unknown) => {
    if (!err) {
      // body-parser reads an empty body as {}: for the routes it is no body at all.
      if (req.get('content-length') === '0' || (!req.get('content-length') && !req.get('transfer-encoding')))
        req.body = undefined;
      return next();
    }
    const e = err as { status?: number; type?: string; message?: string };
    if (e.type === 'entity.parse.failed')
      return next(
        new ValidationFailed([
          {
            type: 'json_invalid',
            loc: ['body', 0],
            msg: 'JSON decode error',
            input: {},
            ctx: { error: String(e.message) },
          },
        ]),
      );
    next(err);
  });
};
