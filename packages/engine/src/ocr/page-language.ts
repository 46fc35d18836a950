// Which language a page is written in, told from the words OCR read on it. A page is read with
// the languages of the receiving business's country (models.ts), but invoices come from abroad:
// a German supplier's invoice to a business in Britain, read with English alone, loses what
// English's model has no letters or words for ("Metalibau" for Metallbau on a phone photo, an
// umlaut dropped). The first read's words are enough to tell the page's language: the words every
// invoice prints (invoice, date, total, VAT, customer) differ from language to language. Where
// they name a language the page was not read with, it is read again with that language first.
import type { OcrLine } from './ocr-page.js';

/**
 * Words that name their language on an invoice: each is printed on invoices in that language
 * and is no word of the others (so "total", "date", "client" or "netto", shared, are not here).
 * German compounds count by their parts ("Rechnungssumme": rechnung, summe).
 */
export const LANGUAGE_MARKERS: Record<string, readonly string[]> = {
  deu: [
    'rechnung',
    'datum',
    'betrag',
    'mwst',
    'ust',
    'umsatzsteuer',
    'steuer',
    'summe',
    'gesamt',
    'zahlbar',
    'zahlung',
    'kunde',
    'liefer',
    'anschrift',
    'bankverbindung',
    'menge',
    'preis',
    'bitte',
    'leistung',
    'zeitraum',
    'bestell',
    'artikel',
    'beschreibung',
    'vielen',
    'dank',
  ],
  eng: [
    'invoice',
    'amount',
    'customer',
    'due',
    'payment',
    'quantity',
    'price',
    'subtotal',
    'bill',
    'tax',
    'please',
    'thank',
    'order',
    'delivery',
    'number',
    'account',
    'description',
  ],
  fra: [
    'facture',
    'montant',
    'tva',
    'ht',
    'ttc',
    'échéance',
    'echeance',
    'paiement',
    'quantité',
    'quantite',
    'prix',
    'unitaire',
    'désignation',
    'designation',
    'règlement',
    'reglement',
    'fournisseur',
    'acheteur',
    'siret',
    'siren',
    'remise',
    'commande',
    'livraison',
    'merci',
  ],
  ita: [
    'fattura',
    'importo',
    'iva',
    'totale',
    'cliente',
    'scadenza',
    'pagamento',
    'quantità',
    'quantita',
    'prezzo',
    'descrizione',
    'imponibile',
    'fiscale',
    'partita',
    'aliquota',
    'spettabile',
    'consegna',
    'ordine',
    'grazie',
  ],
};

/** The languages a page may be read again in: those whose models come with the set-up (npm). */
const READ_AGAIN_IN = ['deu', 'fra', 'ita'];

/** Fewer distinct marker words than this say nothing of a page's language (a name, an address). */
export const MIN_MARKERS = 3;

/** Per language, how many of its distinct marker words the lines hold. */
export function markerCounts(lines: OcrLine[]): Record<string, number> {
  const tokens = new Set<string>();
  for (const line of lines)
    for (const w of line.words)
      for (const t of w.text.toLowerCase().split(/[^\p{L}]+/u)) if (t.length >= 2) tokens.add(t);
  const counts: Record<string, number> = {};
  for (const [lang, markers] of Object.entries(LANGUAGE_MARKERS)) {
    // A German marker of five letters or more counts inside a compound ("Rechnungsdatum").
    const compound = lang === 'deu';
    counts[lang] = markers.filter((m) =>
      compound && m.length >= 5 ? [...tokens].some((t) => t.includes(m)) : tokens.has(m),
    ).length;
  }
  return counts;
}

/**
 * The languages to read a page again with, when its words name a language it was not read with
 * (`langs`): at least MIN_MARKERS of that language's markers, and more than any language read
 * with has. It comes first, then `langs`. Undefined when the page was read in its language: a
 * bilingual page ("Rechnung / Invoice") read with either is not read again.
 */
export function languagesToReadAgain(lines: OcrLine[], langs: string[]): string[] | undefined {
  const counts = markerCounts(lines);
  const own = Math.max(0, ...langs.map((l) => counts[l] ?? 0));
  const other = READ_AGAIN_IN.filter((l) => !langs.includes(l))
    .filter((l) => (counts[l] ?? 0) >= MIN_MARKERS && (counts[l] ?? 0) > own)
    .sort((a, b) => (counts[b] ?? 0) - (counts[a] ?? 0))[0];
  return other ? [other, ...langs] : undefined;
}
