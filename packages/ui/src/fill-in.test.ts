// An export's refusal as the fill-in form: the fields the service describes, once each, and the
// other reasons in words; the values typed as edits; the service's word on a refused value.
import { describe, expect, it } from 'vitest';
import { DataError, type ErrorItem } from './data.js';
import { editsOf, fieldErrorsOf, pendingFillOf } from './fill-in.js';

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}:${JSON.stringify(o)}` : key);
const input = (key: string) => ({ key, term: 'BT-10', kind: 'text', label: `Label ${key}`, hint: 'Hint' });
const item = (field: string, withInput: boolean): ErrorItem => ({
  type: 'export_refused',
  loc: ['job', 4, field],
  msg: `job 4: ${field}: rule of ${field}`,
  ...(withInput ? { ctx: { input: input(field) } } : {}),
});

describe('the fill-in step', () => {
  it('gives one field per value a person can give, and the rest as reasons', () => {
    const err = new DataError(422, 'validation_error', [
      item('buyer_reference', true),
      item('buyer_reference', true),
      item('lines', false),
    ]);
    const p = pendingFillOf(4, 'a.pdf', err, t)!;
    expect(p.fields.map((f) => f.key)).toEqual(['buyer_reference']);
    expect(p.others).toHaveLength(1);
    expect(p.others[0]).toContain('rule of lines');
    expect([p.jobId, p.name]).toEqual([4, 'a.pdf']);
  });

  it('is none for a refusal without anything to type, or another failure', () => {
    expect(
      pendingFillOf(4, 'a', new DataError(422, 'validation_error', [item('lines', false)]), t),
    ).toBeUndefined();
    expect(pendingFillOf(4, 'a', new DataError(0, 'network_error'), t)).toBeUndefined();
    expect(pendingFillOf(4, 'a', new Error('x'), t)).toBeUndefined();
  });

  it('sends what was typed, trimmed, and reads back what was refused by key', () => {
    expect(editsOf({ a: ' x ', b: '  ', c: 'y' })).toEqual({ a: 'x', c: 'y' });
    const refused = new DataError(422, 'validation_error', [
      { type: 'value_error', loc: ['body', 'seller_contact_email'], msg: 'Value error, an e-mail address' },
    ]);
    expect(fieldErrorsOf(refused)).toEqual({ seller_contact_email: 'an e-mail address' });
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });
});
