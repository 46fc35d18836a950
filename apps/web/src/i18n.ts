// The interface languages (de, en, ru, it) with react-i18next. The language comes from `?lang=`
// (the public pages link with it), then the one chosen before, then the browser's.
import { uiResources } from '@invoice-reader/ui';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { de } from './locales/de';
import { en } from './locales/en';
import { it } from './locales/it';
import { ru } from './locales/ru';

export const LANGS = ['de', 'en', 'ru', 'it'] as const;
export type Lang = (typeof LANGS)[number];
const STORE_KEY = 'lang';

export const langOf = (value: string | null | undefined): Lang | undefined => {
  const l = (value ?? '').slice(0, 2).toLowerCase();
  return (LANGS as readonly string[]).includes(l) ? (l as Lang) : undefined;
};

function firstLang(): Lang {
  const fromQuery = langOf(new URLSearchParams(location.search).get('lang'));
  if (fromQuery) {
    localStorage.setItem(STORE_KEY, fromQuery);
    return fromQuery;
  }
  return langOf(localStorage.getItem(STORE_KEY)) ?? langOf(navigator.language) ?? 'en';
}

export function chooseLang(lang: Lang): void {
  localStorage.setItem(STORE_KEY, lang);
  void i18n.changeLanguage(lang);
}

void i18n.use(initReactI18next).init({
  resources: {
    de: { translation: de, ui: uiResources.de },
    en: { translation: en, ui: uiResources.en },
    ru: { translation: ru, ui: uiResources.ru },
    it: { translation: it, ui: uiResources.it },
  },
  lng: firstLang(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

// The document's language follows the interface's, for screen readers and hyphenation.
const setHtmlLang = (lng: string) => document.documentElement.setAttribute('lang', lng);
setHtmlLang(i18n.language);
i18n.on('languageChanged', setHtmlLang);

export default i18n;
