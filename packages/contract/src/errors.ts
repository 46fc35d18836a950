// Error bodies: every refusal carries a machine code in `detail`; a request that fails its schema
// answers 422 with FastAPI's `HTTPValidationError` shape, item for item.
import { z } from './zod.js';

export const ErrorOut = z
  .object({ detail: z.string().openapi({ example: 'unsupported_country' }) })
  .openapi('ErrorOut', { description: 'A refusal: `detail` is the machine code.' });

export const ValidationErrorItem = z
  .object({
    loc: z.array(z.union([z.string(), z.number().int()])),
    msg: z.string(),
    type: z.string(),
    input: z.unknown().optional(),
    ctx: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('ValidationError');

export const HTTPValidationError = z
  .object({ detail: z.array(ValidationErrorItem) })
  .openapi('HTTPValidationError');

export type ValidationErrorItem = z.infer<typeof ValidationErrorItem>;
