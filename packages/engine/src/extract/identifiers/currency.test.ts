import { describe, expect, it } from 'vitest';
import { CURRENCY_TOKEN, currencyOfCountry, currencyOfToken, detectCurrency } from './currency.js';

describe('detectCurrency', () => {
  it.each([
    ['Gesamtbetrag 1.234,56 EUR', 'EUR'],
    ['Total € 717,97', 'EUR'],
    ['Betrag in Euro: 12,00', 'EUR'],
    ['Total for this invoice $4.11', 'USD'],
    ['Amount US$ 12.00', 'USD'],
    ['Total C$ 12.00', 'CAD'],
    ['Total £12.50', 'GBP'],
    ["Betrag CHF 1'234.50", 'CHF'],
    ['Total Fr. 12.50', 'CHF'],
    ['Итого: 1 234,56 ₽', 'RUB'],
    ['Сумма 1234,56 руб.', 'RUB'],
    ['Сумма 1234 р. 56 коп.', 'RUB'],
    ['Всего к оплате: двадцать тысяч рублей 00 копеек', 'RUB'],
    ['Razem 12,50 zł', 'PLN'],
    ['Razem do zapłaty: 701.10 zl', 'PLN'],
    ['Forma płatności: gotówka, waluta: polski złoty', 'PLN'],
    ['BTW 21,00 % over 319,03    Eur 67,00', 'EUR'],
    ['Celkem 1 234,50 Kč', 'CZK'],
    ['Összesen 12 500 Ft', 'HUF'],
    ['Total 12,50 lei', 'RON'],
    ['Общо 12,50 лв.', 'BGN'],
    ['Amount SEK 1 000,00', 'SEK'],
  ])('%s -> %s', (text, code) => {
    expect(detectCurrency(text)).toBe(code);
  });

  it('reads "zl" as the złoty only beside a number', () => {
    expect(detectCurrency('Sklep zl. Kwiatowa')).toBeUndefined();
  });

  it('chooses the most frequent explicit currency and refuses a tie', () => {
    expect(detectCurrency('Total € 12,00 EUR 5,00 (USD 6.00)')).toBe('EUR');
    expect(detectCurrency('Subtotal USD 5.00, Total USD 6.00, in EUR: 5,50')).toBe('USD');
    expect(detectCurrency('EUR 1 337.42 USD 2.00')).toBeUndefined();
  });

  it('resolves "kr" only with a country', () => {
    expect(detectCurrency('Att betala 1 234,00 kr')).toBeUndefined();
    expect(detectCurrency('Att betala 1 234,00 kr', { country: 'SE' })).toBe('SEK');
    expect(detectCurrency('Å betale kr 1 234,00', { country: 'no' })).toBe('NOK');
    expect(detectCurrency('I alt 1.234,00 kr.', { country: 'DK' })).toBe('DKK');
    expect(detectCurrency('Samtals 1.234 kr.', { country: 'IS' })).toBe('ISK');
    expect(detectCurrency('Total 1 234,00 kr', { country: 'DE' })).toBeUndefined();
    // An explicit code outranks a "kr" that cannot be resolved.
    expect(detectCurrency('1 234,00 kr (SEK)')).toBe('SEK');
  });

  it('ignores words that only look like currencies', () => {
    expect(detectCurrency('')).toBeUndefined();
    expect(detectCurrency('Rechnung an Fr. Müller, Kreis Pinneberg')).toBeUndefined();
    expect(detectCurrency('NEUREGELUNG EUROPA Europe Kr. Rendsburg, lei, Ft.')).toBeUndefined();
    expect(detectCurrency('р/с 40702810938000000000')).toBeUndefined();
    // Opening hours: "Fr." after a dash is Friday, also beside a time that looks like an amount.
    expect(detectCurrency('Mo.-Fr. 08.30 - 12.30 Uhr\nMo - Fr. 14.00 - 17.00 Uhr\nSumme EUR 10,00')).toBe(
      'EUR',
    );
    expect(detectCurrency('Mo.-Fr. 08.30 - 12.30 Uhr')).toBeUndefined();
  });

  it('takes no sign right before a decimal separator for a currency: OCR misread a 5 or an S', () => {
    expect(detectCurrency('Choice Upgrade $,0400 2 Stk 19% 10,08\nSteuerbetrag in EUR 1,92')).toBe('EUR');
    expect(detectCurrency('Choice Upgrade $,0400 2 Stk')).toBeUndefined();
    // Before or after an amount, a sign is one.
    expect(detectCurrency('$5.00, $ 7.00 and 9.00$, in EUR')).toBe('USD');
  });
});

describe('currencyOfToken', () => {
  it('maps codes and symbols; kr needs a country', () => {
    expect(currencyOfToken('EUR')).toBe('EUR');
    expect(currencyOfToken('€')).toBe('EUR');
    expect(currencyOfToken('$')).toBe('USD');
    expect(currencyOfToken('руб.')).toBe('RUB');
    expect(currencyOfToken('SFr.')).toBe('CHF');
    expect(currencyOfToken('kr')).toBeUndefined();
    expect(currencyOfToken('kr.', 'DK')).toBe('DKK');
    expect(currencyOfToken('XYZ')).toBeUndefined();
    expect(new RegExp(`^${CURRENCY_TOKEN}$`, 'u').test('zł')).toBe(true);
  });
});

describe('currencyOfCountry', () => {
  it.each([
    ['DE', 'EUR'],
    ['at', 'EUR'],
    ['FR', 'EUR'],
    ['IT', 'EUR'],
    ['CH', 'CHF'],
    ['LI', 'CHF'],
    ['GB', 'GBP'],
    ['SE', 'SEK'],
    ['NO', 'NOK'],
    ['DK', 'DKK'],
    ['PL', 'PLN'],
    ['CZ', 'CZK'],
    ['HU', 'HUF'],
    ['RO', 'RON'],
    ['IS', 'ISK'],
    ['US', 'USD'],
    ['RU', 'RUB'],
  ])('%s -> %s', (country, code) => {
    expect(currencyOfCountry(country)).toBe(code);
  });

  it('knows no currency for unsupported countries', () => {
    expect(currencyOfCountry('JP')).toBeUndefined();
    expect(currencyOfCountry('')).toBeUndefined();
  });
});

describe('detectCurrency: the krona by its country’s letter', () => {
  it('reads "NKR", "SKR" and "DKR" beside an amount', () => {
    expect(detectCurrency('TOTAL 3 000 NKR')).toBe('NOK');
    expect(detectCurrency('Summa SKR 250,00')).toBe('SEK');
    expect(detectCurrency('I alt 100,00 DKR')).toBe('DKK');
    // Not a word of its own away from a number.
    expect(detectCurrency('NKR Consulting')).toBeUndefined();
  });
});

describe('detectCurrency: the Croatian kuna', () => {
  it('reads "kn" beside an amount or in brackets in the label before it, and HRK as written', () => {
    expect(detectCurrency('Ukupno: 84,96 kn')).toBe('HRK');
    expect(detectCurrency('Iznos (kn): 84,96')).toBe('HRK');
    expect(detectCurrency('Ukupno HRK 84,96')).toBe('HRK');
    // (a "kn" with no amount beside it is no currency)
    expect(detectCurrency('Izdao: kn Horvat')).toBeUndefined();
    expect(detectCurrency('Summa (kr): 500,00', { country: 'SE' })).toBe('SEK');
  });
});
