import { describe, expect, it } from 'vitest';
import { checkBic, isCountryCode } from './bic.js';

describe('checkBic', () => {
  // Published BICs of well-known banks (8-char head office and 11-char branch forms).
  it.each([
    'DEUTDEFF', // Deutsche Bank, Frankfurt
    'DEUTDEFF500', // Deutsche Bank, branch 500
    'COBADEFFXXX', // Commerzbank, "XXX" = head office
    'NWBKGB2L', // NatWest, London (location with a digit)
    'UBSWCHZH80A', // UBS Switzerland, branch 80A
    'BNPAFRPP',
    'SABRRUMM', // Sberbank, Moscow
    'RZBAATWW',
    'INGBNL2A',
  ])('accepts %s', (bic) => {
    expect(checkBic(bic)).toEqual({ ok: true, bic });
  });

  it('normalises case and spaces', () => {
    expect(checkBic('deut de ff 500')).toEqual({ ok: true, bic: 'DEUTDEFF500' });
  });

  it('accepts Kosovo (XK) although it is not in ISO 3166-1 proper', () => {
    expect(checkBic('RBKOXKPR').ok).toBe(true);
  });

  it('accepts digits in the party prefix (ISO 9362:2014)', () => {
    expect(checkBic('1234DEFF').ok).toBe(true);
  });

  it('rejects wrong lengths', () => {
    expect(checkBic('DEUTDEF')).toEqual({ ok: false, reason: 'format', bic: 'DEUTDEF' });
    expect(checkBic('DEUTDEFF5').reason).toBe('format');
    expect(checkBic('DEUTDEFF50').reason).toBe('format');
    expect(checkBic('DEUTDEFF5000').reason).toBe('format');
    expect(checkBic('').reason).toBe('format');
  });

  it('rejects a digit in the country code or punctuation', () => {
    expect(checkBic('DEUTD3FF').reason).toBe('format');
    expect(checkBic('DEUT-DE-FF').reason).toBe('format');
  });

  it('rejects country codes that are not assigned', () => {
    expect(checkBic('DEUTXXFF')).toEqual({ ok: false, reason: 'country', bic: 'DEUTXXFF' });
    expect(checkBic('DEUTUKFF').reason).toBe('country'); // UK is not ISO 3166 (GB is)
    expect(checkBic('DEUTELFF').reason).toBe('country'); // EL is a VAT prefix, not a country
  });
});

describe('isCountryCode', () => {
  it('knows ISO 3166-1 alpha-2 codes', () => {
    expect(isCountryCode('DE')).toBe(true);
    expect(isCountryCode('SS')).toBe(true);
    expect(isCountryCode('XK')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
    expect(isCountryCode('de')).toBe(false);
  });
});
