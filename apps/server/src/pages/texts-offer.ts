// The words of the public page that sell (de, en, ru, it): the call to action, the picture's
// description, how it works in three steps, and the plans and prices (texts.ts holds the rest).
import type { Lang } from '../auth/texts.js';

export interface OfferTexts {
  skip: string;
  navReads: string;
  navPrices: string;
  navTry: string;
  cta: string;
  ctaNote: string;
  tryCta: string;
  pictureAlt: string;
  howTitle: string;
  how: Array<[title: string, text: string]>;
  plansTitle: string;
  plansLead: string;
  perMonth: string;
  orPerYear: (price: string) => string;
  /** Under a price shown in another currency than the one charged. */
  chargedIn: (charged: string) => string;
  choose: string;
  apiTitle: string;
  currency: string;
}

const en: OfferTexts = {
  skip: 'Skip to content',
  navReads: 'What it reads',
  navPrices: 'Prices',
  navTry: 'Try it',
  cta: 'Start free',
  ctaNote: 'No card needed. E-invoices, QR bills and text PDFs are free on every plan.',
  tryCta: 'Try it with an e-invoice',
  pictureAlt:
    'The review screen: an invoice page with each value it read marked on the page, beside the fields grouped by document, seller, buyer, amounts and payment; a VAT ID whose check digit fails is flagged with the reason.',
  howTitle: 'How it works',
  how: [
    [
      'Upload, forward or send',
      'Drop PDFs, photos and e-invoices into the web app, connect your mailbox, or send them through the API.',
    ],
    [
      'Check only what needs you',
      'Every value is marked where it was read. Only a flagged or unconfirmed field asks for a look, with its reason in words.',
    ],
    [
      'Export',
      'DATEV, 1C, XRechnung, Peppol, FatturaPA or Factur-X files, or JSON from the API, for your bookkeeping.',
    ],
  ],
  plansTitle: 'Plans for the web app',
  plansLead:
    'Reading in the browser: e-invoices, QR bills and text PDFs are free on every plan; a plan adds scanned invoices each month or year.',
  perMonth: 'a month',
  orPerYear: (price) => `or ${price} a year`,
  chargedIn: (charged) => `Charged in roubles: ${charged}, at the service’s rate.`,
  choose: 'Choose',
  apiTitle: 'The API: pay per scanned page',
  currency: 'Prices in',
};

const de: OfferTexts = {
  skip: 'Zum Inhalt springen',
  navReads: 'Was er liest',
  navPrices: 'Preise',
  navTry: 'Ausprobieren',
  cta: 'Kostenlos starten',
  ctaNote: 'Ohne Karte. E-Rechnungen, QR-Rechnungen und Text-PDFs sind in jedem Tarif kostenlos.',
  tryCta: 'Mit einer E-Rechnung ausprobieren',
  pictureAlt:
    'Die Prüfansicht: eine Rechnungsseite, auf der jeder gelesene Wert markiert ist, daneben die Felder nach Beleg, Verkäufer, Käufer, Beträgen und Zahlung; eine USt-IdNr. mit falscher Prüfziffer ist mit Begründung markiert.',
  howTitle: 'So funktioniert es',
  how: [
    [
      'Hochladen, weiterleiten oder senden',
      'PDFs, Fotos und E-Rechnungen in die Web-App ziehen, Ihr Postfach verbinden oder über die API senden.',
    ],
    [
      'Nur prüfen, was Sie braucht',
      'Jeder Wert ist dort markiert, wo er gelesen wurde. Nur markierte oder unbestätigte Felder bitten um einen Blick, mit Begründung in Worten.',
    ],
    [
      'Exportieren',
      'DATEV, 1C, XRechnung, Peppol, FatturaPA oder Factur-X – oder JSON über die API – für Ihre Buchhaltung.',
    ],
  ],
  plansTitle: 'Tarife für die Web-App',
  plansLead:
    'Lesen im Browser: E-Rechnungen, QR-Rechnungen und Text-PDFs sind in jedem Tarif kostenlos; ein Tarif bringt gescannte Rechnungen pro Monat oder Jahr.',
  perMonth: 'pro Monat',
  orPerYear: (price) => `oder ${price} pro Jahr`,
  chargedIn: (charged) => `Abgerechnet in Rubel: ${charged}, zum Kurs des Dienstes.`,
  choose: 'Wählen',
  apiTitle: 'Die API: Zahlung pro gescannter Seite',
  currency: 'Preise in',
};

const ru: OfferTexts = {
  skip: 'Перейти к содержанию',
  navReads: 'Что он читает',
  navPrices: 'Цены',
  navTry: 'Попробовать',
  cta: 'Начать бесплатно',
  ctaNote: 'Без карты. Электронные счета, QR-счета и текстовые PDF бесплатны на любом тарифе.',
  tryCta: 'Попробовать с электронным счётом',
  pictureAlt:
    'Экран проверки: страница счёта, на которой отмечено каждое прочитанное значение, рядом поля по группам — документ, продавец, покупатель, суммы, оплата; номер НДС с неверной контрольной цифрой помечен с объяснением.',
  howTitle: 'Как это работает',
  how: [
    [
      'Загрузите, перешлите или отправьте',
      'Перетащите PDF, фото и электронные счета в веб-приложение, подключите почтовый ящик или отправляйте через API.',
    ],
    [
      'Проверяйте только то, что требует внимания',
      'Каждое значение отмечено там, где оно прочитано. Внимания просят только помеченные или неподтверждённые поля — с объяснением словами.',
    ],
    [
      'Выгрузите',
      'Файлы для 1С, DATEV, XRechnung, Peppol, FatturaPA или Factur-X, или JSON через API — для вашего учёта.',
    ],
  ],
  plansTitle: 'Тарифы веб-приложения',
  plansLead:
    'Чтение в браузере: электронные счета, QR-счета и текстовые PDF бесплатны на любом тарифе; тариф добавляет сканированные счета на месяц или год.',
  perMonth: 'в месяц',
  orPerYear: (price) => `или ${price} в год`,
  chargedIn: (charged) => `Оплата в рублях: ${charged}, по курсу сервиса.`,
  choose: 'Выбрать',
  apiTitle: 'API: оплата за отсканированную страницу',
  currency: 'Цены в',
};

const it: OfferTexts = {
  skip: 'Vai al contenuto',
  navReads: 'Cosa legge',
  navPrices: 'Prezzi',
  navTry: 'Prova',
  cta: 'Inizia gratis',
  ctaNote: 'Senza carta. Fatture elettroniche, bollettini QR e PDF di testo sono gratis con ogni piano.',
  tryCta: 'Prova con una fattura elettronica',
  pictureAlt:
    'La schermata di verifica: una pagina di fattura con ogni valore letto segnato sulla pagina, accanto i campi per documento, venditore, acquirente, importi e pagamento; una partita IVA con cifra di controllo errata è segnalata con il motivo.',
  howTitle: 'Come funziona',
  how: [
    [
      'Carica, inoltra o invia',
      'Trascina PDF, foto e fatture elettroniche nell’app web, collega la tua casella di posta o inviale tramite l’API.',
    ],
    [
      'Controlla solo ciò che serve',
      'Ogni valore è segnato dove è stato letto. Solo un campo segnalato o non confermato chiede un’occhiata, con il motivo a parole.',
    ],
    [
      'Esporta',
      'File FatturaPA, DATEV, 1C, XRechnung, Peppol o Factur-X, oppure JSON dall’API, per la tua contabilità.',
    ],
  ],
  plansTitle: 'Piani per l’app web',
  plansLead:
    'Lettura nel browser: fatture elettroniche, bollettini QR e PDF di testo sono gratis con ogni piano; un piano aggiunge fatture scansionate al mese o all’anno.',
  perMonth: 'al mese',
  orPerYear: (price) => `oppure ${price} all’anno`,
  chargedIn: (charged) => `Addebitato in rubli: ${charged}, al cambio del servizio.`,
  choose: 'Scegli',
  apiTitle: 'L’API: si paga per pagina scansionata',
  currency: 'Prezzi in',
};

export const OFFER_TEXTS: Record<Lang, OfferTexts> = { de, en, ru, it };
