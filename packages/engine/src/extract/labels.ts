// Label dictionaries: how invoices in de, en, fr, it, ru, es and nl name each field (the headings
// of the party blocks are in party-headings.ts). Patterns are matched against normalised text
// (lower case, accents kept) and are anchored on the label itself, so "Nr." inside a street name
// does not count.
import { editDistance } from './edit-distance.js';

export type FieldLabel =
  | 'invoice_no'
  | 'invoice_date'
  | 'due_date'
  | 'currency'
  | 'vat_id'
  | 'iban'
  | 'bic'
  | 'net'
  | 'vat'
  | 'vat_included'
  | 'gross'
  | 'payable'
  | 'name'
  | 'tax_number'
  | 'other_amount';

/** Each label as a regular expression source; compiled once below. */
const LABELS: Record<FieldLabel, string[]> = {
  invoice_no: [
    'factuur$',
    'rechnungs?-?\\s?(?:nummer|nr\\.?|no\\.?)',
    'rechnung\\s+(?:nr|no)\\.?',
    'gutschrift(?:s-?nummer|\\s+nr\\.?)',
    'beleg-?(?:nummer|nr\\.?)',
    'invoice\\s*(?:number|no\\.?|#|nr\\.?|num(?:ber)?)',
    'invoice\\s+id',
    'credit\\s+note\\s+(?:number|no\\.?)',
    '(?:n[°o]|num[ée]ro)\\s*(?:de\\s+)?facture',
    'facture\\s*(?:n[°o]|num[ée]ro)',
    'avoir\\s*n[°o]',
    'num(?:ero|\\.)\\s*(?:della\\s+)?fattura',
    'fattura\\s*(?:n\\.?|nr\\.?|numero)',
    'n\\.\\s*documento',
    'сч[её]т(?:-фактура)?\\s*№',
    'номер\\s+сч[её]та',
    'factuur\\s*(?:nummer|nr\\.?)',
    'factuurnummer',
    'n[úu]mero\\s+de\\s+factura',
    // "Nº" also as English-only OCR reads it ("N2", "N@"): Spain's scans are read without a
    // Spanish model. The label still has to end at a space, so "Factura N2024-7" is no label.
    'factura\\s*(?:n[°oº@2]|núm\\.?)',
    '(?:n[°º@2]|núm\\.?)\\s*(?:de\\s+)?factura',
  ],
  invoice_date: [
    'factuur\\s*datum',
    'rechnungs-?\\s?datum',
    'liefer-?\\s+und\\s+rechnungsdatum',
    'beleg-?\\s?datum',
    'datum\\s+der\\s+rechnung',
    'invoice\\s+date',
    'date\\s+of\\s+invoice',
    'date\\s+(?:de\\s+(?:la\\s+)?)?facture',
    'data\\s+(?:della\\s+)?fattura',
    'data\\s+documento',
    'дата\\s+сч[её]та',
    'factuurdatum',
    'fecha\\s+(?:de\\s+)?(?:la\\s+)?factura',
    'datum',
    'date',
    'data',
    'дата',
    'fecha',
  ],
  due_date: [
    'f[äa]llig(?:keit(?:sdatum|stag)?|\\s+am|\\s+bis)?',
    'zahlbar\\s+bis',
    'zahlungsziel',
    'due\\s+date',
    'payment\\s+due',
    'due\\s+by',
    'date\\s+(?:d.)?[ée]ch[ée]ance',
    '[ée]ch[ée]ance',
    'payable\\s+(?:avant\\s+)?le',
    'scadenza',
    'data\\s+scadenza',
    'срок\\s+оплаты',
    'оплатить\\s+(?:до|не\\s+позднее)',
    'срок\\s+платежа',
    'vervaldatum',
    'fecha\\s+de\\s+vencimiento',
    'vencimiento',
  ],
  currency: [
    'rechnungsw[äa]hrung',
    'w[äa]hrung',
    '(?:invoice\\s+)?currency',
    'devise(?:\\s+de\\s+(?:la\\s+)?facture)?',
    'valuta',
    'divisa',
    'валюта',
    'moneda',
  ],
  vat_id: [
    'ust\\.?\\s*-?\\s*ident\\.?-?\\s*(?:nr\\.?|nummer)',
    'ihre\\s+ust\\.?\\s*-?\\s*ident\\.?-?\\s*(?:nr\\.?|nummer)',
    'ust\\.?\\s*-?\\s*id\\.?\\s*-?\\s*(?:nr\\.?|nummer)?',
    'umsatzsteuer-?\\s*(?:identifikations)?-?\\s*(?:nr\\.?|nummer|id)',
    'mwst\\.?\\s*-?\\s*(?:nr\\.?|nummer)',
    'uid(?:-nr\\.?|-nummer)?',
    'vat\\s*(?:reg(?:istration)?\\.?\\s*)?(?:id|no\\.?|number|#)',
    'vat\\s+reg(?:istration)?',
    'n[°o]\\s*(?:de\\s+)?tva(?:\\s+intracommunautaire)?',
    'tva\\s+intracom(?:munautaire)?',
    'num[ée]ro\\s+de\\s+tva',
    'p\\.?\\s*iva',
    'partita\\s+iva',
    'btw(?:-?nummer|-?nr\\.?|\\s+nr\\.?|-?id)',
    'nif|cif|n[úu]mero\\s+de\\s+iva',
  ],
  iban: [
    'iban',
    '(?:verk[äa]ufer|zahlungsempf[äa]nger|empf[äa]nger|beneficiary|b[ée]n[ée]ficiaire)-?\\s*iban',
  ],
  bic: [
    '(?:verk[äa]ufer|zahlungsempf[äa]nger|empf[äa]nger|beneficiary|b[ée]n[ée]ficiaire)-?\\s*bic',
    'bic',
    'swift(?:\\s*code)?',
    'bic\\s*/\\s*swift',
    'swift\\s*/\\s*bic',
  ],
  net: [
    'grondslag',
    '(?:exclusief|excl\\.?)\\s+btw',
    'montant\\s+(?:eur\\s+|€\\s+)?h\\.?t\\.?',
    // OCR runs the two words together ("TOTALHT").
    'total\\s*(?:eur\\s+)?h\\.?t\\.?',
    '(?:rechnungs)?(?:summe|betrag|gesamtbetrag|gesamtsumme)\\s+(?:netto|ohne\\s+(?:ust|mwst|umsatzsteuer))',
    'gesamt\\s*(?:summe|betrag)?\\s*(?:netto|ohne\\s+(?:ust|mwst))',
    'netto(?:betrag|summe|wert)?',
    'summe\\s+netto',
    'gesamt\\s*netto',
    'nettobetrag',
    'warenwert',
    'summe\\s+positionen',
    'zwischensumme',
    'net\\s+(?:amount|total)',
    'total\\s+(?:net|excl\\.?(?:\\s+vat)?|excluding\\s+vat|before\\s+tax)',
    'subtotal',
    'sub-total',
    'montant\\s+h\\.?t\\.?',
    'total\\s+hors\\s+taxes?',
    'imponibile',
    'totale\\s+imponibile',
    'сумма\\s+без\\s+ндс',
    'итого\\s+без\\s+ндс',
    'totaal\\s+excl\\.?\\s*btw',
    'subtotaal',
    'bedrag\\s+excl\\.?\\s*btw',
    'base\\s+imponible',
    'gesamtsumme\\s+netto',
    'steuerbasis',
    'basisbetrag',
    // Insurance premiums: the premium before insurance tax.
    'gesamtbeitrag',
    'nettobeitrag',
  ],
  vat: [
    'summe\\s+(?:der\\s+)?(?:ust|mwst|umsatzsteuer|mehrwertsteuer)',
    // "zzgl. MwSt.", "zuzüglich 19% MwSt.", "zzgl. 7,0 % USt."
    '(?:zzgl|zuzgl|zuz[üu]glich)\\.?\\s*(?:\\d{1,2}(?:[.,]\\d{1,2})?\\s*%\\s*)?(?:ust|mwst|umsatzsteuer|mehrwertsteuer)\\.?',
    'total\\s+(?:des\\s+)?tax(?:es)?',
    'total\\s*tva',
    'steuerbasisbetrag\\s+(?:ust|mwst)\\.?',
    'zuz[üu]gl(?:ich)?\\.?\\s*(?:ust|mwst)\\.?',
    'mwst\\.?',
    'ust\\.?',
    'mehrwertsteuer',
    'umsatzsteuer',
    'versicherungs?steuer(?:betrag)?',
    'steuerbetrag',
    'summe\\s+(?:ust|mwst)',
    'vat(?:\\s+amount|\\s+total)?',
    // The rate before the tax's name: "19% VAT", "7 % MwSt.", "20% TVA".
    // Not a tax category code in a table ("19% UST(S)").
    '\\d{1,2}(?:[.,]\\d{1,2})?\\s*%\\s*(?:vat|tax|mwst|ust|tva|iva|btw|ндс)\\.?(?!\\s*\\()',
    'tax(?:es)?(?:\\s+amount)?',
    'sales\\s+tax',
    'total\\s+tva',
    'montant\\s+tva',
    'tva',
    'iva',
    'imposta',
    'totale\\s+iva',
    'ндс',
    'сумма\\s+ндс',
    'btw',
    'cuota\\s+iva',
  ],
  // VAT contained in the total above it, no net printed (1C's invoice form, receipts).
  vat_included: [
    'в\\s+том\\s+числе\\s+ндс',
    'в\\s+т\\.\\s*ч\\.\\s*ндс',
    'включая\\s+ндс',
    '(?:darin\\s+|in\\s+diesem\\s+(?:betrag|beitrag)\\s+)?enthaltene?\\s+(?:\\d{1,2}(?:[.,]\\d{1,2})?\\s*%\\s*)?(?:mwst|ust|mehrwertsteuer|umsatzsteuer|versicherungs?steuer)\\.?',
    'inkl\\.?\\s+(?:\\d{1,2}(?:[.,]\\d{1,2})?\\s*%\\s*)?(?:mwst|ust)\\.?',
    'dont\\s+tva',
    'di\\s+cui\\s+iva',
    'incl(?:\\.|uding)?\\s+(?:\\d{1,2}(?:[.,]\\d{1,2})?\\s*%\\s*)?vat',
  ],
  gross: [
    // An insurance premium with its tax: "vierteljährlicher Beitrag inklusive 19 % Versicherungsteuer".
    '(?:\\p{L}+\\s+)?beitrag\\s+(?:inkl\\.?|inklusive)',
    'factuur\\s*totaal',
    'totaal\\s+factuur',
    '(?:inclusief|incl\\.?)\\s+btw',
    'montant\\s+(?:eur\\s+|€\\s+)?t\\.?t\\.?c\\.?',
    'total\\s+(?:de\\s+la\\s+)?facture',
    'total\\s+for\\s+this\\s+invoice',
    'total\\s+amount\\s+due',
    '(?:rechnungs)?(?:summe|betrag|gesamtbetrag|gesamtsumme)\\s+(?:brutto|inkl\\.?|mit|einschl\\.?)',
    'total\\s+(?:[€$£]\\s+)?incl(?:\\.|uding)?(?:\\s*(?:vat|tax|mwst|ust))?',
    'brutto(?:betrag|summe)?',
    'bruttosumme',
    'gesamtbetrag',
    'rechnungsbetrag',
    'rechnungssumme',
    'endbetrag',
    'gesamtsumme(?:\\s+brutto)?',
    'summe\\s+brutto',
    'total(?:\\s+(?:amount|gross|incl\\.?(?:\\s+vat)?|including\\s+vat|due))?',
    'grand\\s+total',
    'invoice\\s+total',
    'amount\\s+due',
    'total\\s*t\\.?t\\.?c\\.?',
    'montant\\s+t\\.?t\\.?c\\.?',
    'net\\s+[àa]\\s+payer',
    'totale(?:\\s+documento|\\s+fattura)?',
    'importo\\s+totale',
    'итого(?:\\s+с\\s+ндс)?',
    'всего(?:\\s+к\\s+оплате)?',
    'totaal(?:\\s+incl\\.?\\s*btw)?',
    'total\\s+factura',
    'importe\\s+total',
  ],
  payable: [
    'somme\\s+[àa]\\s+payer',
    'zahlbetrag',
    'zu\\s+zahlen(?:der\\s+betrag)?',
    'f[äa]lliger\\s+betrag',
    'amount\\s+(?:payable|to\\s+pay)',
    '(?:due|total)\\s+payable',
    'balance\\s+due',
    'reste\\s+[àa]\\s+payer',
    'montant\\s+[àa]\\s+payer',
    'netto\\s+a\\s+pagare',
    'к\\s+оплате',
    'te\\s+betalen',
  ],
  name: ['name', 'firma', 'nom', 'raison\\s+sociale', 'ragione\\s+sociale', 'denominazione', 'наименование'],
  // Amounts that stand near totals but are none of net, VAT, gross: named so they are not mistaken.
  other_amount: [
    'gesamtbetrag\\s+der\\s+(?:zuschl[äa]ge|abschl[äa]ge)',
    'summe\\s+(?:der\\s+)?(?:zuschl[äa]ge|abschl[äa]ge|rabatte)',
    'positionssumme',
    'total\\s+(?:charges|allowances|discounts?)',
    'montant\\s+d[ée]j[àa]\\s+pay[ée]',
    'acompte',
    'already\\s+paid',
    'prepaid(?:\\s+amount)?',
    'bereits\\s+(?:gezahlt|bezahlt)',
    'anzahlung',
    'skonto(?:betrag)?',
    'rundungsbetrag',
  ],
  tax_number: [
    'steuer-?\\s?(?:nummer|nr\\.?)',
    'st\\.?-?nr\\.?',
    'codice\\s+fiscale',
    'siren',
    'siret',
    'инн',
  ],
};

// A label ends at a space, punctuation, or a table rule OCR read as '|' or ']' ("Total HT|").
const compile = (sources: string[]) => new RegExp(`^(?:${sources.join('|')})(?=$|[\\s:.#/,;(|\\]-])`, 'u');

const FIELD_PATTERNS = Object.fromEntries(
  Object.entries(LABELS).map(([k, v]) => [k, v.map((source) => compile([source]))]),
) as Record<FieldLabel, RegExp[]>;
const FIELD_RE = Object.fromEntries(Object.entries(LABELS).map(([k, v]) => [k, compile(v)])) as Record<
  FieldLabel,
  RegExp
>;
/** Every field's labels in one: a quick test of a text before matchLabel tries field by field. */
const ANY_LABEL_RE = compile(Object.values(LABELS).flat());

/** Whether `text` starts with any field's label (matchLabel then says which, and where it ends). */
export function startsWithLabel(text: string): boolean {
  return ANY_LABEL_RE.test(normalizeLabelText(text.replace(LEADING_MARKS, '')));
}

/** Lower case, typographic quotes and dashes folded, runs of spaces as one. */
export function normalizeLabelText(s: string): string {
  return (
    s
      .toLowerCase()
      // OCR reads an S as $ now and then ("$teuerbetrag"): a $ before a letter is no currency.
      .replace(/\$(?=\p{Ll})/gu, 's')
      .replace(/[\u2018\u2019\u201a]/g, "'")
      .replace(/[\u2010-\u2015]/g, '-')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * The label at the start of `text`, if any: which field, and how many characters of `text` it
 * spans (including a following colon), so the caller can take what follows as the value.
 */
export function matchLabel(whole: string, field: FieldLabel): number | undefined {
  const lead = LEADING_MARKS.exec(whole)?.[0].length ?? 0;
  const text = whole.slice(lead);
  const norm = normalizeLabelText(text);
  if (!FIELD_RE[field].test(norm)) return undefined;
  // Alternation takes the first label that matches, not the longest ("Total" before "Total TTC"):
  // when the field matches at all, its labels are tried one by one and the longest wins.
  let end = 0;
  for (const re of FIELD_PATTERNS[field]) end = Math.max(end, re.exec(norm)?.[0].length ?? 0);
  const after = /^\s*(?:\([^)]{0,12}\))?\s*[:#]?\s*/.exec(norm.slice(end));
  if (after) end += after[0].length;
  return lead + mapOffset(text, norm, end);
}

/** Label words this long or longer may be read with two or three letters wrong (garbledLabel). */
const MIN_GARBLED_WORD = 12;

/**
 * The labels that are one word of letters ("Rechnungsdatum", "Bruttosumme", optional hyphens and
 * spaces of their patterns left out), with the field each names: the words a badly read label
 * word is compared with.
 */
const LABEL_WORDS: Array<{ field: FieldLabel | 'other'; word: string }> = [
  ...Object.entries(LABELS).flatMap(([field, sources]) =>
    sources
      .map((source) => source.replace(/-\?|\\s[?*]/g, ''))
      .filter((word) => /^\p{L}+$/u.test(word) && word.length >= MIN_GARBLED_WORD)
      .map((word) => ({ field: field as FieldLabel, word })),
  ),
  // Compound labels whose patterns say more than one word.
  ...(
    [
      ['invoice_no', 'rechnungsnummer'],
      ['invoice_date', 'rechnungsdatum'],
      ['due_date', 'fälligkeitsdatum'],
      ['gross', 'bruttobetrag'],
    ] as const
  ).map(([field, word]) => ({ field, word })),
  // Long words of an invoice that name no field read here: a garbled word nearer to one of them
  // is none of the fields.
  ...[
    'leistungsdatum',
    'lieferscheinnummer',
    'lieferscheindatum',
    'kundennummer',
    'bestellnummer',
    'bestelldatum',
    'auftragsnummer',
    'auftragsdatum',
    'steuernummer',
    'handelsregister',
    'rechnungsempfänger',
    'leistungszeitraum',
    'steuerbasisbetrag',
    'zahlungsbedingungen',
    'zahlungsinformationen',
  ].map((word) => ({ field: 'other' as const, word })),
];

/**
 * The field a long word names when OCR read two or three of its letters wrong ("Rechrungadanum"
 * for "Rechnungsdatum", rated 9 %): a word of MIN_GARBLED_WORD letters or more within two edits
 * of a label word (three from 14 letters), no nearer to a word of another field, and no other
 * field's label word within one edit more. misreadLabel (label-hits.ts) covers one letter.
 */
export function garbledLabel(word: string): FieldLabel | undefined {
  const w = normalizeLabelText(word);
  if (w.length < MIN_GARBLED_WORD || !/^\p{L}+$/u.test(w)) return undefined;
  const max = w.length >= 14 ? 3 : 2;
  const near = LABEL_WORDS.map((l) => ({ ...l, d: editDistance(w, l.word, max + 1) })).filter(
    (l) => l.d <= max + 1,
  );
  const best = Math.min(...near.map((l) => l.d));
  if (!(best <= max)) return undefined;
  const fields = new Set(near.filter((l) => l.d <= best + 1).map((l) => l.field));
  const [field] = fields;
  return fields.size === 1 && field !== 'other' ? field : undefined;
}

/** Marks before a label that are no part of it: table rules and margin ticks as OCR reads them
 * ("| Rechnungssumme", "[Zahlungsinformationen"), bullets. */
export const LEADING_MARKS = /^[\s|[\]{}®©*•·»«_~=]+/u;

/** Maps an offset in the normalised text back to the original (whitespace may have been folded). */
export function mapOffset(original: string, norm: string, normOffset: number): number {
  if (original.length === norm.length) return normOffset;
  let i = 0;
  let j = 0;
  const trimmed = original.replace(/^\s+/, '');
  const lead = original.length - trimmed.length;
  while (j < normOffset && i < trimmed.length) {
    if (/\s/.test(trimmed[i]!)) {
      while (i < trimmed.length && /\s/.test(trimmed[i]!)) i++;
      j++;
    } else {
      i++;
      j++;
    }
  }
  return lead + i;
}
