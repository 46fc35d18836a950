// Hand-made text-layer invoices for the text reader's tests (laid out as in layout-pages.ts).
import type { Document } from '../document.js';
import type { LayoutLine, LayoutPage } from '../extract/page/layout.js';
import { readTextInvoice, type TextReadOptions } from '../extract/text-invoice.js';
import { line, page, row } from './layout-pages.js';

/** The text reader on `pages`, as the text layer's reader unless `opts` say otherwise. */
export const readText = (pages: LayoutPage[], opts: Partial<TextReadOptions> = {}): Document =>
  readTextInvoice(pages, { source: 'text', reader: 'test', ...opts });

/** Totals rows of a German invoice that do not add up (100 + 19 is not 120). */
export const UNBALANCED_TOTALS: LayoutLine[] = [
  line(row(14), ['Nettobetrag', 0.5, 0.64], ['100,00 €', 0.8, 0.9]),
  line(row(15), ['USt 19 %', 0.5, 0.6], ['19,00 €', 0.81, 0.9]),
  line(row(16), ['Gesamtbetrag', 0.5, 0.66], ['120,00 €', 0.8, 0.9]),
];

/** A small German invoice; the totals rows can be replaced. */
export function germanInvoice(
  totals: LayoutLine[] = [
    line(row(14), ['Nettobetrag', 0.5, 0.64], ['100,00 €', 0.8, 0.9]),
    line(row(15), ['USt 19 %', 0.5, 0.6], ['19,00 €', 0.81, 0.9]),
    line(row(16), ['Gesamtbetrag', 0.5, 0.66], ['119,00 €', 0.8, 0.9]),
  ],
): LayoutPage {
  return page([
    line(row(0), ['ACME Software GmbH', 0.08, 0.35]),
    line(row(2), ['Rechnung Nr. RE-2024-17 vom 14.03.2024', 0.08, 0.5]),
    line(row(4), ['Verkäufer', 0.08, 0.2], ['Käufer', 0.55, 0.64]),
    line(row(5), ['ACME Software GmbH', 0.08, 0.3], ['Kunden AG', 0.55, 0.68]),
    line(row(6), ['Hauptstraße 1', 0.08, 0.25], ['Marktplatz 5', 0.55, 0.7]),
    line(row(7), ['10115 Berlin', 0.08, 0.22], ['80331 München', 0.55, 0.72]),
    line(row(9), ['USt-IdNr.: DE136695976', 0.08, 0.4]),
    line(row(11), ['Pos.', 0.08, 0.13], ['Beratung', 0.2, 0.32], ['100,00 €', 0.8, 0.9]),
    ...totals,
    line(row(18), ['Zahlbar bis 28.03.2024', 0.08, 0.35]),
    line(row(20), ['IBAN: DE89 3704 0044 0532 0130 00', 0.08, 0.5], ['BIC: COBADEFFXXX', 0.6, 0.8]),
  ]);
}
