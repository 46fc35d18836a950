// Units of quantity as printed, read as their UN/ECE Recommendation 20 codes (lexicon/units.json),
// and the printed text kept as it is where it is no code.
import { describe, expect, it } from 'vitest';
import { unitSources } from '../lexicon/lexicon.js';
import { unitCodeOf, unitOf } from './units.js';

describe('unitOf', () => {
  it.each([
    ['Stk', 'H87'],
    ['Stück', 'H87'],
    ['Stck', 'H87'],
    ['lot', 'LO'],
    ['conf.', 'XPK'],
    ['pcs', 'H87'],
    ['PCE', 'H87'],
    ['szt.', 'H87'],
    ['ks', 'H87'],
    ['h', 'HUR'],
    ['Std.', 'HUR'],
    ['Tim', 'HUR'],
    ['kg', 'KGM'],
    ['m²', 'MTK'],
    ['psch', 'LS'],
    ['kompl', 'SET'],
    ['Tag(e)', 'DAY'],
    ['Unit(s)', 'C62'],
    ['3 PCE', 'H87'],
    ['Stk f', 'H87'],
    ['kg VAT', 'KGM'],
    ['KWH', 'KWH'],
    ['XBC - unbekannte', 'XBC'],
  ])('reads "%s" as %s', (printed, code) => {
    expect(unitOf(printed.split(' '))).toBe(code);
  });

  it('keeps a unit that is no known code as printed, and never guesses one', () => {
    expect(unitOf(['Rolle'])).toBe('Rolle');
    expect(unitOf(['Pal.'])).toBe('Pal.');
    // "kpl" is a set in Polish and Czech, a piece in Finnish: no code for it.
    expect(unitOf(['kpl'])).toBe('kpl');
    expect(unitOf(['KPL'])).toBe('KPL');
  });

  it('gives the code of a unit written as a word or a code, and none for other text', () => {
    expect(['kg', 'Month', 'pz', "unita'", 'lt', 'C62', 'H87', 'Kiste', 'kpl'].map(unitCodeOf)).toEqual([
      'KGM',
      'MON',
      'H87',
      'C62',
      'LTR',
      'C62',
      'H87',
      undefined,
      undefined,
    ]);
  });

  it('takes no words that cannot be a unit', () => {
    expect(unitOf([])).toBeUndefined();
    expect(unitOf(['12,50'])).toBeUndefined();
    expect(unitOf(['Lieferung', 'frei', 'Haus'])).toBeUndefined();
    expect(unitOf(['Verpackungseinheiten'])).toBeUndefined();
  });

  it('gives each printed unit of the lexicon to one code only, but for the known ambiguous ones', () => {
    const claims = new Map<string, string[]>();
    for (const [code, sources] of Object.entries(unitSources()))
      for (const s of sources) claims.set(s, [...(claims.get(s) ?? []), code]);
    const ambiguous = [...claims].filter(([, codes]) => codes.length > 1).map(([s]) => s);
    expect(ambiguous).toEqual(['kpl\\.?']);
  });
});
