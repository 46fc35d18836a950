import { describe, expect, it } from 'vitest';
import { intParam } from './params.js';
import { z } from './zod.js';

const Limit = z.object({ limit: intParam(z.number().int().min(1).max(500)).default(100) });
const parse = (limit?: string) => Limit.safeParse(limit === undefined ? {} : { limit });

describe('integer parameters', () => {
  it('reads digits, with a sign and spaces around them', () => {
    expect(parse('10').data).toEqual({ limit: 10 });
    expect(parse(' 10 ').data).toEqual({ limit: 10 });
    expect(parse('+7').data).toEqual({ limit: 7 });
    expect(parse().data).toEqual({ limit: 100 });
  });

  it('refuses what is no integer as a type error, and bounds as bounds', () => {
    for (const text of ['', ' ', '0x10', '1e2', '1.0', '10abc', 'Infinity', '9'.repeat(30)]) {
      const r = parse(text);
      expect(r.success, text).toBe(false);
      expect(r.error?.issues[0]?.code, text).toBe('invalid_type');
    }
    expect(parse('0').error?.issues[0]?.code).toBe('too_small');
    expect(parse('501').error?.issues[0]?.code).toBe('too_big');
  });
});
