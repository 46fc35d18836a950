// The payment provider guide (GET /api/v1/guide/provider): what a business needs to register
// with a card payment provider, and ready texts for its forms, in de, en, ru or it. Built from the
// query alone: no network, no stored data.
import { type Lang, langOf } from '../auth/texts.js';

export interface GuideInput {
  country: string;
  currency: string;
  business: string;
  name: string;
  email: string;
  lang: string;
}

const CHECKLIST: Record<Lang, string[]> = {
  en: [
    'Company registration details (legal name, registration number, address)',
    'Tax or VAT identification number',
    'A business bank account in the currency you will be paid in',
    'A website page describing what you sell, with prices',
    'Terms of service, a refund policy and a privacy policy on your website',
    'Contact details for customers: an e-mail address and a postal address',
    'Identity document of the company director or owner',
  ],
  de: [
    'Angaben zur Firma (Name, Registernummer, Anschrift)',
    'Steuernummer oder USt-IdNr.',
    'Ein Geschäftskonto in der Währung, in der Sie bezahlt werden',
    'Eine Seite Ihrer Website, die Ihr Angebot mit Preisen beschreibt',
    'AGB, Widerrufs-/Erstattungsregeln und Datenschutzerklärung auf Ihrer Website',
    'Kontaktdaten für Kunden: E-Mail-Adresse und Postanschrift',
    'Ausweisdokument der Geschäftsführung oder des Inhabers',
  ],
  ru: [
    'Реквизиты организации (наименование, ОГРН/ИНН, адрес)',
    'ИНН и КПП (или ИНН индивидуального предпринимателя)',
    'Расчётный счёт в рублях',
    'Страница сайта с описанием услуг и ценами',
    'Оферта, условия возврата и политика конфиденциальности на сайте',
    'Контакты для покупателей: e-mail и почтовый адрес',
    'Паспорт руководителя или владельца',
  ],
  it: [
    "Dati dell'azienda (ragione sociale, numero REA, indirizzo)",
    'Partita IVA e codice fiscale',
    'Un conto aziendale nella valuta in cui riceverai i pagamenti',
    'Una pagina del sito che descrive ciò che vendi, con i prezzi',
    'Condizioni di servizio, politica di rimborso e informativa privacy sul sito',
    'Contatti per i clienti: indirizzo e-mail e indirizzo postale',
    "Documento d'identità dell'amministratore o del titolare",
  ],
};

const TEXTS: Record<Lang, (b: string, n: string, e: string) => Record<string, string>> = {
  en: (b, n, e) => ({
    business_description: `${b} sells a software service that reads received invoices (PDF, images, e-invoices) and returns their data for bookkeeping. Customers pay for plans monthly or yearly, or prepay for scanned pages.`,
    refund_policy: `${b} refunds a payment in full within 14 days when the service was not used. Write to ${e}.`,
    contact: `${n}, ${b}, ${e}`,
  }),
  de: (b, n, e) => ({
    business_description: `${b} bietet einen Software-Dienst an, der eingegangene Rechnungen (PDF, Bilder, E-Rechnungen) ausliest und ihre Daten für die Buchhaltung liefert. Kunden zahlen Tarife monatlich oder jährlich oder zahlen gescannte Seiten im Voraus.`,
    refund_policy: `${b} erstattet eine Zahlung innerhalb von 14 Tagen vollständig, wenn der Dienst nicht genutzt wurde. Schreiben Sie an ${e}.`,
    contact: `${n}, ${b}, ${e}`,
  }),
  ru: (b, n, e) => ({
    business_description: `${b} предоставляет программный сервис, который распознаёт полученные счета (PDF, изображения, электронные счета) и передаёт их данные для бухгалтерии. Клиенты оплачивают тарифы помесячно или за год либо вносят предоплату за страницы сканов.`,
    refund_policy: `${b} возвращает оплату полностью в течение 14 дней, если сервис не использовался. Пишите на ${e}.`,
    contact: `${n}, ${b}, ${e}`,
  }),
  it: (b, n, e) => ({
    business_description: `${b} offre un servizio software che legge le fatture ricevute (PDF, immagini, fatture elettroniche) e ne restituisce i dati per la contabilità. I clienti pagano piani mensili o annuali, oppure prepagano le pagine scansionate.`,
    refund_policy: `${b} rimborsa integralmente un pagamento entro 14 giorni se il servizio non è stato utilizzato. Scrivi a ${e}.`,
    contact: `${n}, ${b}, ${e}`,
  }),
};

const PLACEHOLDER: Record<Lang, { business: string; name: string; email: string }> = {
  en: { business: 'Your company', name: 'Your name', email: 'billing@your-company.example' },
  de: { business: 'Ihre Firma', name: 'Ihr Name', email: 'rechnung@ihre-firma.example' },
  ru: { business: 'Ваша компания', name: 'Ваше имя', email: 'billing@your-company.example' },
  it: { business: 'La tua azienda', name: 'Il tuo nome', email: 'fatture@tua-azienda.example' },
};

export function providerGuide(q: GuideInput) {
  const lang = langOf(q.lang);
  const country = q.country.toUpperCase();
  const currency = (
    q.currency || (country === 'RU' ? 'RUB' : country === 'US' ? 'USD' : 'EUR')
  ).toUpperCase();
  const p = PLACEHOLDER[lang];
  return {
    ok: true as const,
    lang,
    country,
    currency,
    // The provider the service has an adapter for (decisions §15).
    provider: 'CloudPayments',
    checklist: CHECKLIST[lang],
    texts: TEXTS[lang](q.business || p.business, q.name || p.name, q.email || p.email),
  };
}
