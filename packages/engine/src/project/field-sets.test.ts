import { describe, expect, it } from 'vitest';
import type { Check } from '../check/check.js';
import { type Document, emptyDocument } from '../document.js';
import { COUNTRIES, countryOf } from './countries.js';
import { FIELD_SETS, fieldsFor, project } from './field-sets.js';

const de = countryOf('de')!;
const us = countryOf('US')!;
const ru = countryOf('ru')!;

function sample(source: 'xml' | 'text' = 'xml', confidence?: number): Document {
  const d = emptyDocument('test');
  d.number = 'A-1';
  d.issue_date = '2024-03-14';
  d.currency = 'EUR';
  d.seller = {
    name: 'ACME GmbH',
    vat_id: 'DE136695976',
    address: { lines: ['Main St 1'], postcode: '10115', city: 'Berlin', country: 'DE' },
  };
  d.buyer = { name: 'Buyer AG' };
  d.payment.accounts = [{ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }];
  d.totals = { net: '100', vat: '19.0', gross: '119.001' };
  for (const p of ['number', 'issue_date', 'seller.vat_id', 'totals.gross', 'payment.accounts.0.iban']) {
    d.provenance[p] = {
      source,
      reader: 'test',
      ...(confidence !== undefined ? { confidence, page: 1, bbox: [0.1, 0.1, 0.2, 0.2] } : {}),
    };
  }
  return d;
}
const fail = (paths: string[], flag: string): Check => ({
  id: 'x',
  outcome: 'fail',
  flag,
  paths,
  inputs: {},
});

describe('field sets', () => {
  it('one table: Set A in SEPA countries, Set B elsewhere, RU extras', () => {
    expect(fieldsFor(de)).toEqual([...FIELD_SETS.A]);
    expect(fieldsFor(us)).toEqual([...FIELD_SETS.B]);
    expect(fieldsFor(ru)).toEqual([...FIELD_SETS.B, ...FIELD_SETS.RU]);
    expect(COUNTRIES.filter((c) => c.set === 'A')).toHaveLength(32);
    expect(countryOf('xx')).toBeUndefined();
  });

  it('formats values as decisions.md §2 says', () => {
    const { fields } = project(sample(), [], de);
    expect(fields).toMatchObject({
      invoice_no: 'A-1',
      invoice_date: '2024-03-14',
      due_date: '',
      net_amount: '100.00',
      vat_amount: '19.00',
      gross_amount: '119.00',
      seller_address: 'Main St 1, 10115 Berlin, DE',
      seller_iban: 'DE89370400440532013000',
    });
    const b = project(sample(), [], us).fields;
    expect(Object.keys(b)).toEqual([...FIELD_SETS.B]);
    expect([b.invoice_number, b.vendor_name]).toEqual(['A-1', 'ACME GmbH']);
  });

  it('describes every field: confirmed, missing, flagged', () => {
    const { fields_detailed } = project(sample(), [fail(['seller.vat_id'], 'vat_id_checksum')], de);
    const byKey = Object.fromEntries(fields_detailed.map((f) => [f.key, f]));
    expect(byKey.invoice_no).toMatchObject({
      status: 'confirmed',
      source: 'xml',
      confidence: 1,
      edited: false,
      flags: [],
    });
    expect(byKey.due_date).toMatchObject({ status: 'missing', value: '', source: null });
    expect(byKey.seller_vat_id).toMatchObject({
      status: 'flagged',
      flags: ['vat_id_checksum'],
      value: 'DE136695976',
    });
  });

  it('keeps a flagged value from structured data in fields: it is what the issuer declared', () => {
    const { fields } = project(sample('xml'), [fail(['seller.vat_id'], 'vat_id_checksum')], de);
    expect(fields.seller_vat_id).toBe('DE136695976');
  });

  it('never lets a flagged or low-confidence value read from a page into fields', () => {
    const flagged = project(
      sample('text', 0.99),
      [fail(['totals.net', 'totals.vat', 'totals.gross'], 'sum_mismatch')],
      de,
    );
    expect(flagged.fields.gross_amount).toBe('');
    expect(flagged.fields_detailed.find((f) => f.key === 'gross_amount')).toMatchObject({
      status: 'flagged',
      value: '119.00',
      page: 1,
      bbox: [0.1, 0.1, 0.2, 0.2],
    });
    const unsure = project(sample('text', 0.5), [], de);
    expect(unsure.fields.invoice_no).toBe('');
    expect(unsure.fields_detailed.find((f) => f.key === 'invoice_no')).toMatchObject({
      status: 'unconfirmed',
      flags: ['low_confidence'],
      value: 'A-1',
    });
  });

  it('gives a national account as seller_iban only with a not_an_iban flag', () => {
    const d = sample();
    d.payment.accounts = [{ account: '1234567' }];
    d.provenance['payment.accounts.0.account'] = { source: 'xml', reader: 'test' };
    const f = project(d, [], de).fields_detailed.find((x) => x.key === 'seller_iban');
    expect(f).toMatchObject({ value: '1234567', status: 'flagged', flags: ['not_an_iban'] });
  });

  it('answers every key with "" when there is no document', () => {
    const { fields, fields_detailed } = project(null, [], ru);
    expect(Object.values(fields).every((v) => v === '')).toBe(true);
    expect(fields_detailed.every((f) => f.status === 'missing')).toBe(true);
    expect(Object.keys(fields)).toContain('seller_inn');
  });
});
