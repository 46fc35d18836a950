import { describe, expect, it } from 'vitest';
import { FIELD_GROUPS, fieldGroup, groupedFields } from './field-groups.js';
import { en } from './i18n/en.js';

describe('fieldGroup', () => {
  it('puts each field of both field sets where a bookkeeper looks for it', () => {
    expect(fieldGroup('invoice_no')).toBe('document');
    expect(fieldGroup('invoice_number')).toBe('document');
    expect(fieldGroup('vendor_name')).toBe('seller');
    expect(fieldGroup('seller_vat_id')).toBe('seller');
    expect(fieldGroup('seller_iban')).toBe('payment');
    expect(fieldGroup('due_date')).toBe('payment');
    expect(fieldGroup('buyer_reference')).toBe('buyer');
    expect(fieldGroup('gross_amount')).toBe('amounts');
    expect(fieldGroup('something_new')).toBe('other');
  });

  it('groups every field the screens have a label for, and names every group', () => {
    for (const key of Object.keys(en.field)) expect(fieldGroup(key), key).not.toBe('other');
    for (const g of FIELD_GROUPS) expect(en.group[g]).toBeTruthy();
  });
});

describe('groupedFields', () => {
  it('orders by group and keeps the order within a group', () => {
    const keys = [
      'seller_iban',
      'gross_amount',
      'seller_name',
      'invoice_no',
      'net_amount',
      'buyer_name',
      'x',
    ];
    expect(groupedFields(keys.map((key) => ({ key }))).map((f) => f.key)).toEqual([
      'invoice_no',
      'seller_name',
      'buyer_name',
      'gross_amount',
      'net_amount',
      'seller_iban',
      'x',
    ]);
  });
});
