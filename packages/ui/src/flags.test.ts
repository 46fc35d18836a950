import { describe, expect, it } from 'vitest';
import { flagKey, KNOWN_FLAGS, reasonKeys } from './flags.js';
import { uiResources } from './i18n/index.js';

const lookup = (texts: object, key: string): unknown =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], texts);

describe('flag texts', () => {
  it('has a sentence for every flag code the engine documents, in every language', () => {
    for (const [lang, texts] of Object.entries(uiResources)) {
      for (const code of [...KNOWN_FLAGS, 'unknown']) {
        const text = lookup(texts, `flag.${code}`);
        expect(typeof text, `${lang} flag.${code}`).toBe('string');
        expect((text as string).length).toBeGreaterThan(5);
      }
    }
  });

  it('says different things in different languages', () => {
    expect(uiResources.de.flag.iban_checksum).not.toBe(uiResources.en.flag.iban_checksum);
    expect(uiResources.ru.flag.sum_mismatch).toMatch(/НДС/);
    expect(uiResources.it.flag.sum_mismatch).toMatch(/IVA/);
  });

  it('maps an unknown code to the general sentence', () => {
    expect(flagKey('iban_checksum')).toBe('flag.iban_checksum');
    expect(flagKey('something_new')).toBe('flag.unknown');
  });

  it('gives every reason a field needs looking at, and none for a confirmed one', () => {
    expect(reasonKeys({ status: 'confirmed', flags: [] })).toEqual([]);
    expect(reasonKeys({ status: 'flagged', flags: ['iban_checksum'] })).toEqual(['flag.iban_checksum']);
    expect(reasonKeys({ status: 'unconfirmed', flags: [] })).toEqual(['flag.low_confidence']);
    expect(
      reasonKeys({ status: 'unconfirmed', flags: ['low_confidence', 'conflicting_candidates'] }),
    ).toEqual(['flag.low_confidence', 'flag.conflicting_candidates']);
    expect(reasonKeys({ status: 'missing', flags: [] })).toEqual(['status.missing_reason']);
    expect(reasonKeys({ status: 'flagged', flags: [] })).toEqual(['flag.unknown']);
  });

  it('every language has exactly the English keys', () => {
    const keys = (o: object, at = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${at}${k}.`) : [`${at}${k}`]));
    const en = keys(uiResources.en).sort();
    for (const texts of Object.values(uiResources)) expect(keys(texts).sort()).toEqual(en);
  });
});
