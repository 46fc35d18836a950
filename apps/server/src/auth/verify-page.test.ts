import { describe, expect, it } from 'vitest';
import { TEXTS } from './texts.js';
import { signInPath, VERIFY_SCRIPT, verifyPage } from './verify-page.js';

const LANGS = ['en', 'de', 'ru', 'it'] as const;
const linkTo = (html: string) => /<p id="again"( hidden)?><a href="([^"]+)">([^<]+)<\/a><\/p>/.exec(html);

describe('the page a sign-in link opens', () => {
  it('for a used or invalid link, says so and links back to sign-in in its language', () => {
    const names = new Set<string>();
    for (const lang of LANGS) {
      const html = verifyPage(lang, 'used-token', false);
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(TEXTS[lang].invalid);
      const link = linkTo(html);
      expect(link, lang).not.toBeNull();
      expect(link![1]).toBeUndefined(); // shown
      expect(link![2]).toBe(`/app/sign-in?lang=${lang}`);
      names.add(link![3]!);
    }
    expect(names.size).toBe(LANGS.length);
    expect(signInPath('de')).toBe('/app/sign-in?lang=de');
  });

  it('for a live link, keeps the way back hidden until the button finds the link used', () => {
    const html = verifyPage('de', 'live-token', true);
    expect(linkTo(html)?.[1]).toBe(' hidden');
    expect(html).toContain('Neuen Anmeldelink anfordern');
    // The script shows it wherever it says the link is no longer valid.
    expect(VERIFY_SCRIPT).toContain("getElementById('again')");
    expect(VERIFY_SCRIPT.match(/invalid\(\)/g)?.length).toBe(2);
    expect(VERIFY_SCRIPT).not.toMatch(/status\.textContent = form\.dataset\.invalid; return/);
  });
});
