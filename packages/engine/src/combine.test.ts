// A payment QR code joined with the page text: the code's account, reference, currency and amount
// win; where both name one, a check says whether they agree. The text keeps everything else, and
// the code fills only what the text did not find.
import { describe, expect, it } from 'vitest';
import { combineQrAndText } from './combine.js';
import { type Document, emptyDocument, type Provenance } from './document.js';
import { countryOf } from './project/countries.js';
import { project } from './project/field-sets.js';

const QR_IBAN = 'DE89370400440532013000';
const OTHER_IBAN = 'DE02120300000000202051';

const qrProv = (): Provenance => ({ source: 'qr', reader: 'epc-qr', page: 2, bbox: [0.6, 0.7, 0.8, 0.9] });
const textProv = (confidence = 0.9, y = 0.5): Provenance => ({
  source: 'text',
  reader: 'pdf-text',
  page: 1,
  bbox: [0.1, y, 0.4, y + 0.012],
  confidence,
});

/** A payment code: account, reference, currency and the amount to pay. */
function qrDoc(): Document {
  const d = emptyDocument('epc-qr');
  d.seller.name = 'ACME GmbH';
  d.payment.accounts = [{ iban: QR_IBAN, bic: 'COBADEFFXXX', name: 'ACME GmbH' }];
  d.payment.reference = 'RF18539007547034';
  d.currency = 'EUR';
  d.totals.payable = '119.00';
  for (const p of [
    'seller.name',
    'payment.accounts.0.iban',
    'payment.accounts.0.bic',
    'payment.accounts.0.name',
    'payment.reference',
    'currency',
    'totals.payable',
  ])
    d.provenance[p] = qrProv();
  return d;
}

/** What the page text said about the same invoice. */
function textDoc(): Document {
  const d = emptyDocument('text');
  d.number = 'RE-2024-17';
  d.issue_date = '2024-03-14';
  d.due_date = '2024-03-28';
  d.currency = 'EUR';
  d.seller = { name: 'ACME Software GmbH', vat_id: 'DE136695976' };
  d.buyer = { name: 'Kunden AG', address: { lines: ['Marktplatz 5'], postcode: '80331', city: 'München' } };
  d.payment.accounts = [{ iban: QR_IBAN }];
  d.totals = { net: '100.00', vat: '19.00', gross: '119.00' };
  for (const p of [
    'number',
    'issue_date',
    'due_date',
    'seller.name',
    'seller.vat_id',
    'buyer.name',
    'buyer.address.lines.0',
    'payment.accounts.0.iban',
    'totals.net',
    'totals.vat',
  ])
    d.provenance[p] = textProv();
  d.provenance['totals.gross'] = textProv(0.93, 0.6);
  d.provenance.currency = textProv(0.85);
  return d;
}

describe('combineQrAndText', () => {
  it('returns the QR document unchanged without page text', () => {
    const qr = qrDoc();
    const snapshot = structuredClone(qr);
    const { document, checks } = combineQrAndText(qr, undefined);
    expect(document).toBe(qr);
    expect(document).toEqual(snapshot);
    expect(checks).toEqual([]);
  });

  it('names both readers in the syntax and leaves its inputs alone', () => {
    const qr = qrDoc();
    const text = textDoc();
    const [qrBefore, textBefore] = [structuredClone(qr), structuredClone(text)];
    const { document } = combineQrAndText(qr, text);
    expect(document.syntax).toBe('epc-qr+text');
    expect(qr).toEqual(qrBefore);
    expect(text).toEqual(textBefore);
  });

  it('takes account, reference, currency and amount from the QR code, with its provenance', () => {
    const text = textDoc();
    text.payment.reference = 'RF18539007547034';
    text.currency = 'CHF';
    const { document: d } = combineQrAndText(qrDoc(), text);
    expect(d.payment.accounts[0]).toEqual({ iban: QR_IBAN, bic: 'COBADEFFXXX', name: 'ACME GmbH' });
    expect(d.payment.reference).toBe('RF18539007547034');
    expect(d.currency).toBe('EUR');
    expect(d.totals.payable).toBe('119.00');
    for (const p of [
      'payment.accounts.0.iban',
      'payment.accounts.0.bic',
      'payment.accounts.0.name',
      'payment.reference',
      'currency',
      'totals.payable',
    ])
      expect(d.provenance[p], p).toEqual(qrProv());
  });

  it('passes a check for every payment field the text agrees on', () => {
    const text = textDoc();
    // Written as people write them: grouped, lower case, amount with other decimals.
    text.payment.accounts = [{ iban: 'de89 3704 0044 0532 0130 00' }];
    text.payment.reference = 'RF18 5390 0754 7034';
    text.totals.gross = '119';
    const { checks } = combineQrAndText(qrDoc(), text);
    expect(checks.map((c) => [c.id, c.outcome, c.paths])).toEqual([
      ['qr.iban', 'pass', ['payment.accounts.0.iban']],
      ['qr.reference', 'pass', ['payment.reference']],
      ['qr.amount', 'pass', ['totals.gross']],
    ]);
    for (const c of checks) expect(c.flag).toBeUndefined();
  });

  it('fails the IBAN check with conflicting_candidates when the text names another account', () => {
    const text = textDoc();
    text.payment.accounts = [{ iban: OTHER_IBAN }];
    const { document: d, checks } = combineQrAndText(qrDoc(), text);
    const iban = checks.find((c) => c.id === 'qr.iban');
    expect(iban).toMatchObject({
      outcome: 'fail',
      flag: 'conflicting_candidates',
      paths: ['payment.accounts.0.iban'],
      inputs: { qr: QR_IBAN, text: OTHER_IBAN },
    });
    // The code's account comes first; the text's is kept behind it.
    expect(d.payment.accounts.map((a) => a.iban)).toEqual([QR_IBAN, OTHER_IBAN]);
    expect(d.provenance['payment.accounts.0.iban']).toEqual(qrProv());

    // The projection shows the code's IBAN, flagged.
    const { fields, fields_detailed } = project(d, checks, countryOf('de')!);
    expect(fields.seller_iban).toBe(QR_IBAN);
    expect(fields_detailed.find((f) => f.key === 'seller_iban')).toMatchObject({
      status: 'flagged',
      flags: ['conflicting_candidates'],
      source: 'qr',
    });
  });

  it('fails the reference check when the text names another reference, and keeps the code’s', () => {
    const text = textDoc();
    text.payment.reference = 'RF471234567890';
    const { document: d, checks } = combineQrAndText(qrDoc(), text);
    expect(checks.find((c) => c.id === 'qr.reference')).toMatchObject({
      outcome: 'fail',
      flag: 'conflicting_candidates',
      paths: ['payment.reference'],
    });
    expect(d.payment.reference).toBe('RF18539007547034');
  });

  it('makes no check for a field the text does not name', () => {
    const text = textDoc();
    text.payment.accounts = [];
    text.totals = {};
    const { checks } = combineQrAndText(qrDoc(), text);
    expect(checks).toEqual([]);
  });

  it('keeps the text’s number, dates, parties and totals', () => {
    const qr = qrDoc();
    qr.number = 'QR-99';
    qr.issue_date = '2024-01-01';
    qr.buyer.name = 'Someone Else';
    for (const p of ['number', 'issue_date', 'buyer.name']) qr.provenance[p] = qrProv();
    const { document: d } = combineQrAndText(qr, textDoc());
    expect(d.number).toBe('RE-2024-17');
    expect(d.issue_date).toBe('2024-03-14');
    expect(d.due_date).toBe('2024-03-28');
    expect(d.seller.name).toBe('ACME Software GmbH');
    expect(d.buyer).toEqual(textDoc().buyer);
    expect(d.totals).toMatchObject({ net: '100.00', vat: '19.00', gross: '119.00' });
    for (const p of ['number', 'issue_date', 'seller.name', 'buyer.name', 'totals.net'])
      expect(d.provenance[p]!.source, p).toBe('text');
  });

  it('fills from the QR code what the text did not find', () => {
    const qr = qrDoc();
    qr.number = 'QR-99';
    qr.issue_date = '2024-01-01';
    qr.seller.vat_id = 'CHE123456789';
    qr.seller.address = { lines: ['Allmendweg 30'], postcode: '4528', city: 'Zuchwil', country: 'CH' };
    qr.totals.gross = '119.00';
    for (const p of [
      'number',
      'issue_date',
      'seller.vat_id',
      'seller.address.lines.0',
      'seller.address.city',
      'totals.gross',
    ])
      qr.provenance[p] = qrProv();
    const text = emptyDocument('text');
    const { document: d } = combineQrAndText(qr, text);
    expect(d.number).toBe('QR-99');
    expect(d.issue_date).toBe('2024-01-01');
    expect(d.seller).toEqual({
      name: 'ACME GmbH',
      vat_id: 'CHE123456789',
      address: { lines: ['Allmendweg 30'], postcode: '4528', city: 'Zuchwil', country: 'CH' },
    });
    expect(d.totals.gross).toBe('119.00');
    for (const p of [
      'number',
      'issue_date',
      'seller.name',
      'seller.vat_id',
      'seller.address.lines.0',
      'seller.address.city',
      'totals.gross',
    ])
      expect(d.provenance[p], p).toEqual(qrProv());
  });

  it('raises the confidence of a gross the QR amount confirms to 0.99, keeping its place', () => {
    const { document: d } = combineQrAndText(qrDoc(), textDoc());
    expect(d.provenance['totals.gross']).toEqual({ ...textProv(0.93, 0.6), confidence: 0.99 });
    // Other totals keep theirs.
    expect(d.provenance['totals.net']!.confidence).toBe(0.9);
  });

  it('raises an unconfirmed gross above the bar when the QR amount confirms it', () => {
    const text = textDoc();
    text.provenance['totals.gross'] = textProv(0.7, 0.6);
    const { document: d, checks } = combineQrAndText(qrDoc(), text);
    expect(d.provenance['totals.gross']!.confidence).toBe(0.99);
    expect(project(d, checks, countryOf('de')!).fields.gross_amount).toBe('119.00');
  });

  it('fails the amount check and leaves the gross’s confidence when the amounts differ', () => {
    const text = textDoc();
    text.totals.gross = '120.00';
    const { document: d, checks } = combineQrAndText(qrDoc(), text);
    expect(checks.find((c) => c.id === 'qr.amount')).toMatchObject({
      outcome: 'fail',
      flag: 'conflicting_candidates',
      paths: ['totals.gross'],
      inputs: { qr: '119.00', text: '120.00' },
    });
    expect(d.totals.gross).toBe('120.00');
    expect(d.totals.payable).toBe('119.00');
    expect(d.provenance['totals.gross']!.confidence).toBe(0.93);
    const { fields } = project(d, checks, countryOf('de')!);
    expect(fields.gross_amount).toBe('');
  });

  it('compares the QR amount with the text’s amount payable when there is one', () => {
    const text = textDoc();
    text.totals.payable = '119.00';
    text.provenance['totals.payable'] = textProv(0.8, 0.65);
    const { document: d, checks } = combineQrAndText(qrDoc(), text);
    expect(checks.find((c) => c.id === 'qr.amount')).toMatchObject({
      outcome: 'pass',
      paths: ['totals.payable'],
    });
    expect(d.provenance['totals.payable']).toEqual(qrProv());
    // The gross is not what the code stated: its confidence stays.
    expect(d.provenance['totals.gross']!.confidence).toBe(0.93);
  });
});

describe('combineQrAndText: accounts', () => {
  it("keeps the text's BIC for the same IBAN, and the provenance of every account under its new place", () => {
    const qr = qrDoc();
    // A Swiss QR bill carries no BIC: the text's fills it in.
    qr.payment.accounts = [{ iban: QR_IBAN, name: 'ACME GmbH' }];
    delete qr.provenance['payment.accounts.0.bic'];
    const text = textDoc();
    text.payment.accounts = [{ iban: OTHER_IBAN }, { iban: QR_IBAN, bic: 'COBADEFFXXX' }];
    text.provenance['payment.accounts.0.iban'] = textProv(0.9, 0.1);
    text.provenance['payment.accounts.1.iban'] = textProv(0.9, 0.2);
    text.provenance['payment.accounts.1.bic'] = textProv(0.9, 0.3);
    const { document } = combineQrAndText(qr, text);
    expect(document.payment.accounts[0]).toMatchObject({ iban: QR_IBAN, bic: 'COBADEFFXXX' });
    expect(document.payment.accounts[1]).toEqual({ iban: OTHER_IBAN });
    expect(document.provenance['payment.accounts.0.iban']?.source).toBe('qr');
    expect(document.provenance['payment.accounts.0.bic']?.bbox?.[1]).toBe(0.3);
    expect(document.provenance['payment.accounts.1.iban']?.bbox?.[1]).toBe(0.1);
    expect(Object.values(document.provenance).every(Boolean)).toBe(true);
  });
});
