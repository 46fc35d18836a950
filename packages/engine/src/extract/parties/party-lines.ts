// What a line of a party's block is: a name (looksLikeName, isName), a street or a place
// (placeLine, placeOf), a label or contact line (NOT_ADDRESS), never a name (notAName); and how
// a name and an address are put into the document. Shared by the blocks under headings
// (parties.ts) and the recipient's block in a letter's address window (recipient-window.ts).

import {
  ADDRESS_WORD_SOURCES,
  CAPITAL_SALUTATION_SOURCES,
  CONTACT_WORD_SOURCES,
  COUNTRY_PREFIXES,
  DOCUMENT_TITLE_SOURCES,
  GREETING_SOURCES,
  LEGAL_FORM_SOURCES,
  NO_VALUE_SOURCES,
  PARTY_BLOCK_LABEL_SOURCES,
  PLACE_FORMS,
  POSTCODE_ALONE_FORMS,
  REGISTRATION_SOURCES,
  SALUTATION_SOURCES,
} from '../lexicon/lexicon.js';
import { matchLabel, normalizeLabelText, startsWithLabel } from '../page/labels.js';
import type { Put, Segment } from '../page/layout.js';

/** A company's legal form as a word of its own (GmbH, SARL, S.p.A., Ltd, ООО, ...): a company's name. */
export const LEGAL_FORM = new RegExp(`(?:^|[\\s,])(?:${LEGAL_FORM_SOURCES.join('|')})(?=$|[\\s,.])`, 'iu');

export const LEGAL_FORM_ALL = new RegExp(LEGAL_FORM.source, 'giu');

/**
 * Whether a text names a company by its legal form: one ending the text, or printed with a
 * capital or a point ("Müller & Partner OG", "ACME AS Oslo"). A form in small letters inside the
 * text may be a word of another language ("Solgt Højre og venstre forhjulsleje": Danish "and").
 */
export function namedByLegalForm(text: string): boolean {
  const t = text.trim();
  return [...t.matchAll(LEGAL_FORM_ALL)].some((m) => {
    const form = m[0].replace(/^[\s,]+/, '');
    const end = m.index + m[0].length;
    return /[\p{Lu}.]/u.test(form) || !/\p{L}/u.test(t.slice(end));
  });
}

/** A company's name without its legal forms, in the form labels are compared in. */
export function companyWords(name: string): string {
  return normalizeLabelText(name.replace(LEGAL_FORM_ALL, ' '))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
/** A name line ending in a word or sign that joins it to the next ("Raiffeisen Bezug +" / "Absatz
 * eG", "Müller &" / "Söhne GmbH"): the name goes on there. */
export const JOINS_ON = /(?:\s[+&]|\s(?:und|and|et|og|och|en|y|e))\s*$/iu;

/** What may follow a name's legal form on its line without being part of the name: an address
 * with a number ("TENNISMEHL GmbH Hundsberg 13 97950 Großrinderfeld", a sender line without
 * separators) or the document's title ("Övningsbolaget AB   Faktura"). */
const AFTER_NAME = new RegExp(`^\\s+(?:\\S.*\\d|(?:${DOCUMENT_TITLE_SOURCES.join('|')})(?![\\p{L}]))`, 'iu');

/** A company's name cut after its legal form where the line runs on into its address or the
 * document's title; the text as it is otherwise. */
export function nameUpToLegalForm(text: string): string {
  for (const m of text.matchAll(LEGAL_FORM_ALL)) {
    const end = m.index + m[0].length;
    const rest = text.slice(end);
    // (or into its street without the number, cut off by a comma: "Illumia S.p.A. Via de' Carracci")
    if (m.index > 0 && (AFTER_NAME.test(rest) || (/^\s/.test(rest) && streetLine(rest))))
      return text.slice(0, end).trim();
  }
  return text;
}

/** A company's registration number (lexicon `registration_words`): it names the party whose
 * address stands above it. */
export const REGISTRATION = new RegExp(`^(?:${REGISTRATION_SOURCES.join('|')})(?![\\p{L}])`, 'iu');

/** Labels of lines inside a party block that are not its name or address (lexicon
 * `party_block_labels`: contact, bank and tax labels), a company's registration (`registration_words`),
 * or a line opening with a colon or an at sign. */
export const NOT_ADDRESS = new RegExp(
  `^(?:${PARTY_BLOCK_LABEL_SOURCES.join('|')})\\b|${REGISTRATION.source}|^[:@]`,
  'iu',
);

/**
 * Lines of a party block that are a salutation, a contact or a label, never the party's name; nor
 * a line that starts with a long number (a GLN or GTIN: "333741000005 (GTIN)", also behind a dot or
 * a bar OCR made of a speck: ". 4333741000005 (GTIN)"), nor a table's
 * column heading that OCR ran into the block when the block's own label was unreadable (one
 * opening with "#": "# ligne BC"), nor a contact line (also with "contact" misread: "Buyer
 * contoct nome"), nor a field's label alone ("Name.", "Nom :"), nor a
 * copyright notice ("(c) AWV e.V. 2020": its "e.V." reads as a legal form; on a photo OCR drops
 * the "(c)", so no name ends in a year either), nor a line cut off after a preposition or a
 * conjunction ("SARL au" of "SARL au capital de ...", a payment's "Überweisung an", "Payable to"), nor a heading of references ("Nos
 * références", "Références sur la facture"), nor a street line (STREET_LINE) that stands first in
 * a block whose name line OCR lost, nor a page number ("Page 1 / 1", "Seite 2 von 3") or the
 * page column's heading alone ("PAGE"), nor a
 * sentence about who issued the invoice ("Issued by Platform Inc. on behalf of ABC Inc."), nor an
 * e-mail address alone (a shop's domain may be its name: "weclapp.com"), nor a statement of the
 * company's share capital ("Sarl au capital de 10 000€", "Stammkapital 25.000 EUR") or its tax registration
 * ("Godkänd för F-skatt").
 */
const NOT_A_NAME_FORMS =
  /^\s*(?:herrn?|frau|firma|mr\.?|mrs\.?|ms\.?|m\.|mme|sig\.?(?:ra)?|beschreibung|bezeichnung|description|d[ée]signation|descrizione|artikel|menge|quantity|quantit[ée]|einheit|(?:netto|brutto|einzel|gesamt)?preis|betrag|summe|steuersatz|unit\s+price|prix\s+unitaire|montant|amount|name|nom|nome|nombre)\s*[.:]?\s*$|^\s*#|\b(?:cont[aeo]ct|attn|z\.\s?hd\.?|c\/o)\b|^[\s.,:;|'"·•*_-]*\d{8,}|^\s*(?:\(c\)|©|copyright\b)|^\s*(?:(?:nos|vos|our|your|unsere|ihre)\s+)?r[ée]f[ée]ren(?:ces?|zen?)\b|\s(?:19|20)\d{2}\s*$|\s(?:au|de|du|des|et|und|and|of|an|to|à)\s*$|^\s*(?:page|seite|pagina|pag\.|p[áa]gina|blatt)\s*(?:\d+(?:\s*(?:\/|of|von|de|di|sur)\s*\d+)?)?\s*$|\b(?:on\s+behalf\s+of|issued\s+by|powered\s+by|generated\s+(?:by|with)|created\s+(?:by|with)|im\s+auftrag\s+(?:von|der|des))\b|^\s*\S+@\S+\s*$|\b(?:au\s+capital|capital\s+social|capitale\s+sociale|share\s+capital|stammkapital|grundkapital)\b|\bf-skatt(?:sedel)?\b/i;

/** What a form prints for a value it has not ("N/A", "nicht vorhanden"; lexicon/words.json). */
const NO_VALUE = new RegExp(`^\\s*(?:${NO_VALUE_SOURCES.join('|')})\\s*[.]?\\s*$`, 'iu');

/** A contact or attention line of a party's block, in every language (lexicon/words.json). */
const CONTACT_LINE = new RegExp(`^\\s*(?:${CONTACT_WORD_SOURCES.join('|')})(?=$|[\\s.:,])`, 'iu');

/** The document's title alone on its line ("FACTUUR.", "Invoice:"), printed in or over the
 * address window: a heading, never a party's name. */
const TITLE_ALONE = new RegExp(`^\\s*(?:${DOCUMENT_TITLE_SOURCES.join('|')})\\s*[.:]?\\s*$`, 'iu');

/** A sentence: four words or more ending in a lower-case word and a full stop ("Dat betaal ik
 * zelf wel.", a slogan over the address window). A name's last word before a full stop is an
 * abbreviation or a legal form ("Coolblue B.V.", "Smith & Co."). */
const SENTENCE = /^\s*\S+(?:\s+\S+){3,}\s+\p{Ll}{3,}[.!]\s*$/u;

/** The word "address" as the label opening a block's line ("Anschrift: Hauptstraße 1", "Adres"). */
export const ADDRESS_LABEL = new RegExp(`^(?:${ADDRESS_WORD_SOURCES.join('|')})(?![\\p{L}])\\s*:?\\s*`, 'iu');

/** A template's placeholder for an address's line ("Street Address", "Address line 1"). */
const ADDRESS_PLACEHOLDER = new RegExp(
  `^(?:street\\s+)?(?:${ADDRESS_WORD_SOURCES.join('|')})(?:\\s+line)?\\s*\\d?$`,
  'iu',
);

/** The word "address" alone, a block's label ("Adres", "Anschrift:"), or a template's placeholder
 * for an address's line left in place of the customer's ("Street Address", "Address line 1"). */
function addressAlone(text: string): boolean {
  const t = text.trim();
  const label = ADDRESS_LABEL.exec(t);
  return (!!label && /^\.?$/.test(t.slice(label[0].length))) || ADDRESS_PLACEHOLDER.test(t);
}

/** A salutation standing alone above a person's or a company's name ("Herrn", "Spett.le:"). */
export const SALUTATION = new RegExp(`^\\s*(?:${SALUTATION_SOURCES.join('|')})\\s*[:,]?\\s*$`, 'iu');

/** A salutation before a name in capitals and at least two words of it ("M DE LATTRE ALEXIS"). */
const CAPITAL_SALUTATION_LEAD = new RegExp(
  `^\\s*(?:${CAPITAL_SALUTATION_SOURCES.join('|')})\\s+(?=\\p{L}{2,}\\s+\\p{L})`,
  'iu',
);
const SALUTATION_LEAD = new RegExp(`^\\s*(?:${SALUTATION_SOURCES.join('|')})[:,]?\\s+(?=\\p{Lu})`, 'iu');

/**
 * The name without a salutation opening its line ("Mevrouw M.S. Post", "Herrn Dr. Max Muster"):
 * undefined when none does. A short word in capitals is a company's ("MS Solutions"), not "Ms".
 */
export function afterSalutation(text: string): string | undefined {
  const capital = CAPITAL_SALUTATION_LEAD.exec(text)?.[0];
  if (capital && text === text.toUpperCase()) return text.slice(capital.length).trim();
  const lead = SALUTATION_LEAD.exec(text)?.[0];
  if (!lead || /^\s*\p{Lu}{2,3}\b/u.test(lead)) return undefined;
  // (a letter and its point before a company's name is its initial: "M. Meier Handwerk GbR")
  const rest = text.slice(lead.length).trim();
  if (/^\s*\p{L}\.\s*$/u.test(lead) && LEGAL_FORM.test(rest)) return undefined;
  return rest;
}

/** A letter's greeting ("Sehr geehrte Familie Berger", "Dear customer,"). */
export const GREETING = new RegExp(`^\\s*(?:${GREETING_SOURCES.join('|')})\\s`, 'iu');

/** Whether a line is never a party's name (NOT_A_NAME_FORMS, a contact line, the title alone, a
 * sentence, the word "address" alone, a greeting, a name whose letters its font could not map and
 * the text layer gives as "?": "S.C. Vnz?tor S.R.L."). */
export function notAName(text: string): boolean {
  return (
    NOT_A_NAME_FORMS.test(text) ||
    /\p{L}\?\p{L}/u.test(text) ||
    NO_VALUE.test(text) ||
    GREETING.test(text) ||
    addressAlone(text) ||
    CONTACT_LINE.test(text) ||
    TITLE_ALONE.test(text) ||
    (SENTENCE.test(text) && !LEGAL_FORM.test(text.trim().split(/\s+/).pop()!))
  );
}

/**
 * A street line: a house number before a street word ("1, rue du fournisseur", "12 Main Street"),
 * a street word first ("rue d'ici", "Str. Viorelelor, nr. 13", "ul. Sadowa 1", "C/ Rodas 2"), or a German street
 * with its number ("Lieferantenstraße 20").
 */
const STREET_LINE =
  /^\s*(?:\d+\s*[a-z]?\s*,?\s+)?(?:rue|avenue|boulevard|chemin|all[ée]e|impasse|quai|esplanade|via|viale|piazza|corso|strada|str\.|bd\.|bulevardul|calea|aleea|ul\.|calle|c\/|avenida|avda\.|paseo|plaza|camino|carretera|ronda|carrer|rua|travessa)\s|^\s*\d+\s*[a-z]?\s*,?\s+\p{L}+(?:\s+\p{L}+)?\s+(?:street|road|avenue|lane|drive)\b|\p{L}(?:straße|strasse|str\.|weg|gasse|allee)\s+\d+\s*[a-z]?\s*$/iu;

/** A German street printed without its house number, alone on its line ("Musterallee"). */
const STREET_UNNUMBERED = /^\s*\p{L}[\p{L}-]*(?:straße|strasse|str\.|weg|gasse|allee|platz|ring)\s*$/iu;

/** Whether a line is a street line, or (`unnumbered`) one printed without a house number too. */
export function streetLine(text: string, opts: { unnumbered?: boolean } = {}): boolean {
  return STREET_LINE.test(text.trim()) || (!!opts.unnumbered && STREET_UNNUMBERED.test(text));
}

/**
 * A Russian legal form whose letter О OCR read as the digit 0 ("000 «Ромашка»" for ООО): before
 * a quoted Cyrillic name the digits can only be the letter.
 */
export function ruLegalForm(text: string): string {
  return text.replace(/^(?:[0О]{3}|[ЗПО0]?А[0О])(?=\s*["«“]\p{Script=Cyrillic})/u, (form) =>
    form.replace(/0/g, 'О'),
  );
}

/** A word that heads an item table's column anywhere in a line ("Ligne! CODE ARTICLE, NOM &
 * DESIGNATION", a table's heading OCR ran into a party block on a photo): no party's name. */
const COLUMN_WORD =
  /(?:^|[\s,!|])(?:code\s+article|d[ée]signation|quantit[ée]|qt[ée]|prix\s+unitaire|p\.\s?u\.|einzelpreis|unit\s+price)(?=$|[\s,.:;|!()])/iu;

/** Text, not a label, a contact line, a salutation, a street or a postcode-and-city line. */
export function looksLikeName(text: string): boolean {
  const t = text.trim();
  return (
    /\p{L}{2}/u.test(t) &&
    !t.includes(':') &&
    // (nor the text of a barcode font: control characters among its letters)
    !/\p{Cc}/u.test(t) &&
    !NOT_ADDRESS.test(t) &&
    !notAName(t) &&
    !COLUMN_WORD.test(t) &&
    !STREET_LINE.test(t) &&
    !placeOf(t)
  );
}

/** A name in an address window: no long number in it either (a customer number, a GLN), nor an
 * e-mail or web address (a contact line under the sender's address: "Sähköposti info@firma.fi"). */
export function isName(text: string): boolean {
  return looksLikeName(text) && !/\d{3}/.test(text) && !/\S@\S|\bwww\./i.test(text);
}

/** An address: its street lines in order, then postcode, city and country from the place line. */
export function putAddress(
  role: 'seller' | 'buyer',
  street: Segment[],
  placeSeg: Segment | undefined,
  put: Put,
): void {
  for (const [i, seg] of street.entries())
    put(`${role}.address.lines.${i}`, seg.text.trim(), seg.bbox, seg.page, 0.85);
  const place = placeSeg && placeOf(placeSeg.text);
  if (!placeSeg || !place) return;
  if (place.country) put(`${role}.address.country`, place.country, placeSeg.bbox, placeSeg.page, 0.85);
  put(`${role}.address.postcode`, place.postcode, placeSeg.bbox, placeSeg.page, 0.85);
  put(`${role}.address.city`, place.city, placeSeg.bbox, placeSeg.page, 0.85);
}

/**
 * A segment that is a postcode-and-city line, or a street and its place on one line ("Via Roma
 * 12, 20121 Milano", "Via Roma 12 - 20121 Milano (MI)": split at the last comma or dash, the
 * street carrying a number).
 */
export function placeLine(seg: Segment): { street?: Segment; place: Segment } | undefined {
  const text = seg.text.trim();
  if (placeOf(text)) return { place: seg };
  const cut = /^(.*\d.*?)\s*(?:,|\s[-–]\s)\s*([^,]+)$/u.exec(text);
  if (cut && placeOf(cut[2]!)) return { street: { ...seg, text: cut[1]! }, place: { ...seg, text: cut[2]! } };
  return undefined;
}

/** The marks that set a one-line address's parts apart ("ACME GmbH · Str. 1 ▪ 12345 Ort"), as a
 * character class's members. */
export const PART_MARKS = '·•●▪■∙⋅|';

/** The one-line place forms of places.json, compiled once. */
const PLACES = PLACE_FORMS.map((f) => ({ re: new RegExp(f.pattern, 'u'), country: f.country }));
/** A line opening with the document's title ("Invoice 12345", "Arve 50090"): no town, no street. */
const TITLE_FIRST = new RegExp(`^(?:${DOCUMENT_TITLE_SOURCES.join('|')})(?![\\p{L}])`, 'iu');
export const titleFirst = (text: string): boolean => TITLE_FIRST.test(text.trim());
/** Postcodes standing alone under their town (places.json `alone`). */
const POSTCODES_ALONE = POSTCODE_ALONE_FORMS.map((f) => ({
  re: new RegExp(f.pattern, 'u'),
  country: f.country,
}));

/**
 * A postcode-and-town line in one of the forms of lexicon/places.json (`99199 Musterhausen`,
 * `CH-8000 Zürich`, `1015 AA Amsterdam`, `110 00 Praha`, `Rīga, LV-1050`, `London SW1A 1AA`,
 * `Cork T12 R5CP`): its postcode, town and, where the line or the form names it, country. A line
 * that opens with a field's label or the document's title ("Invoice 12345") is none.
 */
export function placeOf(text: string): { postcode: string; city: string; country?: string } | undefined {
  const t = text.trim();
  for (const form of PLACES) {
    const g = form.re.exec(t)?.groups;
    if (!g) continue;
    if (startsWithLabel(t) || TITLE_FIRST.test(t)) return undefined;
    const sign = g.country ?? g.countryAfter;
    const country =
      (sign && (COUNTRY_PREFIXES[sign] ?? (sign.length === 2 ? sign : undefined))) ?? form.country;
    return { postcode: g.postcode!, city: g.city!.trim(), ...(country ? { country } : {}) };
  }
  return undefined;
}

/** The country of a postcode printed alone on its line ("EH1 1YZ", "D02 X285"), if it is one. */
export function postcodeAlone(text: string): string | undefined {
  const t = text.trim();
  return POSTCODES_ALONE.find((f) => f.re.test(t))?.country;
}

/** A party's name as read: spaces folded, trailing punctuation off, an OCR'd legal form mended. */
export function cleanName(s: string): string {
  const name = ruLegalForm(s.trim())
    .replace(/\s+/g, ' ')
    .replace(/[,;:]+$/, '')
    .trim();
  // A name set in quotes as a whole ("“SIA Piemērs”"): the quotes are no part of it (quotes
  // inside, SIA "Izdevniecība iŽurnāli", are).
  const quoted = /^["“„«»”](?<inner>[^"“„«»”]+)["”“»«]$/u.exec(name);
  return quoted?.groups?.inner?.trim() ?? name;
}

/** A line of a company's register, tax or VAT number ("SIRET 123 456 789 00012", "USt-IdNr. DE…"). */
export function idLine(text: string): boolean {
  const t = text.trim();
  return (
    REGISTRATION.test(t) || matchLabel(t, 'tax_number') !== undefined || matchLabel(t, 'vat_id') !== undefined
  );
}

/** A part of a legal line that opens with a legal form ("Société Anonyme au capital de …"). */
export const LEGAL_FORM_FIRST = new RegExp(`^(?:${LEGAL_FORM_SOURCES.join('|')})(?=$|[\\s,.])`, 'iu');
