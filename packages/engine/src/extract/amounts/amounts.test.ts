import { describe, expect, it } from 'vitest';
import { findAmounts, parseAmount } from './amounts.js';

describe('parseAmount', () => {
  it.each([
    ['1.234,56', '1234.56'],
    ['1,234.56', '1234.56'],
    ['1 234,56', '1234.56'],
    ['1\u00a0234,56', '1234.56'],
    ['1\u202f234,56', '1234.56'],
    ["1'234.56", '1234.56'],
    ['1\u2019234.56', '1234.56'],
    ['1234,56', '1234.56'],
    ['1234.56', '1234.56'],
    ['0,0520', '0.0520'],
    ['1.234.567', '1234567'],
    ['1,234,567.89', '1234567.89'],
    ['1 234 567,89', '1234567.89'],
    ["1'234", '1234'],
    ['1 234', '1234'],
    ['42', '42'],
    ['0,00', '0.00'],
  ])('%s -> %s', (raw, value) => {
    expect(parseAmount(raw)).toBe(value);
  });

  it.each([
    ['-1.234,56', '-1234.56'],
    ['\u22121.234,56', '-1234.56'],
    ['- 1.234,56', '-1234.56'],
    ['1.234,56-', '-1234.56'],
    ['(1,234.56)', '-1234.56'],
    ['+12,50', '12.50'],
    ['-0,00', '0.00'],
  ])('signs: %s -> %s', (raw, value) => {
    expect(parseAmount(raw)).toBe(value);
  });

  it.each([
    ['1.234,-', '1234'],
    ['12,--', '12'],
    ['12,\u2013', '12'],
    ['Fr. 12.\u2013', '12'],
    ['1.234,- €', '1234'],
  ])('whole amounts: %s -> %s', (raw, value) => {
    expect(parseAmount(raw)).toBe(value);
  });

  it.each([
    ['€ 1.234,56', '1234.56'],
    ['1.234,56 EUR', '1234.56'],
    ["CHF 1'234.50", '1234.50'],
    ['$1,234.56', '1234.56'],
    ['1 234,56 ₽', '1234.56'],
    ['1234,56 руб.', '1234.56'],
    ['EUR100,00', '100.00'],
    ['-€ 9,32', '-9.32'],
    ['€ -9,32', '-9.32'],
    ['(€ 1,234.56)', '-1234.56'],
    ['12,50 zł', '12.50'],
    ['1 234,50 Kč', '1234.50'],
    ['1.234,56 kr', '1234.56'],
  ])('with currency: %s -> %s', (raw, value) => {
    expect(parseAmount(raw)).toBe(value);
  });

  it('refuses a single separator before three digits unless the hint or the separator decides', () => {
    expect(parseAmount('1,234')).toBeUndefined();
    expect(parseAmount('1.234')).toBeUndefined();
    expect(parseAmount('-1.234 EUR')).toBeUndefined();
    expect(parseAmount('1,234', { decimal: ',' })).toBe('1.234');
    expect(parseAmount('1,234', { decimal: '.' })).toBe('1234');
    expect(parseAmount('1.234', { decimal: ',' })).toBe('1234');
    expect(parseAmount('1.234', { decimal: '.' })).toBe('1.234');
    // Cannot be grouping, so no hint is needed.
    expect(parseAmount('0,123')).toBe('0.123');
    expect(parseAmount('1234,567')).toBe('1234.567');
    // The structure outranks a hint that contradicts it.
    expect(parseAmount('1,234.56', { decimal: ',' })).toBe('1234.56');
  });

  it.each([
    '',
    'abc',
    'EUR',
    '1.2.3',
    '1.234.56',
    '12,3,4',
    '1234,',
    ',50',
    '1,23,456.00',
    '1..234',
    '1 234.567,89',
    '01.234,00',
    '-(5)',
    '--5',
    '1.234,5-6',
    '12 %',
    '1.234,56 BTW',
  ])('not an amount: %j', (raw) => {
    expect(parseAmount(raw)).toBeUndefined();
  });
});

describe('findAmounts', () => {
  const values = (text: string, opts?: Parameters<typeof findAmounts>[1]) =>
    findAmounts(text, opts).map((a) => [a.value, a.raw, a.currency]);

  it('finds amounts with their position and the currency beside them', () => {
    const text = 'Apple iPad Air 1 € 399,00 21% € 399,00';
    expect(findAmounts(text)).toEqual([
      { value: '399.00', raw: '€ 399,00', start: 17, end: 25, currency: 'EUR' },
      { value: '399.00', raw: '€ 399,00', start: 30, end: 38, currency: 'EUR' },
    ]);
    expect(text.slice(17, 25)).toBe('€ 399,00');
    expect(values('Gesamtbetrag 1.234,56 EUR')).toEqual([['1234.56', '1.234,56 EUR', 'EUR']]);
    expect(values('EUR 1 337.42 EUR 1 337.42')).toEqual([
      ['1337.42', 'EUR 1 337.42', 'EUR'],
      ['1337.42', 'EUR 1 337.42', 'EUR'],
    ]);
    expect(values('Summe: EUR100,00; 1.234,56 € netto')).toEqual([
      ['100.00', 'EUR100,00', 'EUR'],
      ['1234.56', '1.234,56 €', 'EUR'],
    ]);
    expect(values('1 234,56 ₽ и 1234,56 руб.')).toEqual([
      ['1234.56', '1 234,56 ₽', 'RUB'],
      ['1234.56', '1234,56 руб.', 'RUB'],
    ]);
    expect(values("Total CHF 1'234.50")).toEqual([['1234.50', "CHF 1'234.50", 'CHF']]);
  });

  it('reads negative and whole-amount forms', () => {
    expect(values('Total (1,234.56) and 1.234,56- and 12,-- and € -9,32')).toEqual([
      ['-1234.56', '(1,234.56)', undefined],
      ['-1234.56', '1.234,56-', undefined],
      ['12', '12,--', undefined],
      ['-9.32', '€ -9,32', 'EUR'],
    ]);
    // A range is two amounts, not a negative one.
    expect(values('10,00-20,00')).toEqual([
      ['10.00', '10,00', undefined],
      ['20.00', '20,00', undefined],
    ]);
  });

  it('leaves "kr" without a currency (it names several)', () => {
    expect(findAmounts('Att betala 1 234,00 kr')).toEqual([
      { value: '1234.00', raw: '1 234,00 kr', start: 11, end: 22 },
    ]);
  });

  it('skips dates, percentages, identifiers, plain integers and ambiguous numbers', () => {
    expect(findAmounts('Rechnung vom 14.03.2024, Leistung 2024-03-14, fällig 14.03.24')).toEqual([]);
    expect(findAmounts('USt 19% 19,00 % 7,5%')).toEqual([]);
    expect(findAmounts('IBAN DE89 3704 0044 0532 0130 00 Tel. +49 932 431 500')).toEqual([]);
    expect(findAmounts('Nr. KR87654321012 Kunde 339420 PLZ 40235 Jahr 2024')).toEqual([]);
    expect(findAmounts('Menge 10.000 kWh, Betrag 1.234 EUR')).toEqual([]);
    expect(findAmounts('Version 1.5, Gewicht 12,50kg, Art. A-12,50')).toEqual([]);
  });

  it('uses the decimal hint for three-digit fractions', () => {
    expect(values('Betrag 1.234 EUR', { decimal: ',' })).toEqual([['1234', '1.234 EUR', 'EUR']]);
  });

  it('can refuse space grouping where columns were joined with spaces', () => {
    expect(values('Pos 2 100,00')).toEqual([['2100.00', '2 100,00', undefined]]);
    expect(values('Pos 2 100,00', { spaceGroups: false })).toEqual([['100.00', '100,00', undefined]]);
  });

  it('reads a totals block from the corpus text layer', () => {
    expect(values('Rechnungssumme ohne USt. 198,00')).toEqual([['198.00', '198,00', undefined]]);
    expect(values('Umsatzsteuer ( S ) 410,10 -6,55 403,55 19 76,67')).toEqual([
      ['410.10', '410,10', undefined],
      ['-6.55', '-6,55', undefined],
      ['403.55', '403,55', undefined],
      ['76.67', '76,67', undefined],
    ]);
    expect(values('TOTAL AMOUNT DUE ON August 3 , 2014 $4.11')).toEqual([['4.11', '$4.11', 'USD']]);
  });
});
