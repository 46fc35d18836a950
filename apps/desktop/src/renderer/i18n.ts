// The window's languages: the ui screens' texts (packages/ui) and this app's few own ones, with
// react-i18next. The language is the one in the settings (src/ipc.ts `Settings.lang`).
import { UI_NAMESPACE, uiResources } from '@invoice-reader/ui';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGS } from '../ipc.js';

const own = {
  en: {
    invoices: 'Invoices',
    exports: 'Exports',
    settings: 'Settings',
    folders: 'Watched folders',
    none: 'none',
    addFolder: 'Add a folder…',
    remove: 'Remove',
    language: 'Language',
    country: 'Country',
    sync: 'Sync with the service',
    saved: 'Saved',
  },
  de: {
    invoices: 'Rechnungen',
    exports: 'Exporte',
    settings: 'Einstellungen',
    folders: 'Überwachte Ordner',
    none: 'keine',
    addFolder: 'Ordner hinzufügen…',
    remove: 'Entfernen',
    language: 'Sprache',
    country: 'Land',
    sync: 'Mit dem Dienst abgleichen',
    saved: 'Gespeichert',
  },
  ru: {
    invoices: 'Счета',
    exports: 'Экспорт',
    settings: 'Настройки',
    folders: 'Отслеживаемые папки',
    none: 'нет',
    addFolder: 'Добавить папку…',
    remove: 'Убрать',
    language: 'Язык',
    country: 'Страна',
    sync: 'Синхронизация с сервисом',
    saved: 'Сохранено',
  },
  it: {
    invoices: 'Fatture',
    exports: 'Esportazioni',
    settings: 'Impostazioni',
    folders: 'Cartelle osservate',
    none: 'nessuna',
    addFolder: 'Aggiungi una cartella…',
    remove: 'Rimuovi',
    language: 'Lingua',
    country: 'Paese',
    sync: 'Sincronizza con il servizio',
    saved: 'Salvato',
  },
};

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    LANGS.map((l) => [l, { translation: own[l], [UI_NAMESPACE]: uiResources[l] }]),
  ),
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

const setHtmlLang = (lng: string) => document.documentElement.setAttribute('lang', lng);
setHtmlLang(i18n.language);
i18n.on('languageChanged', setHtmlLang);

export default i18n;
