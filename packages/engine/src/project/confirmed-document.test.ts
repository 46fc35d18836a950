// confirmedDocument: what a writer of files for other systems may take of a reader's Document.
import { describe, expect, it } from 'vitest';
import { runChecks } from '../check/document-checks.js';
import { line, page, row } from '../test-support/layout-pages.js';
import { germanInvoice, readText as read, UNBALANCED_TOTALS } from '../test-support/text-invoices.js';
import { confirmedDocument } from './confirmed-document.js';
import { countryOf } from './countries.js';
import { project } from './field-sets.js';

const de = countryOf('de')!;

describe('confirmedDocument', () => {
  it('leaves out totals read off a page that do not add up, and keeps what was confirmed', () => {
    const d = read([germanInvoice(UNBALANCED_TOTALS)], { country: 'DE' });
    const { fields_detailed } = project(d, runChecks(d, '2024-06-01'), de);
    const out = confirmedDocument(d, fields_detailed);
    expect(d.totals.gross).toBe('120.00');
    expect(out.totals.gross).toBeUndefined();
    expect(out.totals.net).toBeUndefined();
    expect(out.provenance['totals.gross']).toBeUndefined();
    expect(out.number).toBe('RE-2024-17');
    expect(out.seller.name).toBe(d.seller.name);
  });

  it('keeps a clean invoice whole, and a value a person corrected', () => {
    const d = read([germanInvoice()], { country: 'DE' });
    const { fields_detailed } = project(d, runChecks(d, '2024-06-01'), de);
    expect(confirmedDocument(d, fields_detailed)).toEqual(d);
    const corrected = structuredClone(d);
    corrected.totals.gross = '120.00';
    corrected.provenance['totals.gross'] = { source: 'user', reader: 'user' };
    const detail = project(corrected, runChecks(corrected, '2024-06-01'), de).fields_detailed;
    expect(confirmedDocument(corrected, detail).totals.gross).toBe('120.00');
  });

  it('keeps the values of an e-invoice (read from its XML) though a check failed', () => {
    const d = read([page([line(row(0), ['Rechnung RE1', 0.08, 0.3])])]);
    d.totals.gross = '5.00';
    d.provenance['totals.gross'] = { source: 'xml', reader: 'cii' };
    const { fields_detailed } = project(d, runChecks(d, '2024-06-01'), de);
    expect(confirmedDocument(d, fields_detailed).totals.gross).toBe('5.00');
  });
});
