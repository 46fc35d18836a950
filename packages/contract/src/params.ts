// Numbers in paths and query strings, read as pydantic reads them.
import { z } from './zod.js';

/**
 * An integer given as text (a path or query parameter), checked by `schema`: digits with an
 * optional sign, spaces around them allowed. Anything else is `int_parsing`: z.coerce took "0x10"
 * for 16, "1e3" for 1000, "1.0" for 1 and an empty value for 0, so /v1/parse/0x1 was job 1.
 */
export function intParam<S extends z.ZodNumber>(schema: S) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*[+-]?\d{1,15}\s*$/.test(v) ? Number(v) : v),
    schema,
  );
}
