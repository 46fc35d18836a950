// The one JSON body parser of the account interface: at most 1 MB, and a body that is not JSON
// answers 422 `json_invalid` in the HTTPValidationError shape, as FastAPI does.
import express, { type RequestHandler } from 'express';
import { ValidationFailed } from './errors.js';

const parse = express.json({ limit: '1mb', strict: false, type: () => true });

/** Parses a JSON body of any content type (a missing body is `{}`); malformed JSON answers 422. */
export const jsonBody: RequestHandler = (req, res, next) => {
  parse(req, res, (err?: unknown) => {
    if (!err) {
      if (req.body === undefined) req.body = {};
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
