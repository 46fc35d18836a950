// The app's texts: every language has the keys English has, and no Russian sentence ends with a
// date (Intl writes "5 мар. 2026 г.", so a full stop after it reads "г..").
import { describe, expect, it } from 'vitest';
import { de } from './de';
import { en } from './en';
import { it as itTexts } from './it';
import { ru } from './ru';

type Tree = { [k: string]: string | Tree };
const keys = (t: Tree, prefix = ''): string[] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix + k}.`)));
const values = (t: Tree): string[] =>
  Object.values(t).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));

describe('the app’s texts', () => {
  it('have the same keys in every language', () => {
    for (const texts of [de, ru, itTexts])
      expect(keys(texts as Tree).sort()).toEqual(keys(en as Tree).sort());
  });

  it('put no full stop right after a date in Russian', () => {
    expect(values(ru as Tree).filter((v) => v.includes('{{date}}.'))).toEqual([]);
  });
});
