import { describe, expect, it } from 'vitest';
import { parseAmountInput, parseDateInput, parseFieldInput } from './field-input.js';
import { en } from './i18n/en.js';
import { uiResources } from './i18n/index.js';
import { REFUSAL_KINDS } from './review-flow.js';

const ok = (value: string) => ({ ok: true, value });
const badDate = { ok: false, kind: 'date' };
const badAmount = { ok: false, kind: 'amount' };

describe('dates typed the way a language writes them', () => {
  it('takes the local form of each language and the ISO form in every one', () => {
    expect(parseDateInput('05.03.2020', 'de')).toEqual(ok('2020-03-05'));
    expect(parseDateInput('5.3.2020', 'ru')).toEqual(ok('2020-03-05'));
    expect(parseDateInput('05/03/2020', 'it')).toEqual(ok('2020-03-05'));
    expect(parseDateInput('05/03/2020', 'en')).toEqual(ok('2020-03-05'));
    for (const lang of ['de', 'en', 'ru', 'it'])
      expect(parseDateInput(' 2020-03-05 ', lang)).toEqual(ok('2020-03-05'));
  });

  it('guesses nothing: a two-digit year, another language form, a day not in the calendar', () => {
    expect(parseDateInput('05.03.20', 'de')).toEqual(badDate);
    expect(parseDateInput('05/03/2020', 'de')).toEqual(badDate);
    expect(parseDateInput('05.03.2020', 'en')).toEqual(badDate);
    expect(parseDateInput('31.02.2020', 'de')).toEqual(badDate);
    expect(parseDateInput('2020-02-30', 'en')).toEqual(badDate);
    expect(parseDateInput('29.02.2020', 'de')).toEqual(ok('2020-02-29'));
    expect(parseDateInput('March 5', 'en')).toEqual(badDate);
  });
});

describe('amounts typed the way a language writes them', () => {
  it('takes grouped thousands and the decimal mark of each language', () => {
    expect(parseAmountInput('235,62', 'de')).toEqual(ok('235.62'));
    expect(parseAmountInput('1.234,50', 'de')).toEqual(ok('1234.50'));
    expect(parseAmountInput('1 234,50', 'ru')).toEqual(ok('1234.50'));
    expect(parseAmountInput('1\u00a0234,5', 'ru')).toEqual(ok('1234.50'));
    expect(parseAmountInput('1.234,50', 'it')).toEqual(ok('1234.50'));
    expect(parseAmountInput('1,234.50', 'en')).toEqual(ok('1234.50'));
    expect(parseAmountInput('1.234.567', 'de')).toEqual(ok('1234567.00'));
    expect(parseAmountInput('235', 'de')).toEqual(ok('235.00'));
    expect(parseAmountInput('-12,30', 'de')).toEqual(ok('-12.30'));
    // As the screen shows it, currency and all.
    expect(parseAmountInput('235,62 €', 'de')).toEqual(ok('235.62'));
  });

  it('takes the machine form in every language', () => {
    for (const lang of ['de', 'en', 'ru', 'it'])
      expect(parseAmountInput('1234.50', lang)).toEqual(ok('1234.50'));
  });

  it('refuses what reads two ways or is no amount', () => {
    // A thousand or one and a bit: not guessed.
    expect(parseAmountInput('1.234', 'de')).toEqual(badAmount);
    expect(parseAmountInput('1,234', 'en')).toEqual(badAmount);
    expect(parseAmountInput('1,234', 'de')).toEqual(badAmount);
    expect(parseAmountInput('12,345', 'it')).toEqual(badAmount);
    expect(parseAmountInput('1.2.3', 'de')).toEqual(badAmount);
    expect(parseAmountInput('12.34,5', 'de')).toEqual(badAmount);
    expect(parseAmountInput('1,234,50', 'en')).toEqual(badAmount);
    expect(parseAmountInput('abc', 'en')).toEqual(badAmount);
    expect(parseAmountInput('1 234.50', 'en')).toEqual(badAmount);
  });
});

describe('a field by its kind', () => {
  it('parses dates and amounts and leaves other fields as typed', () => {
    expect(parseFieldInput('due_date', '05.03.2020', 'de')).toEqual(ok('2020-03-05'));
    expect(parseFieldInput('gross_amount', '235,62', 'de')).toEqual(ok('235.62'));
    expect(parseFieldInput('invoice_no', ' 05.03.2020 ', 'de')).toEqual(ok('05.03.2020'));
  });

  it('has the form expected, and a refusal of each kind, in every language', () => {
    for (const texts of Object.values(uiResources)) {
      expect(Object.keys(texts.review.invalid)).toEqual(Object.keys(en.review.invalid));
      for (const kind of [...REFUSAL_KINDS, 'other']) expect(texts.review.refused).toHaveProperty(kind);
    }
    expect(uiResources.de.review.invalid.date).toContain('TT.MM.JJJJ');
    expect(uiResources.ru.review.invalid.date).toContain('ДД.ММ.ГГГГ');
    expect(uiResources.it.review.invalid.date).toContain('GG/MM/AAAA');
    expect(uiResources.en.review.invalid.date).toContain('DD/MM/YYYY');
  });
});
