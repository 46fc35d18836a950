import { describe, expect, it } from 'vitest';
import { findIbans, nationalIban } from './ibans.js';

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
