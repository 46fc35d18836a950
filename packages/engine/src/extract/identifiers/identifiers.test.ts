import { describe, expect, it } from 'vitest';
import { findBics, findEmails, findRuIds, findVatIds } from './identifiers.js';

describe('findBics', () => {
  it('finds BICs and says whether a label precedes them', () => {
    expect(findBics('BIC COBADEFFXXX')).toEqual([
      { value: 'COBADEFFXXX', raw: 'COBADEFFXXX', start: 4, end: 15, valid: true, labelled: true },
    ]);
    const found = (text: string) => findBics(text).map((b) => [b.value, b.valid, b.labelled]);
    expect(found('Swift code: NWBKGB2L')).toEqual([['NWBKGB2L', true, true]]);
    expect(found('BIC/SWIFT: INGBNL2A')).toEqual([['INGBNL2A', true, true]]);
    expect(found('S.W.I.F.T. DEUTDEFF500')).toEqual([['DEUTDEFF500', true, true]]);
    // Unlabelled BIC-shaped words pass checkBic too: the flag is how the caller tells them apart.
    expect(found('INGBNL2A RECHNUNG DUESSELDORF')).toEqual([
      ['INGBNL2A', true, false],
      ['RECHNUNG', true, false],
      ['DUESSELDORF', true, false],
    ]);
  });

  it('keeps a labelled misread BIC as invalid and drops unlabelled non-BICs', () => {
    expect(found2('BIC: COBAD1FF')).toEqual([]);
    expect(found2('BIC: COBAXXFF')).toEqual([['COBAXXFF', false, true]]);
    expect(found2('MUSTERMANN KOSTENRECHNUNG Cobadeff COBAXXFF')).toEqual([]);
  });
  const found2 = (text: string) => findBics(text).map((b) => [b.value, b.valid, b.labelled]);
});

describe('findVatIds', () => {
  const found = (text: string) => findVatIds(text).map((v) => [v.value, v.raw, v.valid, v.country]);

  it('finds VAT ids printed plain or in groups', () => {
    expect(findVatIds('USt-IdNr.: DE 136 695 976')).toEqual([
      { value: 'DE136695976', raw: 'DE 136 695 976', start: 11, end: 25, valid: true, country: 'DE' },
    ]);
    expect(found('BTW NL810433941B01')).toEqual([['NL810433941B01', 'NL810433941B01', true, 'NL']]);
    expect(found('UID ATU13585627')).toEqual([['ATU13585627', 'ATU13585627', true, 'AT']]);
    expect(found('CHE-116.281.704 MWST')).toEqual([['CHE116281704', 'CHE-116.281.704 MWST', true, 'CH']]);
    expect(found('TVA FR 83 404833048')).toEqual([['FR83404833048', 'FR 83 404833048', true, 'FR']]);
    expect(found('BE 0403.170.701')).toEqual([['BE0403170701', 'BE 0403.170.701', true, 'BE']]);
    expect(found('P.IVA IT00743110157, MVA NO 923 609 016 MVA')).toEqual([
      ['IT00743110157', 'IT00743110157', true, 'IT'],
      ['NO923609016MVA', 'NO 923 609 016 MVA', true, 'NO'],
    ]);
    expect(found('VAT GB980780684')).toEqual([['GB980780684', 'GB980780684', true, 'GB']]);
    expect(found('Mehrwertsteuernummer: EU442008675')).toEqual([['EU442008675', 'EU442008675', true, 'EU']]);
  });

  it('marks a well-formed id with a wrong check digit invalid', () => {
    expect(found('USt-IdNr.: DE123456789')).toEqual([['DE123456789', 'DE123456789', false, 'DE']]);
    expect(found('FR 12 345678901')).toEqual([['FR12345678901', 'FR 12 345678901', false, 'FR']]);
    expect(found('CHE-123.456.789 TVA')).toEqual([['CHE123456789', 'CHE-123.456.789 TVA', false, 'CH']]);
  });

  it('does not take addresses, words or IBANs for VAT ids', () => {
    expect(findVatIds('DE 99199 MUSTERHAUSEN, FRANCE, NO. 12345, Deutschland')).toEqual([]);
    expect(findVatIds('IBAN DE89 3704 0044 0532 0130 00')).toEqual([]);
    expect(findVatIds('IBAN AT61 1904 3002 3457 3201')).toEqual([]);
    expect(findVatIds('DE136695976x')).toEqual([]);
  });
});

describe('findEmails', () => {
  it('finds addresses without trailing punctuation', () => {
    expect(findEmails('E-Mail: max.mustermann@musterlieferant.de.')).toEqual([
      {
        value: 'max.mustermann@musterlieferant.de',
        raw: 'max.mustermann@musterlieferant.de',
        start: 8,
        end: 41,
      },
    ]);
    expect(findEmails('info@müller.de, rechnung+2024@mail.example.co.uk').map((e) => e.value)).toEqual([
      'info@müller.de',
      'rechnung+2024@mail.example.co.uk',
    ]);
    expect(findEmails('user@localhost, @handle, a@b')).toEqual([]);
  });
});

describe('findRuIds', () => {
  it('finds labelled INN, KPP, BIK and accounts', () => {
    const text =
      'ИНН/КПП 7707083893/773601001 БИК 044525225 р/с 40702810938000000000 к/с 30101810400000000225';
    expect(findRuIds(text)).toEqual([
      { kind: 'inn', value: '7707083893', raw: '7707083893', start: 8, end: 18 },
      { kind: 'kpp', value: '773601001', raw: '773601001', start: 19, end: 28 },
      { kind: 'bik', value: '044525225', raw: '044525225', start: 33, end: 42 },
      { kind: 'account', value: '40702810938000000000', raw: '40702810938000000000', start: 47, end: 67 },
      {
        kind: 'corr_account',
        value: '30101810400000000225',
        raw: '30101810400000000225',
        start: 72,
        end: 92,
      },
    ]);
    const kinds = (t: string) => findRuIds(t).map((r) => [r.kind, r.value]);
    expect(kinds('ИНН 500100732259 КПП: 773601001')).toEqual([
      ['inn', '500100732259'],
      ['kpp', '773601001'],
    ]);
    expect(kinds('Расчетный счет № 4070 2810 9380 0000 0000, Корр. счёт 30101810400000000225')).toEqual([
      ['account', '40702810938000000000'],
      ['corr_account', '30101810400000000225'],
    ]);
  });

  it('reads a party word between label and number, as a УПД prints it', () => {
    const kinds = (t: string) => findRuIds(t).map((r) => [r.kind, r.value]);
    expect(kinds('ИНН/КПП продавца: 7707083893/773601001')).toEqual([
      ['inn', '7707083893'],
      ['kpp', '773601001'],
    ]);
    expect(kinds('ИНН покупателя 5003052454')).toEqual([['inn', '5003052454']]);
  });

  it('ignores unlabelled numbers and wrong lengths', () => {
    expect(findRuIds('7707083893 044525225 40702810938000000000')).toEqual([]);
    expect(findRuIds('ИНН 77070838931 БИК 04452522 р/с 4070281093800000000')).toEqual([]);
    expect(findRuIds('Счёт № 40702810938000000000')).toEqual([]);
  });
});
