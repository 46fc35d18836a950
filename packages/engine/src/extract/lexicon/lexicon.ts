// The multilingual lexicon of invoices, kept as data (labels.json, headings.json, words.json,
// columns.json, units.json, places.json): field labels, item-table column headings, units of quantity
// and party headings per language, month names, legal forms, generic labels and credit-note titles. This module only reads the files and flattens the languages; what the
// patterns mean is decided where they are compiled (labels.ts, party-headings.ts, dates.ts).
import columns from './columns.json' with { type: 'json' };
import headings from './headings.json' with { type: 'json' };
import labels from './labels.json' with { type: 'json' };
import places from './places.json' with { type: 'json' };
import units from './units.json' with { type: 'json' };
import words from './words.json' with { type: 'json' };

/**
 * German patterns that also take the umlauts written out, as a keyboard or a template without
 * them writes them ("Rechnungsempfaenger", "Faelligkeitsdatum", "Strasse"): ä as ae, ö as oe, ü as
 * ue, ß as ss.
 */
function withUmlautsSpelled(source: string): string {
  const spelled: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      out += source.slice(i, i + 2);
      i++;
    } else if (c === '[') {
      // A class: "[äa]" takes the spelling too; any other class stays as it is.
      const end = source.indexOf(']', i + 2);
      const body = end < 0 ? '' : source.slice(i + 1, end);
      const pair = /^([äöü])([aou])$/.exec(body);
      out += pair
        ? `(?:${pair[1]}|${spelled[pair[1]!]}|${pair[2]})`
        : source.slice(i, end < 0 ? undefined : end + 1);
      if (end < 0) break;
      i = end;
    } else out += spelled[c] ? `(?:${c}|${spelled[c]})` : c;
  }
  return out;
}

/** Patterns of one entry over every language, in the file's order, without repeats (German's
 * also with its umlauts spelled out). */
function allLanguages(byLanguage: Record<string, string[]>): string[] {
  return [
    ...new Set(
      Object.entries(byLanguage).flatMap(([lang, sources]) =>
        lang === 'de' ? sources.map(withUmlautsSpelled) : sources,
      ),
    ),
  ];
}

/** Regular-expression sources of each field's labels, all languages together. */
export function labelSources(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, byLanguage] of Object.entries(labels)) {
    if (field.startsWith('$')) continue;
    out[field] = allLanguages(byLanguage as Record<string, string[]>);
  }
  return out;
}

/** Regular-expression sources of every field's labels by language ('any' left out: no language). */
export function labelSourcesByLanguage(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [field, byLanguage] of Object.entries(labels)) {
    if (field.startsWith('$')) continue;
    for (const [lang, sources] of Object.entries(byLanguage as Record<string, string[]>)) {
      if (lang === 'any') continue;
      out.set(lang, [...(out.get(lang) ?? []), ...sources]);
    }
  }
  return out;
}

/** Regular-expression sources of the party headings by role, all languages together. A recipient's
 * heading opens a block of its own (among the others'); partyBlocks makes it the buyer's on a page
 * that heads no block as the buyer's. */
export function headingSources(): Record<'seller' | 'buyer' | 'other' | 'recipient', string[]> {
  return {
    seller: allLanguages(headings.seller),
    buyer: allLanguages(headings.buyer),
    other: [...allLanguages(headings.other), ...allLanguages(headings.recipient)],
    recipient: allLanguages(headings.recipient),
  };
}

/** Month names (lower case) and the month each names, 1-12. */
export function monthNames(): Map<string, number> {
  return new Map(
    words.months.flatMap((parts, i) =>
      parts.flatMap((part) => part.split(' ')).map((name) => [name, i + 1] as [string, number]),
    ),
  );
}

/** Month names a language reads otherwise than the general table (Croatian "listopad": October). */
export const MONTHS_OF_LANGUAGE: ReadonlyMap<string, ReadonlyMap<string, number>> = new Map(
  Object.entries(words.months_of_language as Record<string, Record<string, number>>).map(([lang, names]) => [
    lang,
    new Map(Object.entries(names)),
  ]),
);

/** Legal forms of companies as regular-expression sources (GmbH, sp. z o.o., s.r.o., ...). */
export const LEGAL_FORM_SOURCES: readonly string[] = words.legal_forms;
/** One-word labels too generic to name a field surely ("Datum", "Total", "Summa"). */
export const WEAK_LABEL_SOURCES: readonly string[] = words.weak_labels;
/** Words of a delivery address's heading ("Lieferadresse", "Ship to"): its company is the customer. */
export const DELIVERY_WORD_SOURCES: readonly string[] = words.delivery_words;
/** Titles of an invoice the customer issues for its supplier ("Self-Billing Invoice"). */
export const SELF_BILLING_SOURCES: readonly string[] = words.self_billing_titles;
/** Words of a company's registration ("SIRET", "Amtsgericht", "HRB", "KvK"). */
export const REGISTRATION_SOURCES: readonly string[] = words.registration_words;
/** Labels of a party block's lines that are neither its name nor its address ("Tel", "IBAN", "Kunden-Nr"). */
export const PARTY_BLOCK_LABEL_SOURCES: readonly string[] = words.party_block_labels;
/** Words of a company's legal mention, its share capital ("au capital de") or its registration. */
export const LEGAL_MENTION_SOURCES: readonly string[] = [...words.legal_mentions, ...REGISTRATION_SOURCES];
/** Words for "and" that may end the first line of a name wrapped over two ("… CONDUCCIONES Y"). */
export const NAME_CONJUNCTIONS: readonly string[] = words.name_conjunctions;
/** Words of a share capital after a legal form ("au capital", "con capitale"). */
export const SHARE_CAPITAL_SOURCES: readonly string[] = words.share_capital_words;
/** Titles of credit notes and invoice corrections. */
export const CREDIT_TITLE_SOURCES: readonly string[] = words.credit_titles;
/** Words a document calls itself by in its title ("Rechnung", "Invoice", "Faktura"). */
export const DOCUMENT_TITLE_SOURCES: readonly string[] = words.document_titles;
/** Words and signs for "number" before an invoice's number in its title ("Nr.", "No", "č."). */
export const NUMBER_WORD_SOURCES: readonly string[] = words.number_words;
/** The word for a page in a page counter ("Seite 1 von 2", "Page 1 of 2"). */
export const PAGE_WORD_SOURCES: readonly string[] = words.page_words;
/** The word between a letter's place and its date ("München, den", "Wrocław, dnia"). */
export const LETTER_DATE_WORD_SOURCES: readonly string[] = words.letter_date_words;
/** The word between a title's number (or its title word) and its date ("vom", "du", "dated"). */
export const TITLE_DATE_WORD_SOURCES: readonly string[] = words.title_date_words;
/** The word before an invoice's series ("Seria Z Nr. 4"): series and number are its number. */
export const SERIES_WORD_SOURCES: readonly string[] = words.series_words;
/** The words of a tax withheld from the amount to pay ("Ritenuta d'acconto 20%", "IRPF"): no VAT. */
export const WITHHOLDING_SOURCES: readonly string[] = words.withholding_words;
/** Words for the buyer, inflected, as they stand beside a VAT id's label ("Kundens CVR-nr."). */
export const BUYER_WORD_SOURCES: readonly string[] = words.buyer_words;
/** The short words VAT id labels are made of in each language ("USt", "TVA", "NIP", "DIČ"). */
export const VAT_ID_WORD_SOURCES: readonly string[] = words.vat_id_words;
/** Salutations standing alone above a recipient's name ("Herrn", "Spett.le", "Exmo.(s) Sr.(s)"). */
export const SALUTATION_SOURCES: readonly string[] = words.salutations;
/** What a form prints for a value it has not ("N/A", "nicht vorhanden"): never a name. */
export const NO_VALUE_SOURCES: readonly string[] = words.no_value_words;
/** Salutations only before a name in capitals ("M DE LATTRE ALEXIS"). */
export const CAPITAL_SALUTATION_SOURCES: readonly string[] = words.salutations_in_capitals;
/** VAT ids a country prints without their country prefix after its own VAT word ("Partita IVA
 * 12345670017", "BTW 813941155B01"): the word and the form of the id (a regular expression). Only
 * where the national number is the VAT id itself: a Polish "NIP" or a Spanish "NIF" without its
 * prefix is the tax number, left as such. */
export const VAT_IDS_WITHOUT_PREFIX: ReadonlyArray<{ country: string; label: string; form: string }> =
  words.vat_ids_without_prefix;
/** The words of an account's label ("IBAN", "Account", "Rekening"): an IBAN after one may set its
 * country apart from its check digits ("ACCOUNT BE 73 734040667560"). */
export const ACCOUNT_WORD_SOURCES: readonly string[] = words.account_words;
/** Account numbers a country prints without its IBAN's country code (a Polish NRB: 26 digits),
 * by the labels they stand under, or by their own grouping where no other number is set so
 * (`grouped`, a regular expression: the NRB's "12 3456 7890 …", two digits and six fours). */
export const NATIONAL_ACCOUNTS: ReadonlyArray<{
  country: string;
  digits: number;
  grouped?: string;
  labels: string[];
}> = words.national_accounts;
/** The word "address" as a party block's label ("Anschrift", "Adres", "Dirección"). */
export const ADDRESS_WORD_SOURCES: readonly string[] = words.address_words;
/** Words that open a contact or attention line in a party's block ("z. Hd.", "Kontaktisik"). */
export const CONTACT_WORD_SOURCES: readonly string[] = words.contact_words;
/** The labels of the customer's number ("Kundennummer", "Debiteurnummer", "N° Client"). */
export const CUSTOMER_NUMBER_SOURCES: readonly string[] = words.customer_number_words;
/** A sentence of payment terms: words of paying, and the words for "by" before (or after) its date. */
export const PAY_WORD_SOURCES: readonly string[] = words.pay_words;
/** The words opening a letter's greeting ("Sehr geehrte", "Dear"). */
export const GREETING_SOURCES: readonly string[] = words.greetings;
/** Statements that an invoice carries no VAT by law (an exemption, a reverse charge). */
export const NO_VAT_MENTION_SOURCES: readonly string[] = words.no_vat_mentions;
export const PAY_BY_SOURCES: readonly string[] = words.pay_by_words;
export const PAY_BY_AFTER_SOURCES: readonly string[] = words.pay_by_after;
/** The words that mark the net amount's date in terms that name a discount's date too ("netto bis"). */
export const NET_TERMS_SOURCES: readonly string[] = words.net_terms_words;
/** Languages whose invoices write decimals with a comma (a point only groups thousands). */
export const DECIMAL_COMMA_LANGUAGES: ReadonlySet<string> = new Set(words.decimal_comma_languages);
/** The names of the days of the week, which may open a written-out date ("Vendredi 31 août 2023"). */
export const WEEKDAY_SOURCES: readonly string[] = words.weekdays;
/** Languages whose invoices may print a date as six digits, year first ("191231"). */
export const COMPACT_DATE_LANGUAGES: ReadonlySet<string> = new Set(words.compact_date_languages);

/** Regular-expression sources of the item table's column headings by column, all languages
 * together (columns.json; `$comment` left out). */
export function columnSources(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [column, byLanguage] of Object.entries(columns)) {
    if (column.startsWith('$')) continue;
    out[column] = allLanguages(byLanguage as Record<string, string[]>);
  }
  return out;
}

/** Units of quantity as printed (regular-expression sources, units.json) by their UN/ECE
 * Recommendation 20 code, all languages together. */
export function unitSources(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [lang, byCode] of Object.entries(units)) {
    if (lang.startsWith('$')) continue;
    for (const [code, sources] of Object.entries(byCode as Record<string, string[]>))
      out[code] = [...new Set([...(out[code] ?? []), ...sources])];
  }
  return out;
}

/** A one-line postcode-and-town form (places.json): the pattern's source and, where the form is
 * one country's, that country. */
export interface PlaceForm {
  pattern: string;
  country?: string;
}
/** How a postcode and its town are written on one line, in the order they are tried. */
export const PLACE_FORMS: readonly PlaceForm[] = places.forms;
/** Postcodes printed alone under their town (the British and Irish way). */
export const POSTCODE_ALONE_FORMS: readonly PlaceForm[] = places.alone;
/** Postcodes printed alone over their town (a window too narrow for the line). */
export const POSTCODE_OVER_TOWN_FORMS: readonly PlaceForm[] = places.over_town;
/** One-letter country signs before a postcode ("L-1118") and the country code each stands for. */
export const COUNTRY_PREFIXES: Readonly<Record<string, string>> = places.prefixes;
