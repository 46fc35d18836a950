// zod issues reported the way FastAPI (pydantic 2) reports them.

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ValidationFailed } from './errors.js';
import { validate } from './validation.js';

const Query = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  period: z.enum(['m', 'y']).default('m'),
  name: z.string().min(1).max(5).optional(),
  ids: z.array(z.number()).max(2).optional(),
});

function items(input: Record<string, unknown>) {
  try {
    validate(Query, 'query', input);
  } catch (err) {
    if (err instanceof ValidationFailed) return err.items;
    throw err;
  }
  return [];
}

describe('pydantic-shaped validation errors', () => {
  it('reports bounds with ctx', () => {
    expect(items({ limit: '0' })).toEqual([
      {
        type: 'greater_than_equal',
        loc: ['query', 'limit'],
        msg: 'Input should be greater than or equal to 1',
        input: '0',
        ctx: { ge: 1 },
      },
    ]);
    expect(items({ limit: '501' })[0]).toMatchObject({ type: 'less_than_equal', ctx: { le: 500 } });
    expect(items({ name: 'toolong' })[0]).toMatchObject({
      type: 'string_too_long',
      msg: 'String should have at most 5 characters',
      ctx: { max_length: 5 },
    });
    expect(items({ ids: [1, 2, 3] })[0]).toMatchObject({
      type: 'too_long',
      ctx: { max_length: 2, actual_length: 3 },
    });
  });

  it('reports parsing and literal errors', () => {
    expect(items({ limit: 'ten' })[0]).toMatchObject({ type: 'int_parsing', input: 'ten' });
    expect(items({ period: 'w' })[0]).toEqual({
      type: 'literal_error',
      loc: ['query', 'period'],
      msg: "Input should be 'm' or 'y'",
      input: 'w',
      ctx: { expected: "'m' or 'y'" },
    });
    expect(items({ limit: '5', period: 'y' })).toEqual([]);
  });
});
