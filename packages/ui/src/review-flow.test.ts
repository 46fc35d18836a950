import { describe, expect, it } from 'vitest';
import type { FieldDetail } from './data.js';
import { enterOutcome, fieldRefusalKey, initialReview, nextAttention, reviewReducer } from './review-flow.js';

const f = (key: string, status: FieldDetail['status'], value = 'v'): FieldDetail => ({
  key,
  value: status === 'missing' ? '' : value,
  edited: false,
  status,
  flags: status === 'flagged' ? ['iban_checksum'] : [],
  confidence: 0.5,
  source: 'ocr',
  page: 1,
  bbox: null,
});

const fields = [
  f('invoice_no', 'confirmed'),
  f('seller_iban', 'flagged', 'DE00'),
  f('due_date', 'missing'),
  f('gross_amount', 'unconfirmed', '10.00'),
];

describe('review flow', () => {
  it('starts on the first field that needs a person', () => {
    const s = reviewReducer(initialReview, { type: 'load', fields });
    expect(s.active).toBe('seller_iban');
  });

  it('finds the next field to check, wrapping, and none when all are confirmed', () => {
    expect(nextAttention(fields, 'seller_iban')).toBe('gross_amount');
    expect(nextAttention(fields, 'gross_amount')).toBe('seller_iban');
    expect(nextAttention([f('a', 'confirmed'), f('b', 'missing')], 'a')).toBeNull();
  });

  it('Enter accepts a value as read, sends a correction, refuses an empty one, else moves on', () => {
    expect(enterOutcome(fields[1]!, undefined)).toEqual({ kind: 'patch', value: 'DE00' });
    expect(enterOutcome(fields[1]!, ' DE89370400440532013000 ')).toEqual({
      kind: 'patch',
      value: 'DE89370400440532013000',
    });
    expect(enterOutcome(fields[1]!, '  ')).toEqual({ kind: 'error', message: 'empty' });
    expect(enterOutcome(fields[0]!, undefined)).toEqual({ kind: 'move' });
    expect(enterOutcome(fields[0]!, 'v')).toEqual({ kind: 'move' });
    expect(enterOutcome(fields[2]!, undefined)).toEqual({ kind: 'move' });
  });

  it('after a save moves to the next field to check and forgets the draft', () => {
    let s = reviewReducer(initialReview, { type: 'load', fields });
    s = reviewReducer(s, { type: 'edit', key: 'seller_iban', value: 'DE89' });
    s = reviewReducer(s, { type: 'submit', key: 'seller_iban' });
    expect(s.saving).toBe('seller_iban');
    const after = fields.map((x) => (x.key === 'seller_iban' ? { ...x, status: 'confirmed' as const } : x));
    s = reviewReducer(s, { type: 'saved', key: 'seller_iban', fields: after });
    expect(s).toMatchObject({ active: 'gross_amount', saving: null, drafts: {} });
  });

  it('keeps the field and shows the server message when a save is refused; typing clears it', () => {
    let s = reviewReducer(initialReview, { type: 'load', fields });
    s = reviewReducer(s, { type: 'failed', key: 'seller_iban', message: 'IBAN check digits do not match' });
    expect(s.errors.seller_iban).toBe('IBAN check digits do not match');
    expect(s.active).toBe('seller_iban');
    s = reviewReducer(s, { type: 'edit', key: 'seller_iban', value: 'DE8' });
    expect(s.errors.seller_iban).toBeUndefined();
  });

  it('steps through every field with next and prev, wrapping', () => {
    let s = reviewReducer(initialReview, { type: 'load', fields });
    s = reviewReducer(s, { type: 'next' });
    expect(s.active).toBe('due_date');
    s = reviewReducer(reviewReducer(s, { type: 'focus', key: 'invoice_no' }), { type: 'prev' });
    expect(s.active).toBe('gross_amount');
  });

  it('sends a date or an amount typed in the local form in machine form, and refuses what it cannot read', () => {
    const due = f('due_date', 'unconfirmed', '2020-03-05');
    const gross = f('gross_amount', 'confirmed', '235.62');
    expect(enterOutcome(due, '06.03.2020', 'de')).toEqual({ kind: 'patch', value: '2020-03-06' });
    expect(enterOutcome(gross, '1.234,50', 'de')).toEqual({ kind: 'patch', value: '1234.50' });
    expect(enterOutcome(gross, '1,234.50', 'en')).toEqual({ kind: 'patch', value: '1234.50' });
    expect(enterOutcome(due, '05.03.20', 'de')).toEqual({ kind: 'error', message: 'date' });
    expect(enterOutcome(gross, '1.234', 'de')).toEqual({ kind: 'error', message: 'amount' });
    // The value as read, typed in the local form: accepted as read, or nothing to send.
    expect(enterOutcome(due, '05.03.2020', 'de')).toEqual({ kind: 'patch', value: '2020-03-05' });
    expect(enterOutcome(gross, '235,62', 'de')).toEqual({ kind: 'move' });
  });

  it('names the kind of a 422 refusal of one key, never the service’s English', () => {
    const items = [
      {
        type: 'value_error',
        loc: ['body', 'seller_iban'],
        msg: 'Value error, not a valid IBAN (checksum)',
        ctx: { kind: 'iban' },
      },
      { type: 'value_error', loc: ['body', 'due_date'], msg: 'Value error, a date', ctx: { kind: 'date' } },
      { type: 'value_error', loc: ['body', 'invoice_no'], msg: 'Value error, ?', ctx: { kind: 'new_kind' } },
      { type: 'string_type', loc: ['body', 'buyer_name'], msg: 'Input should be a valid string' },
    ];
    expect(fieldRefusalKey(items, 'seller_iban')).toBe('review.refused.iban');
    expect(fieldRefusalKey(items, 'due_date')).toBe('review.refused.date');
    expect(fieldRefusalKey(items, 'invoice_no')).toBe('review.refused.other');
    expect(fieldRefusalKey(items, 'buyer_name')).toBe('review.refused.other');
    expect(fieldRefusalKey(items, 'currency')).toBeNull();
  });
});
