// Swiss QR-bill payloads: one test per rule of the standard (on edits of the SIX sample) and the
// mapping onto the Document. The shared corpus is exercised in swiss-corpus.test.ts.

import { describe, expect, it } from 'vitest';
import { isQrReference, parseSwissQr, swissQrDocument } from './swiss.js';

// Element positions of the payload, named for the edits below.
const F = {
  header: 0,
  version: 1,
  coding: 2,
  iban: 3,
  cType: 4,
  cName: 5,
  cStreet: 6,
  cNumber: 7,
  cPostcode: 8,
  cTown: 9,
  cCountry: 10,
  ucType: 11,
  ucName: 12,
  amount: 18,
  currency: 19,
  dType: 20,
  dName: 21,
  dStreet: 22,
  dNumber: 23,
  dPostcode: 24,
  dTown: 25,
  dCountry: 26,
  refType: 27,
  ref: 28,
  message: 29,
  trailer: 30,
  billing: 31,
  av1: 32,
  av2: 33,
} as const;
type Edit = Partial<Record<keyof typeof F, string>>;

// SIX / manuelbl sample 1: normal IBAN, structured addresses, no reference.
// biome-ignore format: one element per payload line reads better as a block
const SAMPLE = [
  'SPC', '0200', '1', 'CH5800791123000889012',
  'S', 'Robert Schneider AG', 'Rue du Lac', '1268', '2501', 'Biel', 'CH',
  '', '', '', '', '', '', '',
  '3949.75', 'CHF',
  'S', 'Pia Rutschmann', 'Marktgasse', '28', '9400', 'Rorschach', 'CH',
  'NON', '', 'Bill no. 3139 for gardening work and disposal of waste material', 'EPD',
];
const QR_IBAN = 'CH4431999123000889012';
const QRR = '210000000003139471430009017';
const SCOR = 'RF18539007547034';

function edited(base: readonly string[], edit: Edit, nl = '\n'): string {
  const lines = [...base];
  for (const [k, v] of Object.entries(edit)) lines[F[k as keyof typeof F]] = v;
  return Array.from(lines, (l) => l ?? '').join(nl);
}
const qr = (edit: Edit = {}, nl = '\n') => edited(SAMPLE, edit, nl);

function parsed(text: string) {
  const r = parseSwissQr(text);
  if (!r.ok) throw new Error(`${r.error}: ${r.message}`);
  return r;
}
function errorOf(text: string): string {
  const r = parseSwissQr(text);
  return r.ok ? 'ok' : r.error;
}

describe('parseSwissQr: structure', () => {
  it('reads the SIX sample completely', () => {
    expect(parsed(qr())).toEqual({
      ok: true,
      warnings: [],
      bill: {
        version: '0200',
        iban: 'CH5800791123000889012',
        qrIban: false,
        creditor: {
          type: 'S',
          name: 'Robert Schneider AG',
          street: 'Rue du Lac',
          buildingNumber: '1268',
          postcode: '2501',
          town: 'Biel',
          country: 'CH',
        },
        amount: '3949.75',
        currency: 'CHF',
        debtor: {
          type: 'S',
          name: 'Pia Rutschmann',
          street: 'Marktgasse',
          buildingNumber: '28',
          postcode: '9400',
          town: 'Rorschach',
          country: 'CH',
        },
        referenceType: 'NON',
        message: 'Bill no. 3139 for gardening work and disposal of waste material',
        alternativeProcedures: [],
      },
    });
  });

  it('accepts LF, CRLF and a trailing newline alike', () => {
    const lf = parsed(qr()).bill;
    expect(parsed(qr({}, '\r\n')).bill).toEqual(lf);
    expect(parsed(`${qr()}\n`).bill).toEqual(lf);
    expect(parsed(`${qr({}, '\r\n')}\r\n`).bill).toEqual(lf);
  });

  it('accepts minor versions 02xx and rejects anything else', () => {
    expect(parsed(qr({ version: '0201' })).bill.version).toBe('0201');
    for (const v of ['0100', '0300', '020', '020f', ''])
      expect(errorOf(qr({ version: v }))).toBe('unsupported_version');
  });

  it('requires coding type 1', () => {
    expect(errorOf(qr({ coding: '2' }))).toBe('unsupported_coding_type');
  });

  it('requires the EPD trailer', () => {
    expect(errorOf(qr({ trailer: 'E_P' }))).toBe('missing_trailer');
    expect(errorOf(qr({ trailer: '' }))).toBe('missing_trailer');
  });

  it('rejects a wrong header and a wrong number of lines', () => {
    expect(errorOf(qr({ header: 'SPC1' }))).toBe('invalid_structure');
    expect(errorOf(SAMPLE.slice(0, 30).join('\n'))).toBe('invalid_structure');
    expect(errorOf(`${qr()}\n//S1/10/1\nAV1\nAV2\nAV3`)).toBe('invalid_structure');
    expect(errorOf('garbage')).toBe('invalid_structure');
  });
});

describe('parseSwissQr: account and reference', () => {
  it('tells a QR-IBAN (IID 30000-31999) from a normal IBAN', () => {
    expect(parsed(qr({ iban: QR_IBAN, refType: 'QRR', ref: QRR })).bill.qrIban).toBe(true);
    expect(parsed(qr()).bill.qrIban).toBe(false);
  });

  it('accepts only valid CH/LI IBANs', () => {
    expect(errorOf(qr({ iban: '' }))).toBe('missing_iban');
    expect(errorOf(qr({ iban: 'DE89370400440532013000' }))).toBe('unsupported_iban_country');
    expect(errorOf(qr({ iban: 'CH5800791123000889013' }))).toBe('invalid_iban');
    expect(errorOf(qr({ iban: 'CH580079112300088901' }))).toBe('invalid_iban');
    expect(parsed(qr({ iban: 'LI21088100002324013AA' })).bill.iban).toBe('LI21088100002324013AA');
  });

  it('checks the QRR modulo 10 recursive check digit', () => {
    expect(isQrReference(QRR)).toBe(true);
    expect(isQrReference('000008207791225857421286694')).toBe(true);
    expect(isQrReference('210000000003139471430009018')).toBe(false);
    expect(isQrReference('21000000000313947143000901')).toBe(false);
    const ok = parsed(qr({ iban: QR_IBAN, refType: 'QRR', ref: QRR })).bill;
    expect(ok).toMatchObject({ referenceType: 'QRR', reference: QRR });
    const bad = qr({ iban: QR_IBAN, refType: 'QRR', ref: '210000000003139471430009018' });
    expect(errorOf(bad)).toBe('invalid_qr_reference');
    expect(errorOf(qr({ iban: QR_IBAN, refType: 'QRR', ref: '0'.repeat(27) }))).toBe('invalid_qr_reference');
  });

  it('checks the SCOR ISO 11649 mod 97 check digits and length', () => {
    expect(parsed(qr({ refType: 'SCOR', ref: SCOR })).bill.reference).toBe(SCOR);
    expect(parsed(qr({ refType: 'SCOR', ref: 'RF541234' })).bill.reference).toBe('RF541234');
    expect(errorOf(qr({ refType: 'SCOR', ref: 'RF19539007547034' }))).toBe('invalid_creditor_reference');
    expect(errorOf(qr({ refType: 'SCOR', ref: '539007547034' }))).toBe('invalid_creditor_reference');
    expect(errorOf(qr({ refType: 'SCOR', ref: 'RF48500005678901234512345678' }))).toBe(
      'invalid_creditor_reference',
    );
  });

  it('tolerates spaces in a reference, with a warning', () => {
    const r = parsed(qr({ refType: 'SCOR', ref: 'RF18 5390 0754 7034' }));
    expect(r.bill.reference).toBe(SCOR);
    expect(r.warnings).toHaveLength(1);
  });

  it('pairs QR-IBAN with QRR only', () => {
    expect(errorOf(qr({ iban: QR_IBAN, refType: 'SCOR', ref: SCOR }))).toBe('qr_iban_requires_qrr');
    expect(errorOf(qr({ iban: QR_IBAN, refType: 'NON', ref: '' }))).toBe('qr_iban_requires_qrr');
    expect(errorOf(qr({ refType: 'QRR', ref: QRR }))).toBe('qrr_requires_qr_iban');
  });

  it('rejects an unknown reference type and a reference with NON', () => {
    expect(errorOf(qr({ refType: 'XXXX' }))).toBe('invalid_reference_type');
    expect(errorOf(qr({ refType: 'NON', ref: SCOR }))).toBe('reference_not_allowed');
  });
});

describe('parseSwissQr: amount and currency', () => {
  it.each([
    ['0.01', '0.01'],
    ['999999999.99', '999999999.99'],
    ['50.00', '50.00'],
  ])('accepts %s', (text, amount) => {
    expect(parsed(qr({ amount: text })).bill.amount).toBe(amount);
  });

  it.each(['1000000000.00', '-5.00', '12.345', '1,50', '1239d49.75', '1e3'])('rejects %s', (text) => {
    expect(errorOf(qr({ amount: text }))).toBe('invalid_amount');
  });

  it('leaves the amount out when the field is empty', () => {
    expect(parsed(qr({ amount: '' })).bill.amount).toBeUndefined();
  });

  it('accepts 0.00 (a notification) and a missing second decimal with warnings', () => {
    expect(parsed(qr({ amount: '0.00' })).warnings).toEqual([expect.stringContaining('notification')]);
    expect(parsed(qr({ amount: '12.5' })).warnings).toEqual([expect.stringContaining('two decimals')]);
  });

  it('accepts CHF and EUR only', () => {
    expect(parsed(qr({ currency: 'EUR' })).bill.currency).toBe('EUR');
    for (const c of ['USD', 'chf', '']) expect(errorOf(qr({ currency: c }))).toBe('invalid_currency');
  });
});

describe('parseSwissQr: addresses', () => {
  const combined: Edit = {
    cType: 'K',
    cName: 'Omnia Trading AG',
    cStreet: 'Allmendweg 30',
    cNumber: '4528 Zuchwil',
    cPostcode: '',
    cTown: '',
  };

  it('reads a combined (K) address', () => {
    expect(parsed(qr(combined)).bill.creditor).toEqual({
      type: 'K',
      name: 'Omnia Trading AG',
      addressLine1: 'Allmendweg 30',
      addressLine2: '4528 Zuchwil',
      country: 'CH',
    });
  });

  it('rejects K with postcode or town and K without line 2', () => {
    expect(errorOf(qr({ ...combined, cPostcode: '4528' }))).toBe('invalid_creditor');
    expect(errorOf(qr({ ...combined, cNumber: '' }))).toBe('invalid_creditor');
  });

  it('allows S without street and number, but not without postcode or town', () => {
    const bill = parsed(qr({ cStreet: '', cNumber: '' })).bill;
    expect(bill.creditor).toEqual({
      type: 'S',
      name: 'Robert Schneider AG',
      postcode: '2501',
      town: 'Biel',
      country: 'CH',
    });
    expect(errorOf(qr({ cPostcode: '' }))).toBe('invalid_creditor');
    expect(errorOf(qr({ cTown: '' }))).toBe('invalid_creditor');
  });

  it.each<[string, Edit]>([
    ['an unknown address type', { cType: 'X' }],
    ['a missing name', { cName: '' }],
    ['a 71-character name', { cName: 'x'.repeat(71) }],
    ['a 17-character building number', { cNumber: '1'.repeat(17) }],
    ['a 36-character town', { cTown: 'x'.repeat(36) }],
    ['a country that is no ISO code', { cCountry: 'XX' }],
    ['a three-letter country', { cCountry: 'CHE' }],
  ])('rejects a creditor with %s', (_, edit) => {
    expect(errorOf(qr(edit))).toBe('invalid_creditor');
  });

  it('treats the debtor as optional but validates it when present', () => {
    const none = { dType: '', dName: '', dStreet: '', dNumber: '', dPostcode: '', dTown: '', dCountry: '' };
    expect(parsed(qr(none)).bill.debtor).toBeUndefined();
    expect(errorOf(qr({ ...none, dName: 'Someone' }))).toBe('invalid_debtor');
    expect(errorOf(qr({ dTown: '' }))).toBe('invalid_debtor');
  });

  it('requires the ultimate creditor to be empty', () => {
    expect(errorOf(qr({ ucType: 'S', ucName: 'Someone' }))).toBe('ultimate_creditor_not_empty');
  });
});

describe('parseSwissQr: message, billing information, alternative procedures', () => {
  it('limits message plus billing information to 140 characters', () => {
    expect(parsed(qr({ message: 'm'.repeat(140) })).bill.message).toHaveLength(140);
    expect(errorOf(qr({ message: 'm'.repeat(141) }))).toBe('message_too_long');
    expect(errorOf(qr({ message: 'm'.repeat(70), billing: `//S1/10/${'1'.repeat(71)}` }))).toBe(
      'message_too_long',
    );
  });

  it('keeps up to two alternative procedures of at most 100 characters', () => {
    const r = parsed(qr({ billing: '//S1/10/1', av1: 'eBill/B/a@b.ch', av2: 'XY;XYService;54321' }));
    expect(r.bill.alternativeProcedures).toEqual(['eBill/B/a@b.ch', 'XY;XYService;54321']);
    expect(errorOf(qr({ billing: '//S1/10/1', av1: 'x'.repeat(101) }))).toBe('invalid_alternative_procedure');
  });

  it('keeps billing information without the // prefix, with a warning', () => {
    const r = parsed(qr({ billing: 'eBill/B/peter@muster.ch' }));
    expect(r.bill.billingInformation).toBe('eBill/B/peter@muster.ch');
    expect(r.bill.alternativeProcedures).toEqual([]);
    expect(r.warnings).toEqual([expect.stringContaining('does not start with //')]);
  });

  it('reads Swico S1 billing information (details in swiss-billing.test.ts) and keeps other syntaxes raw', () => {
    const s1 = parsed(qr({ message: '', billing: '//S1/10/10201409/11/190512/30/106017086/32/7.7' }));
    expect(s1.bill.billing).toMatchObject({ invoiceNumber: '10201409', vatNumber: 'CHE106017086' });
    const other = parsed(qr({ billing: '//XY/anything' }));
    expect(other.bill).toMatchObject({ billingInformation: '//XY/anything' });
    expect(other.bill.billing).toBeUndefined();
  });
});

describe('swissQrDocument', () => {
  const withBilling = (billing: string, amount = '1025.00') =>
    parsed(qr({ iban: QR_IBAN, refType: 'QRR', ref: QRR, message: 'Order', amount, billing })).bill;

  it('maps creditor, debtor, account, reference, amount and message with provenance', () => {
    const doc = swissQrDocument(withBilling(''), { page: 2, bbox: [1, 2, 3, 4] });
    expect(doc).toMatchObject({
      syntax: 'swiss-qr',
      currency: 'CHF',
      seller: {
        name: 'Robert Schneider AG',
        address: { lines: ['Rue du Lac 1268'], postcode: '2501', city: 'Biel', country: 'CH' },
      },
      buyer: {
        name: 'Pia Rutschmann',
        address: { lines: ['Marktgasse 28'], postcode: '9400', city: 'Rorschach' },
      },
      payment: { accounts: [{ iban: QR_IBAN, name: 'Robert Schneider AG' }], reference: QRR },
      totals: { payable: '1025.00', gross: '1025.00' },
      notes: ['Order'],
    });
    expect(doc.provenance['totals.payable']).toEqual({
      source: 'qr',
      reader: 'swiss-qr',
      page: 2,
      bbox: [1, 2, 3, 4],
    });
    expect(Object.keys(doc.provenance)).toContain('seller.address.lines.0');
    expect(swissQrDocument(withBilling('')).provenance.currency).toEqual({
      source: 'qr',
      reader: 'swiss-qr',
    });
  });

  it('maps /10/, /11/, /20/, /30/, /31/ and /32/ from the billing information', () => {
    const doc = swissQrDocument(
      withBilling('//S1/10/10104/11/180228/20/C-1/30/395856455/31/180226/32/3.7:400.19;7.7:553.39;0:14'),
    );
    expect(doc).toMatchObject({
      number: '10104',
      issue_date: '2018-02-28',
      delivery_date: '2018-02-26',
      seller: { vat_id: 'CHE395856455' },
      references: { buyer_reference: 'C-1' },
      vat_breakdown: [
        { rate: '3.7', taxable: '400.19' },
        { rate: '7.7', taxable: '553.39' },
        { rate: '0', taxable: '14' },
      ],
    });
    // 400.19 * 1.037 + 553.39 * 1.077 + 14 = 1025.00: the amount is the invoice gross.
    expect(doc.totals).toEqual({ payable: '1025.00', gross: '1025.00' });
  });

  it('leaves gross empty when the /32/ net amounts do not add up to the amount', () => {
    const doc = swissQrDocument(withBilling('//S1/32/3.7:400.19;7.7:553.39;0:14', '500.00'));
    expect(doc.totals).toEqual({ payable: '500.00' });
  });

  it('keeps a single /32/ rate as a rate without taxable amount, amount as gross', () => {
    const doc = swissQrDocument(withBilling('//S1/32/8.1'));
    expect(doc.vat_breakdown).toEqual([{ rate: '8.1' }]);
    expect(doc.totals.gross).toBe('1025.00');
  });

  it('maps a combined address to lines and a 0.00 notification to no totals', () => {
    const bill = parsed(
      qr({
        cType: 'K',
        cStreet: 'Allmendweg 30',
        cNumber: '4528 Zuchwil',
        cPostcode: '',
        cTown: '',
        amount: '0.00',
      }),
    ).bill;
    const doc = swissQrDocument(bill);
    expect(doc.seller.address).toEqual({ lines: ['Allmendweg 30', '4528 Zuchwil'], country: 'CH' });
    expect(doc.totals).toEqual({});
  });
});
