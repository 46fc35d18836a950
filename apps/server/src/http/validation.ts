// The one validation step: a zod schema checks a request part, and its issues are reported the way
// FastAPI (pydantic 2) reports them, so clients written against the specification's
// HTTPValidationError read ours unchanged: `{detail: [{type, loc, msg, input, ctx}]}`.
import type { ValidationErrorItem } from '@invoice-reader/contract';
import type { z } from 'zod';
import { ValidationFailed } from './errors.js';

export type Where = 'body' | 'query' | 'path' | 'header';

export function validate<S extends z.ZodType>(
  schema: S,
  where: Where,
  input: Record<string, unknown>,
): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  throw new ValidationFailed(r.error.issues.map((issue) => pydanticItem(issue, where, input)));
}

type Issue = z.core.$ZodIssue;

export function pydanticItem(
  issue: Issue,
  where: Where,
  input: Record<string, unknown>,
): ValidationErrorItem {
  const loc = [where, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))];
  const value = issue.path.reduce<unknown>(
    (cur, key) => (cur && typeof cur === 'object' ? (cur as Record<PropertyKey, unknown>)[key] : undefined),
    input,
  );
  const item = (type: string, msg: string, ctx?: Record<string, unknown>): ValidationErrorItem => ({
    type,
    loc,
    msg,
    input: value === undefined ? null : value,
    ...(ctx ? { ctx } : {}),
  });
  switch (issue.code) {
    case 'invalid_type': {
      if (value === undefined) return item('missing', 'Field required');
      const expected = String(issue.expected);
      if (expected === 'number' || expected === 'int')
        return item('int_parsing', 'Input should be a valid integer, unable to parse string as an integer');
      if (expected === 'string') return item('string_type', 'Input should be a valid string');
      if (expected === 'boolean')
        return item('bool_parsing', 'Input should be a valid boolean, unable to interpret input');
      if (expected === 'array') return item('list_type', 'Input should be a valid list');
      if (expected === 'object') return item('dict_type', 'Input should be a valid dictionary');
      return item('value_error', issue.message);
    }
    case 'too_small':
      return bound(item, issue.origin, 'min', Number(issue.minimum), issue.inclusive !== false, value);
    case 'too_big':
      return bound(item, issue.origin, 'max', Number(issue.maximum), issue.inclusive !== false, value);
    case 'invalid_value': {
      const expected = issue.values.map((v) => `'${String(v)}'`);
      const text =
        expected.length > 1 ? `${expected.slice(0, -1).join(', ')} or ${expected.at(-1)}` : expected[0];
      return item('literal_error', `Input should be ${text}`, { expected: text });
    }
    case 'invalid_format':
      if (issue.format === 'url') {
        const parsable = typeof value === 'string' && URL.canParse(value);
        return parsable
          ? item('url_scheme', "URL scheme should be 'http' or 'https'", {
              expected_schemes: "'http' or 'https'",
            })
          : item('url_parsing', 'Input should be a valid URL, relative URL without a base', {
              error: 'relative URL without a base',
            });
      }
      if (issue.format === 'email')
        return item(
          'value_error',
          'value is not a valid email address: An email address must have an @-sign.',
          {
            reason: 'An email address must have an @-sign.',
          },
        );
      return item('string_pattern_mismatch', issue.message);
    default:
      return item('value_error', `Value error, ${issue.message}`, { error: issue.message });
  }
}

function bound(
  item: (type: string, msg: string, ctx?: Record<string, unknown>) => ValidationErrorItem,
  origin: string,
  side: 'min' | 'max',
  limit: number,
  inclusive: boolean,
  value: unknown,
): ValidationErrorItem {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (origin === 'string')
    return side === 'min'
      ? item('string_too_short', `String should have at least ${plural(limit, 'character')}`, {
          min_length: limit,
        })
      : item('string_too_long', `String should have at most ${plural(limit, 'character')}`, {
          max_length: limit,
        });
  if (origin === 'array') {
    const actual = Array.isArray(value) ? value.length : 0;
    return side === 'min'
      ? item(
          'too_short',
          `List should have at least ${plural(limit, 'item')} after validation, not ${actual}`,
          {
            field_type: 'List',
            min_length: limit,
            actual_length: actual,
          },
        )
      : item(
          'too_long',
          `List should have at most ${plural(limit, 'item')} after validation, not ${actual}`,
          {
            field_type: 'List',
            max_length: limit,
            actual_length: actual,
          },
        );
  }
  if (side === 'min')
    return inclusive
      ? item('greater_than_equal', `Input should be greater than or equal to ${limit}`, { ge: limit })
      : item('greater_than', `Input should be greater than ${limit}`, { gt: limit });
  return inclusive
    ? item('less_than_equal', `Input should be less than or equal to ${limit}`, { le: limit })
    : item('less_than', `Input should be less than ${limit}`, { lt: limit });
}
