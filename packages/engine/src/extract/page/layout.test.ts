// Page layout on hand-made pages (A4, 595 x 842 pt, 10 pt type): segments cut at wide gaps,
// values found right of or below their labels, table columns, and party blocks in their columns.
import { describe, expect, it } from 'vitest';
import { FONT_SIZE, LINE_H, line, PAGE_H, PAGE_W, page, row } from '../../test-support/layout-pages.js';
import {
  type Box,
  columnBelow,
  type LayoutLine,
  type LayoutWord,
  type PageLayout,
  type Segment,
  segmentPage,
  union,
  valuesNear,
} from './layout.js';
import { partyBlocks } from './party-blocks.js';

const W = PAGE_W;
const _H = PAGE_H;
const FS = FONT_SIZE;
const LH = LINE_H;

/** The segment with this text. */
function seg(layout: PageLayout, text: string): Segment {
  const found = layout.lines.flat().find((s) => s.text === text);
  if (!found) throw new Error(`no segment "${text}"`);
  return found;
}
const texts = (segs: Array<{ text: string }>) => segs.map((s) => s.text);

describe('union', () => {
  it('is the smallest box around all boxes', () => {
    const boxes: Box[] = [
      [0.2, 0.3, 0.4, 0.35],
      [0.1, 0.32, 0.25, 0.4],
      [0.3, 0.28, 0.5, 0.3],
    ];
    expect(union(boxes)).toEqual([0.1, 0.28, 0.5, 0.4]);
    expect(union([[0.1, 0.2, 0.3, 0.4]])).toEqual([0.1, 0.2, 0.3, 0.4]);
  });
});

describe('segmentPage', () => {
  it('cuts a line at a wide gap and keeps close words together', () => {
    const layout = segmentPage(
      page([line(row(0), ['Rechnungsnummer:', 0.1, 0.3], ['RE 2024 17', 0.6, 0.75])]),
    );
    expect(layout.page).toBe(1);
    expect(layout.lines).toHaveLength(1);
    const [label, value] = layout.lines[0]!;
    expect(label).toMatchObject({ text: 'Rechnungsnummer:', page: 1, line: 0, index: 0 });
    expect(value).toMatchObject({ text: 'RE 2024 17', page: 1, line: 0, index: 1 });
    expect(value!.bbox[0]).toBeCloseTo(0.6);
    expect(value!.bbox[2]).toBeCloseTo(0.75);
    expect(value!.bbox[1]).toBeCloseTo(row(0));
    expect(value!.bbox[3]).toBeCloseTo(row(0) + LH);
  });

  it('cuts where the gap is wider than about one em of the type', () => {
    // 10 pt type: a 10 pt gap stays inside the segment, a 12 pt gap cuts it.
    const w = (text: string, x0: number, x1: number, fontSize = FS): LayoutWord => ({
      text,
      bbox: [x0, 0.1, x1, 0.1 + LH],
      fontSize,
    });
    const pt = (n: number) => n / W;
    const words = [w('a', 0.1, 0.12), w('b', 0.12 + pt(10), 0.15), w('c', 0.15 + pt(12), 0.2)];
    const l: LayoutLine = { text: 'a b c', bbox: union(words.map((x) => x.bbox)), words };
    expect(texts(segmentPage(page([l])).lines[0]!)).toEqual(['a b', 'c']);
    // In 20 pt type the same 12 pt gap is no column break.
    const big = words.map((x) => ({ ...x, fontSize: 20 }));
    expect(texts(segmentPage(page([{ ...l, words: big }])).lines[0]!)).toEqual(['a b c']);
  });

  it('numbers lines and segments in reading order and keeps the page number', () => {
    const layout = segmentPage(
      page(
        [line(row(0), ['A', 0.1, 0.12], ['B', 0.4, 0.42], ['C', 0.8, 0.82]), line(row(1), ['D E', 0.1, 0.2])],
        3,
      ),
    );
    expect(layout.page).toBe(3);
    expect(layout.lines.map((l) => l.map((s) => [s.text, s.line, s.index, s.page]))).toEqual([
      [
        ['A', 0, 0, 3],
        ['B', 0, 1, 3],
        ['C', 0, 2, 3],
      ],
      [['D E', 1, 0, 3]],
    ]);
  });

  it('gives a line without words no segments', () => {
    const layout = segmentPage(page([{ text: '', bbox: [0, 0, 0, 0], words: [] }]));
    expect(layout.lines).toEqual([[]]);
  });
});

describe('valuesNear', () => {
  it('finds the value right of a label on the same line', () => {
    const layout = segmentPage(page([line(row(0), ['Rechnungsnummer:', 0.1, 0.3], ['4711', 0.5, 0.56])]));
    const near = valuesNear(layout, seg(layout, 'Rechnungsnummer:'));
    expect(near[0]).toMatchObject({ where: 'right', seg: { text: '4711' } });
  });

  it('passes over a colon that OCR set apart between the label and its value', () => {
    const layout = segmentPage(
      page([line(row(0), ['Date', 0.49, 0.53], [':', 0.6, 0.61], ['31/01/2022', 0.72, 0.79])]),
    );
    expect(valuesNear(layout, seg(layout, 'Date'))[0]).toMatchObject({
      where: 'right',
      seg: { text: '31/01/2022' },
    });
  });

  it('does not take a segment at the far side of the page as the value right of the label', () => {
    const layout = segmentPage(page([line(row(0), ['Datum', 0.05, 0.12], ['Seite 1', 0.8, 0.9])]));
    expect(valuesNear(layout, seg(layout, 'Datum')).filter((v) => v.where === 'right')).toEqual([]);
  });

  it('finds the value below a label (a table header over its row)', () => {
    const layout = segmentPage(
      page([
        line(row(0), ['Rechnungsnummer', 0.1, 0.3], ['Datum', 0.5, 0.6]),
        line(row(1), ['4711', 0.1, 0.16], ['14.03.2024', 0.5, 0.62]),
      ]),
    );
    const near = (text: string) => valuesNear(layout, seg(layout, text)).map((v) => [v.where, v.seg.text]);
    expect(near('Datum')).toEqual([['below', '14.03.2024']]);
    // The header to its right comes first, then the row below.
    expect(near('Rechnungsnummer')).toEqual([
      ['right', 'Datum'],
      ['below', '4711'],
    ]);
  });

  it('looks below across an interleaved line of another column', () => {
    const layout = segmentPage(
      page([
        line(row(0), ['Kundennummer', 0.1, 0.25]),
        line(row(1), ['Tel. 030 123456', 0.8, 0.95]),
        line(row(2), ['K-1001', 0.1, 0.18]),
      ]),
    );
    expect(valuesNear(layout, seg(layout, 'Kundennummer'))).toEqual([
      { where: 'below', seg: expect.objectContaining({ text: 'K-1001', line: 2 }) },
    ]);
  });

  it("takes the value in the label's column over another column's line that falls between them", () => {
    // Lines 0.6 of a line height apart: the other column's text sits between label and value.
    const layout = segmentPage(
      page([
        line(row(0), ['Nº FACTURA:', 0.28, 0.37]),
        line(row(0) + LH * 0.6, ['Calcula y reduce la huella de carbono', 0.62, 0.86]),
        line(row(0) + LH * 1.3, ['21260304010123448', 0.28, 0.4]),
      ]),
    );
    expect(valuesNear(layout, seg(layout, 'Nº FACTURA:'))[0]).toMatchObject({
      where: 'below',
      seg: { text: '21260304010123448' },
    });
  });

  it("reads a label set on two lines past another column's heading that falls between them", () => {
    const layout = segmentPage(
      page([
        line(row(0), ['Data', 0.6, 0.625]),
        line(row(0) + LH * 0.4, ['Numero documento', 0.4, 0.52], ['Codice destinatario', 0.71, 0.82]),
        line(row(0) + LH * 0.9, ['documento', 0.58, 0.65]),
        line(row(0) + LH * 2, ['2/AUTO', 0.43, 0.48], ['31-08-2020', 0.57, 0.64]),
      ]),
    );
    expect(valuesNear(layout, seg(layout, 'Data')).map((v) => v.seg.text)).toEqual([
      'documento',
      '31-08-2020',
    ]);
  });

  it('takes a value starting right of the label on the next line (a right-aligned value)', () => {
    const layout = segmentPage(
      page([line(row(0), ['Gesamtbetrag', 0.1, 0.25]), line(row(1), ['119,00 EUR', 0.4, 0.52])]),
    );
    expect(valuesNear(layout, seg(layout, 'Gesamtbetrag'))).toEqual([
      { where: 'below', seg: expect.objectContaining({ text: '119,00 EUR' }) },
    ]);
  });

  it('takes an off-column value only from the very next line', () => {
    const layout = segmentPage(
      page([
        line(row(0), ['Gesamtbetrag', 0.1, 0.25]),
        line(row(1), ['Seite 1', 0.8, 0.9]),
        line(row(2), ['119,00 EUR', 0.4, 0.52]),
      ]),
    );
    expect(valuesNear(layout, seg(layout, 'Gesamtbetrag'))).toEqual([]);
  });

  it('gives up below after a gap of more than four line heights', () => {
    const far = segmentPage(
      page([line(row(0), ['Datum', 0.1, 0.17]), line(row(0) + LH * 5.5, ['1.1.2024', 0.1, 0.2])]),
    );
    expect(valuesNear(far, seg(far, 'Datum'))).toEqual([]);
    const close = segmentPage(
      page([line(row(0), ['Datum', 0.1, 0.17]), line(row(0) + LH * 4.5, ['1.1.2024', 0.1, 0.2])]),
    );
    expect(valuesNear(close, seg(close, 'Datum')).map((v) => v.seg.text)).toEqual(['1.1.2024']);
  });
});

describe('columnBelow', () => {
  // A VAT breakdown: rate, base and tax columns; a row per rate, the sum row, then the footer.
  const layout = segmentPage(
    page([
      line(row(0), ['Satz', 0.4, 0.46], ['Netto', 0.6, 0.68], ['Steuer', 0.8, 0.9]),
      line(row(1), ['7 %', 0.4, 0.45], ['50,00', 0.62, 0.68], ['3,50', 0.84, 0.9]),
      line(row(2), ['19 %', 0.4, 0.45], ['100,00', 0.61, 0.68], ['19,00', 0.83, 0.9]),
      line(row(3), ['Bemerkung: Dank', 0.1, 0.3]),
      line(row(4), ['Summe', 0.4, 0.48], ['150,00', 0.61, 0.68], ['22,50', 0.83, 0.9]),
      line(row(10), ['Bankverbindung', 0.1, 0.25], ['999,99', 0.83, 0.9]),
    ]),
  );

  it('returns the rows of a column, skipping lines without it, until a wide gap', () => {
    expect(texts(columnBelow(layout, seg(layout, 'Steuer')))).toEqual(['3,50', '19,00', '22,50']);
    expect(texts(columnBelow(layout, seg(layout, 'Netto')))).toEqual(['50,00', '100,00', '150,00']);
  });

  it('stops after maxRows', () => {
    expect(texts(columnBelow(layout, seg(layout, 'Steuer'), 2))).toEqual(['3,50', '19,00']);
  });

  it('is empty for a header with nothing under it', () => {
    const lone = segmentPage(page([line(row(0), ['Betrag', 0.8, 0.9]), line(row(1), ['Text', 0.1, 0.2])]));
    expect(columnBelow(lone, seg(lone, 'Betrag'))).toEqual([]);
  });
});

describe('partyBlocks', () => {
  it('finds seller and buyer blocks side by side and keeps each in its column', () => {
    const layout = segmentPage(
      page([
        line(row(0), ['Verkäufer', 0.08, 0.2], ['Käufer', 0.55, 0.64]),
        line(row(1), ['ACME GmbH', 0.08, 0.22], ['Kunden AG', 0.55, 0.68]),
        line(row(2), ['Hauptstraße 1', 0.08, 0.25], ['Marktplatz 5', 0.55, 0.7]),
        line(row(3), ['10115 Berlin', 0.08, 0.22], ['80331 München', 0.55, 0.72]),
      ]),
    );
    const blocks = partyBlocks([layout]);
    expect(blocks.map((b) => [b.role, b.heading.text, texts(b.segments)])).toEqual([
      ['seller', 'Verkäufer', ['ACME GmbH', 'Hauptstraße 1', '10115 Berlin']],
      ['buyer', 'Käufer', ['Kunden AG', 'Marktplatz 5', '80331 München']],
    ]);
  });

  it('reads a heading run together with the name when the block stands under the name', () => {
    const layout = segmentPage(
      page([
        line(row(0), ['Plusway AB', 0.09, 0.2], ['Faktura', 0.82, 0.9]),
        line(row(3), ['Fakturaadress Robin Horsner', 0.54, 0.75]),
        line(row(4), ['Svenstorpsvägen 5', 0.66, 0.8]),
        line(row(5), ['Fakturadatum', 0.09, 0.2], ['2020-12-01', 0.35, 0.45]),
        line(row(6), ['268 78 Kågeröd', 0.66, 0.78]),
      ]),
    );
    expect(partyBlocks([layout]).map((b) => [b.role, b.heading.text, texts(b.segments)])).toEqual([
      ['buyer', 'Fakturaadress Robin Horsner', ['Robin Horsner', 'Svenstorpsvägen 5', '268 78 Kågeröd']],
    ]);
    // Flush under the heading's start, the line is the heading's sentence, not a block under a name.
    const sentence = segmentPage(
      page([
        line(row(3), ['Fakturaadress Robin Horsner', 0.54, 0.75]),
        line(row(4), ['Svenstorpsvägen 5', 0.54, 0.7]),
      ]),
    );
    expect(partyBlocks([sentence])).toEqual([]);
  });

  it("ends a block at a line of the invoice's own data, as a one-column page runs on below it", () => {
    const layout = segmentPage(
      page([
        line(row(0), ['Bill To:', 0.08, 0.2]),
        line(row(1), ['Contoso Plc', 0.08, 0.22]),
        line(row(2), ['1 Market Square, Leeds LS1 1AA', 0.08, 0.4]),
        line(row(4), ['Invoice No: INV-10452', 0.08, 0.3]),
        line(row(5), ['Due Date: 13 April 2024', 0.08, 0.3]),
        line(row(7), ['Total £960.00', 0.08, 0.25]),
        line(row(9), ['IBAN: GB33 BUKB 2020 1555 5555 55', 0.08, 0.5]),
      ]),
    );
    const [block] = partyBlocks([layout]);
    expect(texts(block!.segments)).toEqual(['Contoso Plc', '1 Market Square, Leeds LS1 1AA']);
  });

  it('ends a block at the next heading in its column and at a wide vertical gap', () => {
    const layout = segmentPage(
      page([
        line(row(0), ['Rechnungsempfänger', 0.08, 0.3]),
        line(row(1), ['Kunden AG', 0.08, 0.2]),
        line(row(2), ['Lieferadresse', 0.08, 0.22]),
        line(row(3), ['Lager 3', 0.08, 0.18]),
        line(row(10), ['Vielen Dank für Ihren Auftrag', 0.08, 0.4]),
      ]),
    );
    expect(partyBlocks([layout]).map((b) => [b.role, texts(b.segments)])).toEqual([
      ['buyer', ['Kunden AG']],
      ['other', ['Lager 3']],
    ]);
  });

  it('leaves "Label: value" values far right of the heading out of the block', () => {
    const layout = segmentPage(
      page([
        line(row(0), ['Lieferant', 0.08, 0.18]),
        line(row(1), ['Name:', 0.08, 0.14], ['ACME GmbH', 0.4, 0.55]),
        line(row(2), ['Ort:', 0.08, 0.12], ['Berlin', 0.4, 0.48]),
      ]),
    );
    const [block] = partyBlocks([layout]);
    expect(block).toMatchObject({ role: 'seller' });
    expect(texts(block!.segments)).toEqual(['Name:', 'Ort:']);
  });

  it('reads the blocks of every page, each with its own page number', () => {
    const p1 = segmentPage(
      page([line(row(0), ['Seller', 0.1, 0.2]), line(row(1), ['ACME Ltd', 0.1, 0.2])], 1),
    );
    const p2 = segmentPage(
      page([line(row(0), ['Bill to', 0.1, 0.2]), line(row(1), ['Globex Inc', 0.1, 0.22])], 2),
    );
    expect(partyBlocks([p1, p2]).map((b) => [b.role, b.heading.page, texts(b.segments)])).toEqual([
      ['seller', 1, ['ACME Ltd']],
      ['buyer', 2, ['Globex Inc']],
    ]);
  });

  it('finds no blocks on a page without headings', () => {
    const layout = segmentPage(page([line(row(0), ['ACME GmbH', 0.1, 0.3])]));
    expect(partyBlocks([layout])).toEqual([]);
  });
});
