import { describe, expect, it } from 'vitest';
import { compactDate, findDates, parseDate, slashedOrderShown } from './dates.js';

describe('parseDate', () => {
  it.each([
    ['14.03.2024', '2024-03-14'],
    ['14.3.24', '2024-03-14'],
    ['1.3.2024', '2024-03-01'],
    ['14. 03. 2024', '2024-03-14'],
    ['14/03/2024', '2024-03-14'],
    ['14-03-2024', '2024-03-14'],
    ['2024-03-14', '2024-03-14'],
    ['2024.03.14', '2024-03-14'],
    ['2024/3/4', '2024-03-04'],
    // Only month-day reads validly, whatever the default order.
    ['03/14/2024', '2024-03-14'],
    ['29.02.2024', '2024-02-29'],
  ])('numeric %s -> %s', (raw, iso) => {
    expect(parseDate(raw)).toBe(iso);
  });

  it.each([
    ['14. März 2024', '2024-03-14'],
    ['14. Maerz 2024', '2024-03-14'],
    ['7. Mai 2014', '2014-05-07'],
    ['1. Jänner 2024', '2024-01-01'],
    ['14 Dez. 2024', '2024-12-14'],
    ['March 14, 2024', '2024-03-14'],
    ['Mar 14 2024', '2024-03-14'],
    ['Mar. 14th, 2024', '2024-03-14'],
    ['August 3 , 2014', '2014-08-03'],
    ['14 March 2024', '2024-03-14'],
    ['1st March 2024', '2024-03-01'],
    ['14-Mar-2024', '2024-03-14'],
    ['14-MAR-24', '2024-03-14'],
    ['14 mars 2024', '2024-03-14'],
    ['1er février 2024', '2024-02-01'],
    ['14 déc. 2024', '2024-12-14'],
    ['14 marzo 2024', '2024-03-14'],
    ['14 settembre 2024', '2024-09-14'],
    ['14 de marzo de 2024', '2024-03-14'],
    ['19 april 2014', '2014-04-19'],
    ['14 maart 2024', '2024-03-14'],
    ['14 mrt 2024', '2024-03-14'],
    ['14 марта 2024 г.', '2024-03-14'],
    ['«14» марта 2024 г.', '2024-03-14'],
    ['1 сентября 2024 года', '2024-09-01'],
    ['14 МАЯ 2024', '2024-05-14'],
  ])('month names %s -> %s', (raw, iso) => {
    expect(parseDate(raw)).toBe(iso);
  });

  it('never guesses an ambiguous day/month order', () => {
    expect(parseDate('03/04/2024')).toBeUndefined();
    expect(parseDate('03-04-2024')).toBeUndefined();
    expect(parseDate('03/04/2024', { lang: 'en' })).toBeUndefined();
    expect(parseDate('03/04/2024', { lang: 'en-US' })).toBe('2024-03-04');
    expect(parseDate('03/04/2024', { lang: 'en_US' })).toBe('2024-03-04');
    expect(parseDate('03/04/2024', { lang: 'en-GB' })).toBe('2024-04-03');
    for (const lang of ['de', 'fr', 'it', 'ru', 'es', 'nl', 'de-CH']) {
      expect(parseDate('03/04/2024', { lang })).toBe('2024-04-03');
    }
    expect(parseDate('03/04/2024', { order: 'mdy' })).toBe('2024-03-04');
    expect(parseDate('03/04/2024', { order: 'dmy' })).toBe('2024-04-03');
    // The order outranks the language; the same day and month need neither.
    expect(parseDate('03/04/2024', { lang: 'en-US', order: 'dmy' })).toBe('2024-04-03');
    expect(parseDate('04/04/2024')).toBe('2024-04-04');
    // A first number above 12 settles it against the hint; dotted dates are day-month.
    expect(parseDate('14/03/2024', { order: 'mdy' })).toBe('2024-03-14');
    expect(parseDate('03.04.2024')).toBe('2024-04-03');
    expect(parseDate('03.04.2024', { lang: 'en-US' })).toBe('2024-04-03');
  });

  it('reads a two-digit year first only with the ymd order', () => {
    expect(parseDate('24/03/14')).toBe('2014-03-24');
    expect(parseDate('24/03/14', { order: 'ymd' })).toBe('2024-03-14');
  });

  it.each([
    '',
    '31.02.2024',
    '29.02.2023',
    '32.01.2024',
    '00.01.2024',
    '14.13.2024',
    '2024-13-01',
    '13/13/2024',
    '1.2.3',
    '14.03.202',
    '14.03.1850',
    '123.03.2024',
    '14.03-2024',
    '14.03.2024 extra',
    '31 février 2024',
    '14 Foo 2024',
    'March 2024',
    '1.234,56',
  ])('not a date: %j', (raw) => {
    expect(parseDate(raw)).toBeUndefined();
  });
});

describe('findDates', () => {
  it('finds every date with its position', () => {
    const text = 'Rechnung vom 06.10.2018, Leistung 01.01.2024-31.01.2024, fällig am 14. März 2024';
    expect(findDates(text)).toEqual([
      { value: '2018-10-06', raw: '06.10.2018', start: 13, end: 23 },
      { value: '2024-01-01', raw: '01.01.2024', start: 34, end: 44 },
      { value: '2024-01-31', raw: '31.01.2024', start: 45, end: 55 },
      { value: '2024-03-14', raw: '14. März 2024', start: 67, end: 80 },
    ]);
  });

  it('reads dates that give the year first and the month by its name (lt, lv, hu)', () => {
    const values = (text: string) => findDates(text).map((d) => d.value);
    expect(values('2026 m. birželio 3 d.')).toEqual(['2026-06-03']);
    expect(values('Lūdzam apmaksāt līdz 2026. gada 28. maijs.')).toEqual(['2026-05-28']);
    expect(values('Kelt: 2025. január 31.')).toEqual(['2025-01-31']);
  });

  it('passes the order on and skips what only looks like a date', () => {
    expect(findDates('Invoice Date: 03/04/2024').map((d) => d.value)).toEqual([]);
    expect(findDates('Invoice Date: 03/04/2024', { lang: 'en-US' }).map((d) => d.value)).toEqual([
      '2024-03-04',
    ]);
    expect(findDates('Version 2.1.1, Betrag 1.234,56, Tel. 030/123/4567, IBAN DE89 3704')).toEqual([]);
    expect(findDates('Datum: 2024-03-14T10:00:00')).toEqual([
      { value: '2024-03-14', raw: '2024-03-14', start: 7, end: 17 },
    ]);
    expect(findDates('счёт № 15 от «14» марта 2024 г. к оплате').map((d) => [d.value, d.raw])).toEqual([
      ['2024-03-14', '«14» марта 2024 г.'],
    ]);
    expect(findDates('TOTAL AMOUNT DUE ON August 3 , 2014 $4.11').map((d) => d.value)).toEqual([
      '2014-08-03',
    ]);
  });
});

describe('slashedOrderShown', () => {
  it('tells the order from dates that read only one way', () => {
    expect(slashedOrderShown('Invoice 11/03/2017, paid 11/17/2017')).toBe('mdy');
    expect(slashedOrderShown('Invoice 11/03/2017, paid 17/11/2017')).toBe('dmy');
    expect(slashedOrderShown('Paid 12-25-24')).toBe('mdy');
  });

  it('says nothing when no date or both orders show, or the dates are dotted', () => {
    expect(slashedOrderShown('Invoice 11/03/2017, due 12/03/2017')).toBeUndefined();
    expect(slashedOrderShown('11/17/2017 and 17/11/2017')).toBeUndefined();
    expect(slashedOrderShown('Lieferung 17.11.2017')).toBeUndefined();
    expect(slashedOrderShown('2017/11/17, 99/99/2017')).toBeUndefined();
  });
});

describe('the Nordic short form', () => {
  it('reads day/month and the year after a space', () => {
    expect(findDates('Fakturadato 8/4 2026').map((d) => d.value)).toEqual(['2026-04-08']);
    expect(findDates('8/14 2026')).toEqual([]);
  });
});

describe('compactDate: six digits, year first, in the languages that write dates so', () => {
  it('reads "191231" on a Swedish page, nowhere else, and no impossible date', () => {
    expect(compactDate('191231', 'sv')).toBe('2019-12-31');
    expect(compactDate(' 200130 ', 'sv')).toBe('2020-01-30');
    expect(compactDate('191231', 'de')).toBeUndefined();
    expect(compactDate('191231', undefined)).toBeUndefined();
    expect(compactDate('191331', 'sv')).toBeUndefined();
    expect(compactDate('Order 191231', 'sv')).toBeUndefined();
  });
});
