import { describe, expect, it } from 'vitest';
import { checkVatId, normalizeVatId } from './vat-id.js';

// Known-valid ids as printed in the wild: examples from tax-authority pages (NL000099998B57 is
// the Belastingdienst's example for the 2020 sole-proprietor ids, DK13585628 the VIES example,
// GB980780684 the HMRC-style example) and real company ids published on invoices/imprints
// (collected in python-stdnum's test data and cross-checked against VIES there).
const VALID: Array<[input: string, vatId: string, country: string]> = [
  ['ATU13585627', 'ATU13585627', 'AT'],
  ['ATU 142 43 102', 'ATU14243102', 'AT'],
  ['ATU 64938009', 'ATU64938009', 'AT'],
  ['BE 0202.239.951', 'BE0202239951', 'BE'],
  ['BE0428759497', 'BE0428759497', 'BE'],
  ['BE 0795 013 186', 'BE0795013186', 'BE'],
  ['BG 175074752', 'BG175074752', 'BG'],
  ['BG7523169263', 'BG7523169263', 'BG'],
  ['CY-10189098G', 'CY10189098G', 'CY'],
  ['CZ24158313', 'CZ24158313', 'CZ'],
  ['CZ6011270177', 'CZ6011270177', 'CZ'],
  ['DE 118619592', 'DE118619592', 'DE'],
  ['DE 221.304.969', 'DE221304969', 'DE'],
  ['DE - 113866163', 'DE113866163', 'DE'],
  ['DE136695976', 'DE136695976', 'DE'],
  ['DK13585628', 'DK13585628', 'DK'],
  ['DK 2566 2202', 'DK25662202', 'DK'],
  ['DK-27630308', 'DK27630308', 'DK'],
  ['EE 100523487', 'EE100523487', 'EE'],
  ['EL 094068633', 'EL094068633', 'EL'],
  ['ES A08370314', 'ESA08370314', 'ES'], // CIF, digit check
  ['ES Q-2818015-F', 'ESQ2818015F', 'ES'], // CIF, letter check
  ['ES 54362315K', 'ES54362315K', 'ES'], // DNI
  ['ES X-5253868-R', 'ESX5253868R', 'ES'], // NIE
  ['ES Y5277343F', 'ESY5277343F', 'ES'],
  ['ES Z5277343K', 'ESZ5277343K', 'ES'],
  ['ESM1234567L', 'ESM1234567L', 'ES'], // NIF for non-residents (K/L/M)
  ['FI 20774740', 'FI20774740', 'FI'],
  ['FI 0982651-1', 'FI09826511', 'FI'],
  ['FR 40 303 265 045', 'FR40303265045', 'FR'],
  ['FR83404833048', 'FR83404833048', 'FR'],
  ['FR 2143 2146 546', 'FR21432146546', 'FR'],
  ['FR K 7399859412', 'FRK7399859412', 'FR'], // alphanumeric key: format only
  ['HR33392005961', 'HR33392005961', 'HR'],
  ['CZ26279690', 'CZ26279690', 'CZ'],
  ['CZ8508023326', 'CZ8508023326', 'CZ'],
  ['HU 10672101', 'HU10672101', 'HU'],
  ['IE 6388047V', 'IE6388047V', 'IE'],
  ['IE6433435IH', 'IE6433435IH', 'IE'],
  ['IE8D79739I', 'IE8D79739I', 'IE'],
  ['IT00743110157', 'IT00743110157', 'IT'],
  ['IT - 01404480202', 'IT01404480202', 'IT'],
  ['LT 100001354118', 'LT100001354118', 'LT'],
  ['LT 119511515', 'LT119511515', 'LT'],
  ['LU 150 274 42', 'LU15027442', 'LU'],
  ['LU.248.70.640', 'LU24870640', 'LU'],
  ['LV 40003189718', 'LV40003189718', 'LV'],
  ['MT 1039-6417', 'MT10396417', 'MT'],
  ['NL.0094.10.806.B.01', 'NL009410806B01', 'NL'], // elfproef
  ['NL 820605876B01', 'NL820605876B01', 'NL'],
  ['NL000099998B57', 'NL000099998B57', 'NL'], // mod 97 (sole proprietor, since 2020)
  ['NL002342672B42', 'NL002342672B42', 'NL'],
  ['PL 584-030-44-72', 'PL5840304472', 'PL'],
  ['PL5261025421', 'PL5261025421', 'PL'],
  ['PT 501 964 843', 'PT501964843', 'PT'],
  ['PT 500135.495', 'PT500135495', 'PT'],
  ['RO 11358544', 'RO11358544', 'RO'],
  ['RO 573768', 'RO573768', 'RO'],
  ['SE556043606401', 'SE556043606401', 'SE'],
  ['SE 556.383.740.901', 'SE556383740901', 'SE'],
  ['SI 26808498', 'SI26808498', 'SI'],
  ['SK2022193459', 'SK2022193459', 'SK'],
  ['CHE-107.787.577 IVA', 'CHE107787577', 'CH'],
  ['CHE-110.576.236 TVA', 'CHE110576236', 'CH'],
  ['CHE-400.352.783 MWST', 'CHE400352783', 'CH'],
  ['CHE-116.046.681 TPV', 'CHE116046681', 'CH'],
  ['CHE-1 76.814.97 5 MWST', 'CHE176814975', 'CH'],
  ['NO 995 525 828 MVA', 'NO995525828MVA', 'NO'],
  ['NO974760673', 'NO974760673', 'NO'],
  ['GB 980 7806 84', 'GB980780684', 'GB'], // mod 97
  ['GB340804329', 'GB340804329', 'GB'], // mod 97 offset 55 (issued since 2010)
  ['GB980780684001', 'GB980780684001', 'GB'], // branch trader suffix
  ['GBGD001', 'GBGD001', 'GB'],
  ['GBHA599', 'GBHA599', 'GB'],
  ['XI980780684', 'XI980780684', 'XI'],
];

describe('normalizeVatId', () => {
  it('upper-cases and strips spaces, dots and dashes', () => {
    expect(normalizeVatId('de 136.695-976')).toBe('DE136695976');
    expect(normalizeVatId('CHE\u2013116.281.710\u00a0MWST')).toBe('CHE116281710MWST'); // en dash, NBSP
  });
});

describe('checkVatId', () => {
  it.each(VALID)('accepts %s', (input, vatId, country) => {
    expect(checkVatId(input)).toEqual({ ok: true, vatId, country });
  });

  it('rejects mutated check digits', () => {
    const mutated = [
      'ATU13585628',
      'ATU15169209',
      'BE0428759496',
      'BE0406139583',
      'DE136695977',
      'DE125014855',
      'DK13585629',
      'DK25652202',
      'ES54362415K',
      'ESX5253868S',
      'ESA08370315',
      'ESQ2818015G',
      'ESM1234567K',
      'FI20774741',
      'FR41303265045',
      'FR40303265046',
      'HR33392005962',
      'CZ1234567890',
      'CZ12345678',
      'HR12345678901',
      'IT00743110158',
      'LU15027443',
      'NL820605877B01',
      'NL000099998B58',
      'PL5261025422',
      'PT501964844',
      'RO11358545',
      'RO123456',
      'SE556043606501',
      'CHE107787578',
      'NO995525829MVA',
      'GB980780685',
      'GB802311781',
      'XI980780685',
    ];
    for (const id of mutated) {
      expect({ id, reason: checkVatId(id).reason }).toEqual({ id, reason: 'checksum' });
    }
  });

  it('rejects numbers whose check digit cannot exist (mod 11 remainder 10)', () => {
    // Weighted sums of 12 leave remainder 1 (FI) / require check digit 10 (NO): no digit fits.
    for (let d = 0; d <= 9; d++) {
      expect(checkVatId(`FI0000006${d}`).reason).toBe('checksum');
      expect(checkVatId(`NO00000006${d}`).reason).toBe('checksum');
    }
  });

  it('rejects wrong shapes as format errors', () => {
    const malformed = [
      'DE13669597', // 8 digits
      'DE036695976', // leading zero is not issued
      'ATU1358562', // 7 digits
      'AT13585627', // missing U
      'BE2428759497', // must start with 0 or 1
      'BE697449992', // pre-2007 9-digit form
      'NL820605876C01',
      'NL82060587B01',
      'ESO1234567L', // O is not an entity letter
      'ES123456789', // DNI needs a letter
      'FRIO303265045', // I and O are not used in keys
      'SE556043606402', // must end in 01
      'CHE10778757',
      'CHE107787577XYZ', // unknown suffix
      'NO99552582',
      'GBGD500', // government departments are 000-499
      'GBHA499', // health authorities are 500-999
      'GB98078068',
      'IE1234567', // needs a letter
      'DE136/695976',
    ];
    for (const id of malformed) {
      expect({ id, reason: checkVatId(id).reason }).toEqual({ id, reason: 'format' });
    }
  });

  it('treats GR as an alias of EL (Greece)', () => {
    expect(checkVatId('GR094068633')).toEqual({ ok: true, vatId: 'GR094068633', country: 'EL' });
    expect(checkVatId('094068633', 'GR')).toEqual({ ok: true, vatId: 'EL094068633', country: 'EL' });
    expect(checkVatId('EL094068633', 'GR').ok).toBe(true);
  });

  it("takes the EU non-Union one-stop shop's ids (EU and nine digits) by their shape alone", () => {
    expect(checkVatId('EU442008675')).toEqual({ ok: true, vatId: 'EU442008675', country: 'EU' });
    expect(checkVatId('EU 372 000 041').ok).toBe(true);
    expect(checkVatId('EU44200867').reason).toBe('format');
    expect(checkVatId('EU4420086751').reason).toBe('format');
  });

  it('uses the country hint when the prefix is missing', () => {
    expect(checkVatId('136 695 976', 'de')).toEqual({ ok: true, vatId: 'DE136695976', country: 'DE' });
    expect(checkVatId('U13585627', 'AT')).toEqual({ ok: true, vatId: 'ATU13585627', country: 'AT' });
    expect(checkVatId('B-58378431', 'ES')).toEqual({ ok: true, vatId: 'ESB58378431', country: 'ES' });
    expect(checkVatId('107.787.577 MWST', 'CH')).toEqual({ ok: true, vatId: 'CHE107787577', country: 'CH' });
    expect(checkVatId('136695977', 'DE').reason).toBe('checksum');
  });

  it('reports a prefix that contradicts the hint as a country problem', () => {
    expect(checkVatId('DE136695976', 'AT')).toEqual({
      ok: false,
      reason: 'country',
      vatId: 'DE136695976',
      country: 'DE',
    });
    // Northern Ireland traders have GB addresses.
    expect(checkVatId('XI980780684', 'GB').ok).toBe(true);
    expect(checkVatId('GB980780684', 'XI').ok).toBe(true);
  });

  it('reports unknown or missing prefixes as country problems', () => {
    expect(checkVatId('US123456789')).toEqual({
      ok: false,
      reason: 'country',
      vatId: 'US123456789',
      country: 'US',
    });
    expect(checkVatId('UK980780684').reason).toBe('country');
    expect(checkVatId('136695976')).toEqual({
      ok: false,
      reason: 'country',
      vatId: '136695976',
      country: '',
    });
    expect(checkVatId('123456789', 'US').reason).toBe('country');
  });

  it('reports empty input as a format problem', () => {
    expect(checkVatId('')).toEqual({ ok: false, reason: 'format', vatId: '', country: '' });
    expect(checkVatId(' - ', 'DE')).toEqual({ ok: false, reason: 'format', vatId: 'DE', country: 'DE' });
  });
});
