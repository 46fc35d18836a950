import { describe, expect, it } from 'vitest';
import { findBics, findEmails, findIbans, findRuIds, findVatIds, nationalIban } from './identifiers.js';

describe('findIbans', () => {
  it('finds spaced and unspaced IBANs with their position', () => {
    const text = 'IBAN DE89 3704 0044 0532 0130 00 BIC COBADEFFXXX';
    expect(findIbans(text)).toEqual([
      { value: 'DE89370400440532013000', raw: 'DE89 3704 0044 0532 0130 00', start: 5, end: 32, valid: true },
    ]);
    expect(findIbans('IBAN NL50INGB0683251309').map((i) => [i.value, i.valid])).toEqual([
      ['NL50INGB0683251309', true],
    ]);
    expect(
      findIbans('Konto: CH33 8914 4927 9774 7318 2, Bank').map((i) => [i.value, i.raw, i.valid]),
    ).toEqual([['CH3389144927977473182', 'CH33 8914 4927 9774 7318 2', true]]);
    expect(findIbans('GB29 NWBK 6016 1331 9268 19 BIC NWBKGB2L').map((i) => i.value)).toEqual([
      'GB29NWBK60161331926819',
    ]);
    expect(findIbans('FR76 3000 6000 0112 3456 7890 189 / BE68539007547034').map((i) => i.value)).toEqual([
      'FR7630006000011234567890189',
      'BE68539007547034',
    ]);
    // A short upper-case word after the last group is not part of the IBAN.
    expect(findIbans('AT61 1904 3002 3457 3201 BIC OPSKATWW').map((i) => [i.raw, i.valid])).toEqual([
      ['AT61 1904 3002 3457 3201', true],
    ]);
  });

  it('puts right an O that OCR read for a zero where only a digit can stand, if the checksum then holds', () => {
    expect(findIbans('Verkäufer-IBAN : DEO2120300000000202051').map((i) => [i.value, i.valid])).toEqual([
      ['DE02120300000000202051', true],
    ]);
    expect(findIbans('IBAN DE89 37O4 0044 0532 0130 00').map((i) => i.value)).toEqual([
      'DE89370400440532013000',
    ]);
    // No checksum after the repair: nothing, not a flagged guess.
    expect(findIbans('IBAN DEO2120300000000202052')).toEqual([]);
    // Letters belong to a British account number: an O there stays an O (and fails).
    expect(findIbans('GB29 NWBK 6016 1331 9268 19').map((i) => i.valid)).toEqual([true]);
  });

  it('returns IBAN-shaped candidates that fail the check as invalid', () => {
    expect(findIbans('IBAN DE89 3704 0044 0532 0130 01')).toEqual([
      {
        value: 'DE89370400440532013001',
        raw: 'DE89 3704 0044 0532 0130 01',
        start: 5,
        end: 32,
        valid: false,
      },
    ]);
    expect(findIbans('DE89 3704 0044 0532 0130').map((i) => [i.value, i.valid])).toEqual([
      ['DE893704004405320130', false],
    ]);
  });

  it('reads an IBAN whose last group ran into the next word, when its checksum holds', () => {
    expect(
      findIbans('Tilinumero: FI09 6869 6940 1500 38Toimitusjohtaja: Jukka').map((i) => [i.value, i.valid]),
    ).toEqual([['FI0968696940150038', true]]);
    expect(findIbans('IBAN DE89 3704 0044 0532 0130 00BIC COBADEFFXXX').map((i) => i.value)).toEqual([
      'DE89370400440532013000',
    ]);
    // A wrong digit: no glued reading is made up, the spaced part stays an invalid candidate.
    expect(findIbans('FI09 6869 6940 1500 39Toimitusjohtaja').map((i) => i.valid)).toEqual([false]);
  });

  it('ignores what is too short or part of a longer token', () => {
    expect(findIbans('USt-IdNr. DE123456789, PLZ DE 40235')).toEqual([]);
    expect(findIbans('XDE89370400440532013000 DE89370400440532013000abc')).toEqual([]);
    expect(findIbans('')).toEqual([]);
  });
});

describe('findIbans from OCR: letters for digits, dots for spaces, groups run together', () => {
  // DE08 7009 0100 1234 5678 90 is a valid IBAN (the FeRD samples' account).
  it('puts such an IBAN right when its checksum then holds', () => {
    const found = (t: string) => findIbans(t, { ocr: true }).map((i) => [i.value, i.raw, i.valid]);
    expect(found('mu: DEOB 7009 0100 1234567890 mung: HA 123')).toEqual([
      ['DE08700901001234567890', 'DEOB 7009 0100 1234567890', true],
    ]);
    expect(found('DEOB7009.0100 1234 5678.90')).toEqual([
      ['DE08700901001234567890', 'DEOB7009.0100 1234 5678.90', true],
    ]);
    expect(found('DE08 7009 0l00 I234 5678 9O Bank')).toEqual([
      ['DE08700901001234567890', 'DE08 7009 0l00 I234 5678 9O', true],
    ]);
  });

  it('puts a misread DE right when the checksum holds and the Bundesbank lists the bank code', () => {
    const found = (t: string) => findIbans(t, { ocr: true }).map((i) => [i.value, i.raw, i.valid]);
    // Small print on phone photos: 0 for the D, 8 or 6 for the E.
    expect(found('AN 0E75512108001245126199')).toEqual([
      ['DE75512108001245126199', '0E75512108001245126199', true],
    ]);
    expect(found('BAN: 0802 120300000000202051')).toEqual([
      ['DE02120300000000202051', '0802 120300000000202051', true],
    ]);
    expect(found('AN 0602 12030000000020205 1')).toEqual([
      ['DE02120300000000202051', '0602 12030000000020205 1', true],
    ]);
    // DE23 9999 9999 0000 2020 51 holds its checksum as DE89 3704 0044 0532 0130 00 does; but 9999 9999
    // is no bank code, and a text layer's digits are what was printed.
    expect(found('0E23 9999 9999 0000 2020 51').filter((i) => i[2])).toEqual([]);
    expect(findIbans('0E89 3704 0044 0532 0130 00')).toEqual([]);
  });

  it('leaves it when the checksum fails, the number runs on, or the text is not OCR', () => {
    // One digit misread as another besides: no repair confirms it.
    expect(findIbans('DEOB 7009 0100 1234 5678 91', { ocr: true }).filter((i) => i.valid)).toEqual([]);
    // A digit right after the country's length: a longer number, not an IBAN.
    expect(findIbans('DEOB 7009 0100 1234 5678 901', { ocr: true }).filter((i) => i.valid)).toEqual([]);
    // Two separators in a row end the number.
    expect(findIbans('DEOB 7009 0100 1234 5678 ..90', { ocr: true }).filter((i) => i.valid)).toEqual([]);
    // A text layer's characters are what was printed.
    expect(findIbans('DEOB 7009 0100 1234567890')).toEqual([]);
    // A valid IBAN read as printed is kept as it was found.
    expect(findIbans('IBAN DE89 3704 0044 0532 0130 00', { ocr: true }).map((i) => i.raw)).toEqual([
      'DE89 3704 0044 0532 0130 00',
    ]);
  });
});

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

describe('an IBAN in its national groups', () => {
  it('reads one grouped by bank code and account when its checksum holds', () => {
    expect(findIbans('IBAN AT32 12000 52110 109901').map((i) => [i.value, i.valid])).toEqual([
      ['AT321200052110109901', true],
    ]);
    // one digit off: no IBAN
    expect(findIbans('IBAN AT32 12000 52110 109902').filter((i) => i.valid)).toEqual([]);
  });
});

describe('an IBAN after its label, its groups set apart in an unusual way', () => {
  it('reads a space after the country code only, or dots between groups, when the checksum holds', () => {
    expect(findIbans('IBAN: DE 02478601252009730500').map((i) => [i.value, i.valid])).toEqual([
      ['DE02478601252009730500', true],
    ]);
    expect(findIbans('IBAN : NL67 RABO 0171.218.302').map((i) => [i.value, i.valid])).toEqual([
      ['NL67RABO0171218302', true],
    ]);
    // one digit off, or no label: nothing valid
    expect(findIbans('IBAN: DE 02478601252009730501').filter((i) => i.valid)).toEqual([]);
    expect(findIbans('Ref.: NL67 RABO 0171.218.302').filter((i) => i.valid)).toEqual([]);
    // An account's label in other words ("Konto", "Nr konta", "ACCOUNT") counts as the IBAN's.
    expect(findIbans('Konto: NL67 RABO 0171.218.302').map((i) => i.value)).toEqual(['NL67RABO0171218302']);
    expect(findIbans('ACCOUNT BE 68 539007547034 |').map((i) => i.value)).toEqual(['BE68539007547034']);
  });
});

describe('nationalIban', () => {
  it('reads a Polish NRB under its label, or in its own grouping without one', () => {
    expect(nationalIban('Nr rachunku: 42114020040000350274778440')?.value).toBe(
      'PL42114020040000350274778440',
    );
    expect(nationalIban('91 2490 0005 0000 4530 8214 0275')?.value).toBe('PL91249000050000453082140275');
    // the grouping with one digit off, or run together without a label: no account
    expect(nationalIban('91 2490 0005 0000 4530 8214 0276')).toBeUndefined();
    expect(nationalIban('91249000050000453082140275')).toBeUndefined();
  });
});
