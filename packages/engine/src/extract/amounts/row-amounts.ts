// The amount a totals row ends with: its last amount with decimals (or a currency), and a whole
// number where a row may end with one. Shared by the totals reader and the item-column check.
import { CURRENCY_TOKEN } from '../identifiers/currency.js';
import { type AmountHint, parseAmount } from './amounts.js';

/** A number grouped in thousands by points only ("10.000", "1.250.000"). */
const DOT_GROUPED = /^-?\d{1,3}(?:\.\d{3})+$/;

/** A number with a currency written beside it ("€6", "550000 USD"): an amount though whole. */
export const WITH_CURRENCY = new RegExp(`^-?${CURRENCY_TOKEN}\\s?-?\\d|\\d\\s?${CURRENCY_TOKEN}$`, 'u');

/** A whole number ending a totals row, grouped in thousands or not ("131 000", "9.700" on a page
 * writing decimal commas, "166370"), as an amount. */
export function wholeAmount(text: string, hint: AmountHint): string | undefined {
  const m = /(?:^|\s)(-?\d{1,3}(?:[ .\u00a0\u202f']\d{3})+|-?\d{1,9})\s*$/u.exec(text.trim());
  if (!m) return undefined;
  const read = parseAmount(m[1]!, hint);
  // "Kč 10.000" on a page of two languages: a point before three digits groups thousands or marks
  // three decimals; read as grouping, the whole number counts only in a triple that adds up.
  if (read !== undefined || !DOT_GROUPED.test(m[1]!)) return read;
  return parseAmount(m[1]!, { decimal: ',' });
}

/** The last amount in a totals row's text. `wholeVat`: a whole number is taken as the amount of
 * a VAT row ("Steuerbetrag in EUR   0", "… 70": some renderers drop the decimals of the tax
 * total), though elsewhere a number without decimals is no amount; arithmetic still decides. */
export function lastAmount(text: string, wholeVat = false, hint: AmountHint = {}): string | undefined {
  const tokens = text.split(/\s{2,}|\t/).reverse();
  if (wholeVat && /^\d{1,7}$/.test(tokens[0]?.trim() ?? '')) return parseAmount(tokens[0]!.trim());
  for (const raw of tokens) {
    if (/%\s*$/.test(raw.trim())) continue;
    // OCR's stray space after the decimal comma of a totals row: "18310, 63".
    const tok = raw.trim().replace(/^(-?\d[\d.']*[.,]) (\d{2})$/, '$1$2');
    const v = parseAmount(tok, hint);
    if (v !== undefined && (/[.,]\d{1,2}\b|[.,]-/.test(tok) || WITH_CURRENCY.test(tok))) return v;
  }
  // (never two digits out of three: "440.000 HUF" is no 440.00; nor a rate: "TVA 19.25%"; its
  // minus before a currency sign is its own: "-€ 1 340.00 / -0.18 %")
  const m = text.match(/(?:-(?:[€$£]\s?)?)?\(?[\d][\d.,'\u00a0\u202f ]*[.,]\d{2}(?![\d%]|\s%)\)?-?/g);
  if (m)
    for (const raw of m.reverse()) {
      const v = parseAmount(raw.trim());
      if (v !== undefined) return v;
    }
  return undefined;
}
