// The words of letters: a request to the seller for a corrected invoice, in the invoice's language
// (de, en, it, ru, fr), naming each field that failed a check or could not be confirmed, with the
// value read and why. Plain text; the sending queue adds the HTML part with the tracking picture.

export type LetterLang = 'de' | 'en' | 'it' | 'ru' | 'fr';

interface Words {
  subject: (invoiceNo: string) => string;
  greeting: string;
  lead: (invoiceNo: string, date: string) => string;
  noFields: string;
  ask: string;
  closing: string;
  missing: string;
  fields: Record<string, string>;
  flags: Record<string, string>;
}

const WORDS: Record<LetterLang, Words> = {
  de: {
    subject: (n) => `Bitte um korrigierte Rechnung ${n}`.trim(),
    greeting: 'Sehr geehrte Damen und Herren,',
    lead: (n, d) =>
      `bei der Prüfung Ihrer Rechnung ${n}${d ? ` vom ${d}` : ''} sind uns folgende Angaben aufgefallen:`,
    noFields: 'Einige Angaben der Rechnung konnten wir nicht bestätigen.',
    ask: 'Bitte senden Sie uns eine korrigierte Rechnung. Vielen Dank.',
    closing: 'Mit freundlichen Grüßen',
    missing: 'fehlt',
    fields: {
      invoice_no: 'Rechnungsnummer',
      invoice_number: 'Rechnungsnummer',
      invoice_date: 'Rechnungsdatum',
      due_date: 'Fälligkeitsdatum',
      currency: 'Währung',
      seller_name: 'Name des Verkäufers',
      vendor_name: 'Name des Verkäufers',
      seller_address: 'Anschrift des Verkäufers',
      seller_vat_id: 'USt-IdNr. des Verkäufers',
      seller_iban: 'IBAN',
      seller_bic: 'BIC',
      buyer_name: 'Name des Käufers',
      net_amount: 'Nettobetrag',
      vat_amount: 'Umsatzsteuer',
      gross_amount: 'Bruttobetrag',
    },
    flags: {
      sum_mismatch: 'die Beträge ergeben nicht die Summe',
      iban_checksum: 'die Prüfziffer der IBAN stimmt nicht',
      iban_format: 'die IBAN ist nicht gültig',
      not_an_iban: 'die IBAN ist nicht gültig',
      bic_format: 'die BIC ist nicht gültig',
      vat_id_checksum: 'die Prüfziffer der USt-IdNr. stimmt nicht',
      vat_id_format: 'die USt-IdNr. ist nicht gültig',
      date_implausible: 'das Datum ist unplausibel',
      due_before_issue: 'die Fälligkeit liegt vor dem Rechnungsdatum',
      low_confidence: 'nicht eindeutig lesbar',
      conflicting_candidates: 'widersprüchliche Angaben',
    },
  },
  en: {
    subject: (n) => `Request for a corrected invoice ${n}`.trim(),
    greeting: 'Dear Sir or Madam,',
    lead: (n, d) => `while checking your invoice ${n}${d ? ` of ${d}` : ''} we noticed the following:`,
    noFields: 'We could not confirm some details of the invoice.',
    ask: 'Please send us a corrected invoice. Thank you.',
    closing: 'Kind regards',
    missing: 'missing',
    fields: {
      invoice_no: 'Invoice number',
      invoice_number: 'Invoice number',
      invoice_date: 'Invoice date',
      due_date: 'Due date',
      currency: 'Currency',
      seller_name: "Seller's name",
      vendor_name: "Seller's name",
      seller_address: "Seller's address",
      seller_vat_id: "Seller's VAT ID",
      seller_iban: 'IBAN',
      seller_bic: 'BIC',
      buyer_name: "Buyer's name",
      net_amount: 'Net amount',
      vat_amount: 'VAT amount',
      gross_amount: 'Total amount',
      seller_inn: "Seller's INN",
      seller_kpp: "Seller's KPP",
      buyer_inn: "Buyer's INN",
      seller_account: 'Account number',
      seller_bik: 'BIK',
    },
    flags: {
      sum_mismatch: 'the amounts do not add up',
      iban_checksum: 'the IBAN check digits do not match',
      iban_format: 'the IBAN is not valid',
      not_an_iban: 'the IBAN is not valid',
      bic_format: 'the BIC is not valid',
      vat_id_checksum: 'the VAT ID check digit does not match',
      vat_id_format: 'the VAT ID is not valid',
      date_implausible: 'the date is implausible',
      due_before_issue: 'the due date is before the invoice date',
      low_confidence: 'not clearly legible',
      conflicting_candidates: 'conflicting values',
      inn_checksum: 'the INN check digits do not match',
      kpp_format: 'the KPP is not valid',
      bik_format: 'the BIK is not valid',
      account_checksum: 'the account number does not match the BIK',
    },
  },
  it: {
    subject: (n) => `Richiesta di fattura corretta ${n}`.trim(),
    greeting: 'Gentili Signori,',
    lead: (n, d) => `controllando la Vostra fattura ${n}${d ? ` del ${d}` : ''} abbiamo notato quanto segue:`,
    noFields: 'Non abbiamo potuto confermare alcuni dati della fattura.',
    ask: 'Vi preghiamo di inviarci una fattura corretta. Grazie.',
    closing: 'Cordiali saluti',
    missing: 'mancante',
    fields: {
      invoice_no: 'Numero fattura',
      invoice_number: 'Numero fattura',
      invoice_date: 'Data fattura',
      due_date: 'Data di scadenza',
      currency: 'Valuta',
      seller_name: 'Nome del fornitore',
      vendor_name: 'Nome del fornitore',
      seller_address: 'Indirizzo del fornitore',
      seller_vat_id: 'Partita IVA del fornitore',
      seller_iban: 'IBAN',
      seller_bic: 'BIC',
      buyer_name: 'Nome del cliente',
      net_amount: 'Imponibile',
      vat_amount: 'IVA',
      gross_amount: 'Totale',
    },
    flags: {
      sum_mismatch: 'gli importi non tornano',
      iban_checksum: "le cifre di controllo dell'IBAN non corrispondono",
      iban_format: "l'IBAN non è valido",
      not_an_iban: "l'IBAN non è valido",
      bic_format: 'il BIC non è valido',
      vat_id_checksum: 'la cifra di controllo della partita IVA non corrisponde',
      vat_id_format: 'la partita IVA non è valida',
      date_implausible: 'la data non è plausibile',
      due_before_issue: 'la scadenza precede la data della fattura',
      low_confidence: 'non chiaramente leggibile',
      conflicting_candidates: 'valori contrastanti',
    },
  },
  ru: {
    subject: (n) => `Просьба прислать исправленный счёт ${n}`.trim(),
    greeting: 'Добрый день!',
    lead: (n, d) => `при проверке вашего счёта ${n}${d ? ` от ${d}` : ''} мы обнаружили следующее:`,
    noFields: 'Некоторые реквизиты счёта нам не удалось подтвердить.',
    ask: 'Пожалуйста, пришлите исправленный счёт. Спасибо.',
    closing: 'С уважением',
    missing: 'отсутствует',
    fields: {
      invoice_no: 'Номер счёта',
      invoice_number: 'Номер счёта',
      invoice_date: 'Дата счёта',
      due_date: 'Срок оплаты',
      currency: 'Валюта',
      seller_name: 'Поставщик',
      vendor_name: 'Поставщик',
      net_amount: 'Сумма без НДС',
      vat_amount: 'НДС',
      gross_amount: 'Итого',
      seller_inn: 'ИНН поставщика',
      seller_kpp: 'КПП поставщика',
      buyer_inn: 'ИНН покупателя',
      seller_account: 'Расчётный счёт',
      seller_bik: 'БИК',
    },
    flags: {
      sum_mismatch: 'суммы не сходятся',
      inn_checksum: 'не сходится контрольное число ИНН',
      kpp_format: 'КПП указан неверно',
      bik_format: 'БИК указан неверно',
      account_checksum: 'расчётный счёт не соответствует БИК',
      date_implausible: 'дата неправдоподобна',
      due_before_issue: 'срок оплаты раньше даты счёта',
      low_confidence: 'читается неразборчиво',
      conflicting_candidates: 'противоречивые значения',
    },
  },
  fr: {
    subject: (n) => `Demande de facture rectifiée ${n}`.trim(),
    greeting: 'Madame, Monsieur,',
    lead: (n, d) =>
      `en vérifiant votre facture ${n}${d ? ` du ${d}` : ''}, nous avons relevé les points suivants :`,
    noFields: "Nous n'avons pas pu confirmer certaines mentions de la facture.",
    ask: 'Merci de nous faire parvenir une facture rectifiée.',
    closing: 'Cordialement',
    missing: 'manquant',
    fields: {
      invoice_no: 'Numéro de facture',
      invoice_number: 'Numéro de facture',
      invoice_date: 'Date de facture',
      due_date: "Date d'échéance",
      currency: 'Devise',
      seller_name: 'Nom du fournisseur',
      vendor_name: 'Nom du fournisseur',
      seller_address: 'Adresse du fournisseur',
      seller_vat_id: 'N° TVA du fournisseur',
      seller_iban: 'IBAN',
      seller_bic: 'BIC',
      buyer_name: "Nom de l'acheteur",
      net_amount: 'Montant HT',
      vat_amount: 'TVA',
      gross_amount: 'Montant TTC',
    },
    flags: {
      sum_mismatch: 'les montants ne concordent pas',
      iban_checksum: "la clé de contrôle de l'IBAN ne correspond pas",
      iban_format: "l'IBAN n'est pas valide",
      not_an_iban: "l'IBAN n'est pas valide",
      bic_format: "le BIC n'est pas valide",
      vat_id_checksum: 'la clé du n° TVA ne correspond pas',
      vat_id_format: "le n° TVA n'est pas valide",
      date_implausible: 'la date est invraisemblable',
      due_before_issue: "l'échéance précède la date de facture",
      low_confidence: 'peu lisible',
      conflicting_candidates: 'valeurs contradictoires',
    },
  },
};

/** An ISO date as the letter's language writes it (a person reads the letter, not a program). */
export function localDate(lang: LetterLang, iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const [, y, mo, d] = m;
  if (lang === 'en') return iso;
  return lang === 'it' || lang === 'fr' ? `${d}/${mo}/${y}` : `${d}.${mo}.${y}`;
}

export const LETTER_LANGS = Object.keys(WORDS) as LetterLang[];

export interface FieldIssue {
  key: string;
  value: string;
  status: string;
  flags: string[];
}

export interface LetterText {
  subject: string;
  text: string;
}

export function correctionRequest(
  lang: LetterLang,
  invoice: { number: string; date: string },
  issues: FieldIssue[],
  note: string | undefined,
): LetterText {
  const w = WORDS[lang];
  const lines = issues.map((i) => {
    const label = w.fields[i.key] ?? WORDS.en.fields[i.key] ?? i.key;
    const why = i.flags.map((f) => w.flags[f] ?? WORDS.en.flags[f] ?? f).join('; ');
    const value = i.value ? `"${i.value}"` : w.missing;
    return `- ${label}: ${value}${why ? ` (${why})` : ''}`;
  });
  const paragraphs = [
    w.greeting,
    lines.length
      ? `${w.lead(invoice.number, localDate(lang, invoice.date))}\n\n${lines.join('\n')}`
      : w.noFields,
    ...(note?.trim() ? [note.trim()] : []),
    w.ask,
    w.closing,
  ];
  return { subject: w.subject(invoice.number), text: `${paragraphs.join('\n\n')}\n` };
}
