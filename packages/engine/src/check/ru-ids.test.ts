import { describe, expect, it } from 'vitest';
import { checkBik, checkInn, checkKpp, checkRuAccount, checkRuCorrAccount } from './ru-ids.js';

describe('checkInn', () => {
  // INNs of large companies as published in their requisites (and the EGRUL register).
  it.each([
    '7707083893', // ПАО Сбербанк
    '7736050003', // ПАО Газпром
    '7702070139', // Банк ВТБ (ПАО)
    '7728168971', // АО Альфа-Банк
    '7710140679', // АО Т-Банк
  ])('accepts organisation INN %s', (inn) => {
    expect(checkInn(inn)).toEqual({ ok: true });
  });

  it('accepts a 12-digit individual INN (widely published example)', () => {
    expect(checkInn('500100732259')).toEqual({ ok: true });
    expect(checkInn(' 5001 0073 2259 ')).toEqual({ ok: true });
  });

  it('rejects changed control digits', () => {
    expect(checkInn('7707083894')).toEqual({ ok: false, reason: 'checksum' });
    expect(checkInn('7707083839')).toEqual({ ok: false, reason: 'checksum' }); // swapped neighbours
    expect(checkInn('500100732258')).toEqual({ ok: false, reason: 'checksum' }); // 2nd control digit
    expect(checkInn('500100732269')).toEqual({ ok: false, reason: 'checksum' }); // 1st control digit
  });

  it('rejects other lengths and non-digits', () => {
    expect(checkInn('770708389')).toEqual({ ok: false, reason: 'format' });
    expect(checkInn('77070838931')).toEqual({ ok: false, reason: 'format' });
    expect(checkInn('770708389O')).toEqual({ ok: false, reason: 'format' });
    expect(checkInn('')).toEqual({ ok: false, reason: 'format' });
  });
});

describe('checkKpp', () => {
  it('accepts published KPPs', () => {
    expect(checkKpp('773601001')).toEqual({ ok: true }); // Сбербанк
    expect(checkKpp('997250001')).toEqual({ ok: true }); // largest-taxpayer inspection
    expect(checkKpp('7701AB001')).toEqual({ ok: true }); // letter reason code (since 2013)
  });

  it('rejects wrong shapes', () => {
    expect(checkKpp('77360100')).toEqual({ ok: false, reason: 'format' });
    expect(checkKpp('7736010011')).toEqual({ ok: false, reason: 'format' });
    expect(checkKpp('7736ab001')).toEqual({ ok: false, reason: 'format' }); // lower case
    expect(checkKpp('77A601001')).toEqual({ ok: false, reason: 'format' }); // letter in office code
    expect(checkKpp('773601A01')).toEqual({ ok: false, reason: 'format' });
  });
});

describe('checkBik', () => {
  it('accepts bank BIKs', () => {
    expect(checkBik('044525225')).toEqual({ ok: true }); // Сбербанк, Москва
    expect(checkBik('044030653')).toEqual({ ok: true }); // Северо-Западный банк Сбербанка
  });

  it('rejects wrong shapes', () => {
    expect(checkBik('04452522')).toEqual({ ok: false, reason: 'format' });
    expect(checkBik('0445252250')).toEqual({ ok: false, reason: 'format' });
    expect(checkBik('144525225')).toEqual({ ok: false, reason: 'format' });
    expect(checkBik('04452522S')).toEqual({ ok: false, reason: 'format' });
  });
});

describe('checkRuAccount', () => {
  it('accepts the account from the SWIFT IBAN registry RU example', () => {
    // RU02 044525600 40702810412345678901: BIK 044525600, account 40702810412345678901.
    expect(checkRuAccount('40702810412345678901', '044525600')).toEqual({ ok: true });
    expect(checkRuAccount('40702 810 4 1234 5678901', '044525600')).toEqual({ ok: true });
  });

  it('rejects a changed digit, a different bank and a transposition', () => {
    expect(checkRuAccount('40702810412345678902', '044525600')).toEqual({ ok: false, reason: 'checksum' });
    expect(checkRuAccount('40702810412345678901', '044525601')).toEqual({ ok: false, reason: 'checksum' });
    expect(checkRuAccount('47002810412345678901', '044525600')).toEqual({ ok: false, reason: 'checksum' });
  });

  it('rejects wrong lengths', () => {
    expect(checkRuAccount('4070281041234567890', '044525600')).toEqual({ ok: false, reason: 'format' });
    expect(checkRuAccount('40702810412345678901', '04452560')).toEqual({ ok: false, reason: 'format' });
  });
});

describe('checkRuCorrAccount', () => {
  it('accepts published correspondent accounts', () => {
    expect(checkRuCorrAccount('30101810400000000225', '044525225')).toEqual({ ok: true }); // Сбербанк
    expect(checkRuCorrAccount('30101810145250000974', '044525974')).toEqual({ ok: true }); // Т-Банк
  });

  it('differs from the settlement-account key (which would reject these)', () => {
    expect(checkRuAccount('30101810400000000225', '044525225')).toEqual({ ok: false, reason: 'checksum' });
  });

  it('rejects a changed digit', () => {
    expect(checkRuCorrAccount('30101810500000000225', '044525225')).toEqual({
      ok: false,
      reason: 'checksum',
    });
    expect(checkRuCorrAccount('3010181040000000022', '044525225')).toEqual({ ok: false, reason: 'format' });
  });
});
