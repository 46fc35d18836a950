import { describe, expect, it } from 'vitest';
import type { FieldDetail } from './data.js';
import { enterOutcome, fieldMessage, initialReview, nextAttention, reviewReducer } from './review-flow.js';

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

  it('reads the message of one key out of a 422', () => {
    const items = [
      { loc: ['body', 'seller_iban'], msg: 'Value error, IBAN check digits do not match' },
      { loc: ['body', 'due_date'], msg: 'Value error, not a date' },
    ];
    expect(fieldMessage(items, 'due_date')).toBe('not a date');
    expect(fieldMessage(items, 'invoice_no')).toBeNull();
  });
});
