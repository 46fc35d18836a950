// The fill-in step of an export: each value a format asks for and the invoice lacks, when a
// person can give it, described as a form field (its label and where to find it, in the person's
// language; the kind of value; the choices). The values given are kept with the job as edits
// (the engine's applyFieldEdits), so the next export of the job needs nothing.
import { DOCUMENT_TERMS, isDocumentTerm, PAYMENT_MEANS } from '@invoice-reader/engine';
import type { Refusal } from './input.js';

export const FILL_IN_LANGS = ['en', 'de', 'ru', 'it'] as const;
export type FillInLang = (typeof FILL_IN_LANGS)[number];

export type FillInKind =
  | 'text'
  | 'email'
  | 'phone'
  | 'country'
  | 'electronic_address'
  | 'vat_id'
  | 'payment_means'
  | 'date'
  | 'amount'
  | 'currency'
  | 'iban';

/** One field of the fill-in form. */
export interface FillInField {
  key: string;
  /** The EN 16931 business term, where it has one. */
  term: string;
  kind: FillInKind;
  label: string;
  /** Where to find the value (on the invoice, or with whom). */
  hint: string;
  options?: Array<{ value: string; label: string }>;
}

type Texts = Record<FillInLang, [label: string, hint: string]>;

const ON_INVOICE: Record<FillInLang, string> = {
  en: 'printed on the invoice',
  de: 'steht auf der Rechnung',
  ru: 'указано в счёте',
  it: 'indicato sulla fattura',
};
const seen = (lang: FillInLang, where: string) => `${where} (${ON_INVOICE[lang]})`;

/** Label and hint per key and language; the hint says where a person finds the value. */
const TEXTS: Record<string, Texts> = {
  buyer_reference: {
    en: [
      'Buyer reference (Leitweg-ID)',
      "Your reference for the seller: a public body's Leitweg-ID, or the reference your business gave the seller",
    ],
    de: [
      'Käuferreferenz (Leitweg-ID)',
      'Ihre Referenz für den Verkäufer: die Leitweg-ID einer Behörde oder die Referenz, die Ihr Unternehmen dem Verkäufer gab',
    ],
    ru: [
      'Референс покупателя (Leitweg-ID)',
      'Ваш референс для продавца: Leitweg-ID госзаказчика или референс, который ваша организация дала продавцу',
    ],
    it: [
      'Riferimento acquirente (Leitweg-ID)',
      'Il vostro riferimento per il venditore: il Leitweg-ID di un ente pubblico o il riferimento dato al venditore',
    ],
  },
  order_reference: {
    en: ['Order number', 'Your purchase order number, as on the order you sent'],
    de: ['Bestellnummer', 'Ihre Bestellnummer, wie auf Ihrer Bestellung'],
    ru: ['Номер заказа', 'Номер вашего заказа, как в отправленном заказе'],
    it: ["Numero d'ordine", "Il numero del vostro ordine d'acquisto"],
  },
  seller_contact_name: {
    en: ['Seller contact person', 'The letterhead or footer: a name or department of the seller to contact'],
    de: ['Ansprechpartner des Verkäufers', 'Briefkopf oder Fußzeile: Name oder Abteilung beim Verkäufer'],
    ru: ['Контактное лицо продавца', 'Шапка или нижний колонтитул счёта: имя или отдел продавца'],
    it: ['Referente del venditore', 'Intestazione o piè di pagina: nome o ufficio del venditore'],
  },
  seller_contact_phone: {
    en: ['Seller telephone', 'The letterhead or footer: the seller’s telephone number'],
    de: ['Telefon des Verkäufers', 'Briefkopf oder Fußzeile: Telefonnummer des Verkäufers'],
    ru: ['Телефон продавца', 'Шапка или нижний колонтитул счёта: телефон продавца'],
    it: ['Telefono del venditore', 'Intestazione o piè di pagina: il telefono del venditore'],
  },
  seller_contact_email: {
    en: ['Seller e-mail', 'The letterhead or footer: the seller’s e-mail address'],
    de: ['E-Mail des Verkäufers', 'Briefkopf oder Fußzeile: E-Mail-Adresse des Verkäufers'],
    ru: ['E-mail продавца', 'Шапка или нижний колонтитул счёта: e-mail продавца'],
    it: ['E-mail del venditore', "Intestazione o piè di pagina: l'e-mail del venditore"],
  },
  seller_electronic_address: {
    en: [
      'Seller electronic address',
      'Where the seller receives e-invoices: an e-mail address, or scheme:id such as its Peppol ID (e.g. 0088:4000001000005); Peppol takes only the latter',
    ],
    de: [
      'Elektronische Adresse des Verkäufers',
      'Wo der Verkäufer E-Rechnungen empfängt: E-Mail-Adresse oder Schema:Kennung wie seine Peppol-ID (z. B. 0088:4000001000005); Peppol nimmt nur Letzteres',
    ],
    ru: [
      'Электронный адрес продавца',
      'Куда продавец принимает электронные счета: e-mail или схема:идентификатор, например его Peppol ID (0088:4000001000005); Peppol принимает только второе',
    ],
    it: [
      'Indirizzo elettronico del venditore',
      'Dove il venditore riceve le fatture elettroniche: e-mail o schema:codice come il suo ID Peppol (es. 0088:4000001000005); Peppol accetta solo il secondo',
    ],
  },
  seller_city: {
    en: ['Seller city', 'The seller’s address in the letterhead'],
    de: ['Ort des Verkäufers', 'Anschrift des Verkäufers im Briefkopf'],
    ru: ['Город продавца', 'Адрес продавца в шапке счёта'],
    it: ['Città del venditore', "L'indirizzo del venditore nell'intestazione"],
  },
  seller_postcode: {
    en: ['Seller post code', 'The seller’s address in the letterhead'],
    de: ['Postleitzahl des Verkäufers', 'Anschrift des Verkäufers im Briefkopf'],
    ru: ['Индекс продавца', 'Адрес продавца в шапке счёта'],
    it: ['CAP del venditore', "L'indirizzo del venditore nell'intestazione"],
  },
  seller_country: {
    en: ['Seller country (e.g. DE)', 'The seller’s address, or the first two letters of its VAT id'],
    de: [
      'Land des Verkäufers (z. B. DE)',
      'Anschrift des Verkäufers oder die ersten zwei Buchstaben seiner USt-IdNr.',
    ],
    ru: ['Страна продавца (например, DE)', 'Адрес продавца или первые две буквы его номера НДС'],
    it: [
      'Paese del venditore (es. IT)',
      "L'indirizzo del venditore o le prime due lettere della sua partita IVA",
    ],
  },
  seller_vat_id: {
    en: ['Seller VAT id', 'Near the seller’s address or in the footer, e.g. DE123456789'],
    de: [
      'USt-IdNr. des Verkäufers',
      'Bei der Anschrift des Verkäufers oder in der Fußzeile, z. B. DE123456789',
    ],
    ru: ['Номер НДС продавца', 'Рядом с адресом продавца или в нижнем колонтитуле, например DE123456789'],
    it: [
      'Partita IVA del venditore',
      "Vicino all'indirizzo del venditore o nel piè di pagina, es. IT01234567890",
    ],
  },
  buyer_name: {
    en: ['Buyer name', 'Your business’s name, as in the address window'],
    de: ['Name des Käufers', 'Name Ihres Unternehmens, wie im Adressfeld'],
    ru: ['Наименование покупателя', 'Название вашей организации, как в адресе получателя'],
    it: ["Nome dell'acquirente", "Il nome della vostra impresa, come nell'indirizzo"],
  },
  buyer_vat_id: {
    en: ['Buyer VAT id', 'Your business’s VAT id, e.g. DE123456789'],
    de: ['USt-IdNr. des Käufers', 'USt-IdNr. Ihres Unternehmens, z. B. DE123456789'],
    ru: ['Номер НДС покупателя', 'Номер НДС вашей организации, например DE123456789'],
    it: ["Partita IVA dell'acquirente", 'La partita IVA della vostra impresa'],
  },
  buyer_electronic_address: {
    en: [
      'Buyer electronic address',
      'Where your business receives e-invoices: an e-mail address, a Leitweg-ID, or scheme:id such as your Peppol ID (e.g. 9930:DE123456789); Peppol takes only the latter two',
    ],
    de: [
      'Elektronische Adresse des Käufers',
      'Wo Ihr Unternehmen E-Rechnungen empfängt: E-Mail-Adresse, Leitweg-ID oder Schema:Kennung wie Ihre Peppol-ID (z. B. 9930:DE123456789); Peppol nimmt nur die letzten beiden',
    ],
    ru: [
      'Электронный адрес покупателя',
      'Куда ваша организация принимает электронные счета: e-mail, Leitweg-ID или схема:идентификатор, например ваш Peppol ID (9930:DE123456789); Peppol принимает только два последних',
    ],
    it: [
      "Indirizzo elettronico dell'acquirente",
      'Dove la vostra impresa riceve le fatture elettroniche: e-mail, Leitweg-ID o schema:codice come il vostro ID Peppol (es. 9930:DE123456789); Peppol accetta solo gli ultimi due',
    ],
  },
  buyer_street: {
    en: ['Buyer street', 'Your business’s address, as in the address window'],
    de: ['Straße des Käufers', 'Anschrift Ihres Unternehmens, wie im Adressfeld'],
    ru: ['Улица покупателя', 'Адрес вашей организации, как в адресе получателя'],
    it: ["Via dell'acquirente", "L'indirizzo della vostra impresa"],
  },
  buyer_city: {
    en: ['Buyer city', 'Your business’s address, as in the address window'],
    de: ['Ort des Käufers', 'Anschrift Ihres Unternehmens, wie im Adressfeld'],
    ru: ['Город покупателя', 'Адрес вашей организации, как в адресе получателя'],
    it: ["Città dell'acquirente", "L'indirizzo della vostra impresa"],
  },
  buyer_postcode: {
    en: ['Buyer post code', 'Your business’s address, as in the address window'],
    de: ['Postleitzahl des Käufers', 'Anschrift Ihres Unternehmens, wie im Adressfeld'],
    ru: ['Индекс покупателя', 'Адрес вашей организации, как в адресе получателя'],
    it: ["CAP dell'acquirente", "L'indirizzo della vostra impresa"],
  },
  buyer_country: {
    en: ['Buyer country (e.g. DE)', 'Your business’s country'],
    de: ['Land des Käufers (z. B. DE)', 'Land Ihres Unternehmens'],
    ru: ['Страна покупателя (например, DE)', 'Страна вашей организации'],
    it: ["Paese dell'acquirente (es. IT)", 'Il paese della vostra impresa'],
  },
  preceding_invoice: {
    en: [
      'Invoice corrected',
      'The number of the invoice this credit note corrects: your records, or the seller',
    ],
    de: [
      'Korrigierte Rechnung',
      'Nummer der Rechnung, die diese Gutschrift korrigiert: Ihre Unterlagen oder der Verkäufer',
    ],
    ru: [
      'Исправляемый счёт',
      'Номер счёта, к которому относится этот корректировочный документ: ваши записи или продавец',
    ],
    it: [
      'Fattura rettificata',
      'Il numero della fattura che questa nota di credito rettifica: i vostri archivi o il venditore',
    ],
  },
  delivery_city: {
    en: ['Deliver-to city', 'Where the goods were delivered or the service done: the delivery address'],
    de: ['Ort der Lieferanschrift', 'Wohin geliefert oder wo geleistet wurde: die Lieferanschrift'],
    ru: ['Город доставки', 'Куда доставлен товар или где оказана услуга: адрес доставки'],
    it: ['Città di consegna', "Dove è stata fatta la consegna o la prestazione: l'indirizzo di consegna"],
  },
  delivery_postcode: {
    en: ['Deliver-to post code', 'Where the goods were delivered or the service done: the delivery address'],
    de: ['Postleitzahl der Lieferanschrift', 'Wohin geliefert oder wo geleistet wurde: die Lieferanschrift'],
    ru: ['Индекс адреса доставки', 'Куда доставлен товар или где оказана услуга: адрес доставки'],
    it: ['CAP di consegna', "Dove è stata fatta la consegna o la prestazione: l'indirizzo di consegna"],
  },
  card_network: {
    en: ['Card network (e.g. VISA)', 'The card the invoice was paid with: its network'],
    de: ['Kartennetz (z. B. VISA)', 'Die Karte, mit der bezahlt wurde: ihr Netz'],
    ru: ['Платёжная система карты (например, VISA)', 'Карта, которой оплачен счёт: её платёжная система'],
    it: ['Circuito della carta (es. VISA)', 'La carta con cui è stata pagata la fattura: il suo circuito'],
  },
  payment_means: {
    en: [
      'Payment means',
      'How the invoice is to be paid: the payment section (a bank account means a transfer)',
    ],
    de: [
      'Zahlungsart',
      'Wie die Rechnung zu zahlen ist: Zahlungsangaben (eine Bankverbindung heißt Überweisung)',
    ],
    ru: ['Способ оплаты', 'Как оплатить счёт: платёжные реквизиты (банковский счёт означает перевод)'],
    it: [
      'Modalità di pagamento',
      'Come pagare la fattura: i dati di pagamento (un conto bancario indica un bonifico)',
    ],
  },
  payment_terms: {
    en: ['Payment terms', 'The payment terms, e.g. “30 days net”'],
    de: ['Zahlungsbedingungen', 'Die Zahlungsbedingungen, z. B. „30 Tage netto“'],
    ru: ['Условия оплаты', 'Условия оплаты, например «30 дней»'],
    it: ['Condizioni di pagamento', 'Le condizioni di pagamento, es. «30 giorni»'],
  },
  creditor_id: {
    en: [
      'Creditor identifier (direct debit)',
      'Near the direct debit notice, by “Creditor ID”, e.g. DE98ZZZ09999999999',
    ],
    de: [
      'Gläubiger-ID (Lastschrift)',
      'Beim Lastschrifthinweis, bei „Gläubiger-ID“, z. B. DE98ZZZ09999999999',
    ],
    ru: [
      'Идентификатор кредитора (прямое дебетование)',
      'Рядом с указанием о списании, «Creditor ID», например DE98ZZZ09999999999',
    ],
    it: [
      'Identificativo del creditore (addebito diretto)',
      "Vicino all'avviso di addebito, «Creditor ID», es. IT66ZZZA1B2C3D4E5F6",
    ],
  },
  mandate_reference: {
    en: ['Mandate reference (direct debit)', 'Near the direct debit notice, by “Mandate reference”'],
    de: ['Mandatsreferenz (Lastschrift)', 'Beim Lastschrifthinweis, bei „Mandatsreferenz“'],
    ru: ['Номер мандата (прямое дебетование)', 'Рядом с указанием о списании, «Mandate reference»'],
    it: [
      'Riferimento del mandato (addebito diretto)',
      "Vicino all'avviso di addebito, «Riferimento mandato»",
    ],
  },
  seller_legal_id: {
    en: ['Seller registration number', 'The footer: the seller’s company register number'],
    de: ['Registernummer des Verkäufers', 'Fußzeile: Handelsregisternummer des Verkäufers'],
    ru: ['Регистрационный номер продавца', 'Нижний колонтитул: регистрационный номер продавца'],
    it: [
      'Numero di registrazione del venditore',
      'Il piè di pagina: il numero REA o di registro del venditore',
    ],
  },
  invoice_no: {
    en: ['Invoice number', 'Near the top, by “Invoice no.”'],
    de: ['Rechnungsnummer', 'Oben, bei „Rechnungsnummer“'],
    ru: ['Номер счёта', 'Вверху, рядом со словом «Счёт №»'],
    it: ['Numero fattura', 'In alto, accanto a «Fattura n.»'],
  },
  invoice_date: {
    en: ['Invoice date', 'Near the top, by “Date”'],
    de: ['Rechnungsdatum', 'Oben, bei „Datum“'],
    ru: ['Дата счёта', 'Вверху, рядом с номером счёта'],
    it: ['Data fattura', 'In alto, accanto a «Data»'],
  },
  due_date: {
    en: ['Due date', 'The payment terms: the date by which to pay'],
    de: ['Fälligkeitsdatum', 'Zahlungsbedingungen: zahlbar bis'],
    ru: ['Срок оплаты', 'Условия оплаты: дата, до которой оплатить'],
    it: ['Data di scadenza', 'Le condizioni di pagamento: la data entro cui pagare'],
  },
  currency: {
    en: ['Currency (e.g. EUR)', 'Beside the amounts'],
    de: ['Währung (z. B. EUR)', 'Bei den Beträgen'],
    ru: ['Валюта (например, EUR)', 'Рядом с суммами'],
    it: ['Valuta (es. EUR)', 'Accanto agli importi'],
  },
  seller_name: {
    en: ['Seller name', 'The letterhead'],
    de: ['Name des Verkäufers', 'Briefkopf'],
    ru: ['Наименование продавца', 'Шапка счёта'],
    it: ['Nome del venditore', "L'intestazione"],
  },
  net_amount: {
    en: ['Total without VAT', 'The totals block'],
    de: ['Nettobetrag', 'Summenblock'],
    ru: ['Сумма без НДС', 'Итоговые суммы'],
    it: ['Imponibile', 'Il riepilogo degli importi'],
  },
  gross_amount: {
    en: ['Total with VAT', 'The totals block'],
    de: ['Bruttobetrag', 'Summenblock'],
    ru: ['Сумма с НДС', 'Итоговые суммы'],
    it: ['Totale documento', 'Il riepilogo degli importi'],
  },
  seller_iban: {
    en: ['Seller IBAN', 'The payment section or footer'],
    de: ['IBAN des Verkäufers', 'Zahlungsangaben oder Fußzeile'],
    ru: ['IBAN продавца', 'Платёжные реквизиты'],
    it: ['IBAN del venditore', 'I dati di pagamento o il piè di pagina'],
  },
};
TEXTS.invoice_number = TEXTS.invoice_no!;
TEXTS.vendor_name = TEXTS.seller_name!;

/** Whether the hint says the value is printed on the invoice (a seller-side value). */
const PRINTED = new Set([
  'creditor_id',
  'mandate_reference',
  'seller_legal_id',
  'seller_contact_name',
  'seller_contact_phone',
  'seller_contact_email',
  'seller_city',
  'seller_postcode',
  'seller_vat_id',
  'invoice_no',
  'invoice_number',
  'invoice_date',
  'seller_name',
  'vendor_name',
]);

const FIELD_KINDS: Record<string, FillInKind> = {
  invoice_date: 'date',
  due_date: 'date',
  net_amount: 'amount',
  gross_amount: 'amount',
  currency: 'currency',
  seller_iban: 'iban',
  seller_vat_id: 'vat_id',
};

const MEANS: Record<string, Record<FillInLang, string>> = {
  '58': { en: 'SEPA credit transfer', de: 'SEPA-Überweisung', ru: 'SEPA-перевод', it: 'Bonifico SEPA' },
  '30': { en: 'Credit transfer', de: 'Überweisung', ru: 'Банковский перевод', it: 'Bonifico' },
  '31': {
    en: 'Debit transfer',
    de: 'Lastschriftübertragung',
    ru: 'Дебетовый перевод',
    it: 'Trasferimento di addebito',
  },
  '42': {
    en: 'Payment to bank account',
    de: 'Zahlung auf Bankkonto',
    ru: 'Оплата на банковский счёт',
    it: 'Pagamento su conto',
  },
  '49': { en: 'Direct debit', de: 'Lastschrift', ru: 'Прямое дебетование', it: 'Addebito diretto' },
  '59': { en: 'SEPA direct debit', de: 'SEPA-Lastschrift', ru: 'SEPA-дебетование', it: 'Addebito SEPA' },
  '10': { en: 'Cash', de: 'Bar', ru: 'Наличные', it: 'Contanti' },
  '20': { en: 'Cheque', de: 'Scheck', ru: 'Чек', it: 'Assegno' },
  '48': { en: 'Bank card', de: 'Bankkarte', ru: 'Банковская карта', it: 'Carta bancaria' },
  '57': { en: 'Standing agreement', de: 'Dauerauftrag', ru: 'Постоянное поручение', it: 'Ordine permanente' },
  '68': {
    en: 'Online payment service',
    de: 'Online-Zahlungsdienst',
    ru: 'Онлайн-платёж',
    it: 'Servizio di pagamento online',
  },
  '97': { en: 'Clearing between partners', de: 'Verrechnung', ru: 'Взаимозачёт', it: 'Compensazione' },
  '1': { en: 'Not defined', de: 'Nicht festgelegt', ru: 'Не определён', it: 'Non definito' },
};

export const fillInLang = (lang: string | undefined): FillInLang =>
  (FILL_IN_LANGS as readonly string[]).includes(lang ?? '') ? (lang as FillInLang) : 'en';

/** The form field for `key` in `lang`; undefined for a key no one can enter here. */
export function fillInField(key: string, lang: FillInLang): FillInField | undefined {
  const texts = TEXTS[key];
  if (!texts) return undefined;
  const [label, hint] = texts[lang];
  const term = isDocumentTerm(key) ? DOCUMENT_TERMS[key]! : undefined;
  const kind = (FIELD_KINDS[key] ?? term?.kind ?? 'text') as FillInKind;
  return {
    key,
    term: term?.term ?? '',
    kind,
    label,
    hint: PRINTED.has(key) ? seen(lang, hint) : hint,
    ...(kind === 'payment_means'
      ? {
          options: PAYMENT_MEANS.map((value) => ({
            value,
            label: `${MEANS[value]?.[lang] ?? value} (${value})`,
          })),
        }
      : {}),
  };
}

/** The form for a job's refusals: one field per key a person can give, in order, once each. */
export function fillInForm(refusals: readonly Refusal[], lang: FillInLang): FillInField[] {
  const out = new Map<string, FillInField>();
  for (const r of refusals) {
    if (!r.input || out.has(r.input)) continue;
    const f = fillInField(r.input, lang);
    if (f) out.set(r.input, f);
  }
  return [...out.values()];
}
