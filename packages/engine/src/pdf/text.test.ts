import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openPdf } from './open.js';
import {
  cleanWord,
  euroSignsReadAsE,
  extractText,
  type PageText,
  pageLinesText,
  textQuality,
  verticalMetrics,
} from './text.js';

interface TestPage {
  /** Content stream; fonts /F1 (Helvetica) and /F2 (Helvetica-Bold) are available. */
  content: string;
  rotate?: number;
}

/** A minimal PDF with exact xref offsets: one content stream per page, A4 portrait media box. */
function makePdf(pages: TestPage[]): Uint8Array {
  const objects: string[] = [];
  const kids = pages.map((_, i) => `${5 + 2 * i} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  for (const [i, p] of pages.entries()) {
    const rotate = p.rotate ? ` /Rotate ${p.rotate}` : '';
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842]${rotate} /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${6 + 2 * i} 0 R >>`,
    );
    objects.push(`<< /Length ${p.content.length} >>\nstream\n${p.content}\nendstream`);
  }
  let out = '%PDF-1.7\n';
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

async function textOf(bytes: Uint8Array, maxPages?: number): Promise<PageText[]> {
  const doc = await openPdf(bytes);
  try {
    return await extractText(doc, maxPages === undefined ? {} : { maxPages });
  } finally {
    await doc.destroy();
  }
}

const lineTexts = (p: PageText): string[] => p.lines.map((l) => l.text);

/** Every box inside the page and not inverted; lines top to bottom. */
function expectSaneBoxes(p: PageText): void {
  for (const l of p.lines) {
    for (const b of [l.bbox, ...l.words.map((w) => w.bbox)]) {
      expect(b.every((v) => v >= 0 && v <= 1)).toBe(true);
      expect(b[0]).toBeLessThanOrEqual(b[2]);
      expect(b[1]).toBeLessThanOrEqual(b[3]);
    }
    expect(l.text).toBe(l.words.map((w) => w.text).join(' '));
    for (let i = 1; i < l.words.length; i++)
      expect(l.words[i]!.bbox[0]).toBeGreaterThanOrEqual(l.words[i - 1]!.bbox[0]);
  }
  const mid = p.lines.map((l) => (l.bbox[1] + l.bbox[3]) / 2);
  for (let i = 1; i < mid.length; i++) expect(mid[i]!).toBeGreaterThanOrEqual(mid[i - 1]!);
}

// Text whose baseline runs up the media box (0 1 -1 0 Tm) reads left to right once /Rotate 90 turns
// the page; lines further right in user space are further down on the displayed page.
const SIDEWAYS = [
  'BT /F1 12 Tf 0 1 -1 0 100 72 Tm (Rechnung Nr. 4711) Tj ET',
  'BT /F1 10 Tf 0 1 -1 0 130 72 Tm (Datum: 14.03.2024) Tj ET',
  'BT /F1 10 Tf 0 1 -1 0 130 500 Tm (Betrag: 1.234,56 EUR) Tj ET',
].join('\n');

describe('extractText on generated PDFs', () => {
  it('groups words into lines by baseline, orders them and keeps the column gap in the boxes', async () => {
    const content = [
      'BT /F1 10 Tf 1 0 0 1 300 700 Tm (Betrag: 1.234,56 EUR) Tj ET',
      'BT /F1 10 Tf 1 0 0 1 72 701.5 Tm (Datum: 14.03.2024) Tj ET',
      'BT /F2 14 Tf 1 0 0 1 72 750 Tm (Rechnung Nr. 4711) Tj ET',
      'BT /F1 10 Tf 1 0 0 1 72 650 Tm (Rech) Tj /F2 10 Tf (nung) Tj ET',
      'BT /F1 10 Tf 1 0 0 1 72 630 Tm (Total) Tj ET BT /F1 10 Tf 1 0 0 1 72.4 630 Tm (Total) Tj ET',
    ].join('\n');
    const [page] = await textOf(makePdf([{ content }]));
    expect(page!.usable).toBe(true);
    expect(page!.reason).toBeUndefined();
    expect(page!.rotation).toBe(0);
    expect([page!.width, page!.height]).toEqual([595, 842]);
    // A font change inside a word joins back up; a doubly drawn (fake bold) word counts once.
    expect(lineTexts(page!)).toEqual([
      'Rechnung Nr. 4711',
      'Datum: 14.03.2024 Betrag: 1.234,56 EUR',
      'Rechnung',
      'Total',
    ]);
    // chars counts the text layer as drawn, the doubled "Total" included.
    expect(page!.chars).toBe(67);
    const row = page!.lines[1]!;
    expect(row.words.map((w) => w.text)).toEqual(['Datum:', '14.03.2024', 'Betrag:', '1.234,56', 'EUR']);
    expect(row.words[0]!.bbox[0]).toBeCloseTo(72 / 595, 4);
    expect(row.words[2]!.bbox[0]).toBeCloseTo(300 / 595, 4);
    expect(row.words[2]!.bbox[0] - row.words[1]!.bbox[2]).toBeGreaterThan(0.2);
    expect(row.words[0]!.fontSize).toBe(10);
    expect(page!.lines[0]!.words[0]!.fontSize).toBe(14);
    expectSaneBoxes(page!);
    expect(pageLinesText(page!)).toBe(lineTexts(page!).join('\n'));
  });

  it('ends a word at a space pdf.js gives as an item of its own, however narrow', async () => {
    // A report designer's tight word spacing: each space advances 0.06 em, which pdf.js gives as a
    // " " item of its own between the words; the words are never joined across it. A font change
    // inside a word (no space between) still joins.
    const content = [
      'BT /F1 10 Tf -2.2 Tw 1 0 0 1 72 700 Tm (VPS XL SSD) Tj 0 Tw ET',
      'BT /F1 10 Tf 1 0 0 1 72 650 Tm (VPS) Tj ET',
      'BT /F2 10 Tf 1 0 0 1 92.5 650 Tm (XL) Tj ET',
    ].join('\n');
    const [page] = await textOf(makePdf([{ content }]));
    expect(lineTexts(page!)).toEqual(['VPS XL SSD', 'VPSXL']);
  });

  it('turns a /Rotate page upright through the viewport', async () => {
    const [page] = await textOf(makePdf([{ content: SIDEWAYS, rotate: 90 }]));
    expect(page!.rotation).toBe(0);
    expect([page!.width, page!.height]).toEqual([842, 595]);
    expect(lineTexts(page!)).toEqual(['Rechnung Nr. 4711', 'Datum: 14.03.2024 Betrag: 1.234,56 EUR']);
    const row = page!.lines[1]!;
    expect(row.words[0]!.bbox[0]).toBeCloseTo(72 / 842, 4);
    expect(row.words[2]!.bbox[0]).toBeCloseTo(500 / 842, 4);
    expectSaneBoxes(page!);
  });

  it('turns a page whose text runs sideways as displayed so the text reads upright', async () => {
    const [page] = await textOf(makePdf([{ content: SIDEWAYS }]));
    expect(page!.rotation).toBe(270);
    expect([page!.width, page!.height]).toEqual([842, 595]);
    expect(lineTexts(page!)).toEqual(['Rechnung Nr. 4711', 'Datum: 14.03.2024 Betrag: 1.234,56 EUR']);
    expectSaneBoxes(page!);
  });

  it('keeps a line in another direction (a margin note) as its own line', async () => {
    const note = 'BT /F1 8 Tf 1 0 0 1 400 300 Tm (HRB 1234) Tj ET';
    const [page] = await textOf(makePdf([{ content: `${SIDEWAYS}\n${note}`, rotate: 90 }]));
    expect(page!.rotation).toBe(0);
    expect(lineTexts(page!)).toContain('HRB 1234');
    expect(lineTexts(page!).filter((t) => t !== 'HRB 1234')).toEqual([
      'Rechnung Nr. 4711',
      'Datum: 14.03.2024 Betrag: 1.234,56 EUR',
    ]);
    const margin = page!.lines.find((l) => l.text === 'HRB 1234')!;
    // Running down the displayed page: taller than wide in page proportions.
    expect((margin.bbox[3] - margin.bbox[1]) * page!.height).toBeGreaterThan(
      (margin.bbox[2] - margin.bbox[0]) * page!.width,
    );
    expectSaneBoxes(page!);
  });

  it('reads several pages, stops at maxPages and reports an empty page as no_text', async () => {
    const bytes = makePdf([
      { content: 'BT /F1 12 Tf 72 700 Td (Seite 1) Tj ET' },
      { content: '' },
      { content: 'BT /F1 12 Tf 72 700 Td (Seite 3) Tj ET' },
    ]);
    const all = await textOf(bytes);
    expect(all.map((p) => [p.page, p.usable, p.reason, pageLinesText(p)])).toEqual([
      [1, true, undefined, 'Seite 1'],
      [2, false, 'no_text', ''],
      [3, true, undefined, 'Seite 3'],
    ]);
    expect(all[1]!.chars).toBe(0);
    expect((await textOf(bytes, 2)).map((p) => p.page)).toEqual([1, 2]);
    expect(await textOf(bytes, 0)).toEqual([]);
  });
});

describe('textQuality', () => {
  it('accepts ordinary invoice text in Latin and Cyrillic scripts', () => {
    expect(textQuality('Rechnung Nr. 4711 vom 14.03.2024 Gesamtbetrag 1.234,56 €')).toEqual({ usable: true });
    expect(textQuality('Счёт № 15 от 14 марта 2024 г. Итого: 1 234,56 ₽')).toEqual({ usable: true });
    expect(textQuality('1')).toEqual({ usable: true });
  });

  it('drops invisible characters and icon glyphs, spells out ligatures and writes typographic hyphens as hyphen-minus', () => {
    expect(cleanWord('Rech\u00adnung\u200b')).toBe('Rechnung');
    expect(cleanWord('\ufb01nal')).toBe('final');
    expect(cleanWord('18\u201008\u20102026')).toBe('18-08-2026');
    // An icon font's glyph (a calendar before "DATUM SPLATNOSTI:") is no text.
    expect(cleanWord('\ue660')).toBe('');
    expect(cleanWord('\uf073Datum')).toBe('Datum');
    expect(cleanWord('IOPOLE\u2011jdz7')).toBe('IOPOLE-jdz7');
    // (a dash stays a dash: "10–12" is a range)
    expect(cleanWord('10\u201312')).toBe('10\u201312');
  });

  it('calls absent text no_text', () => {
    expect(textQuality('')).toEqual({ usable: false, reason: 'no_text' });
    expect(textQuality(' \n\t ')).toEqual({ usable: false, reason: 'no_text' });
  });

  it('calls unmapped glyphs, control characters, foreign scripts and symbol soup garbled', () => {
    const garbled = { usable: false, reason: 'garbled' };
    expect(textQuality('\ue001\ue002\ue003 \ue004\ue005 Total 12')).toEqual(garbled);
    expect(textQuality('\u0003\u0004\u0005\u0006 \u0007\u0011 ab')).toEqual(garbled);
    expect(textQuality('Re\ufffd\ufffdnung \ufffd\ufffd\ufffd')).toEqual(garbled);
    expect(textQuality('䁒䁥䁣䁨䁮䁵䁮䁧 䁎䁲 123')).toEqual(garbled);
    expect(textQuality('.... ---- //// ,,,, ;;;; .... ----')).toEqual(garbled);
  });
});

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const corpus = path.resolve(repoRoot, '../shared/corpus');
const corpusPdf = (rel: string) => textOf(new Uint8Array(readFileSync(path.join(corpus, rel))));

describe.skipIf(!existsSync(corpus))('extractText on the corpus', () => {
  it('reads a four-page ZUGFeRD invoice line by line', async () => {
    const pages = await corpusPdf('einvoice/ferd-zugferd-2.2/EXTENDED_Kostenrechnung.pdf');
    expect(pages.map((p) => [p.page, p.usable, p.rotation, p.width, p.height])).toEqual([
      [1, true, 0, 595, 842],
      [2, true, 0, 595, 842],
      [3, true, 0, 595, 842],
      [4, true, 0, 595, 842],
    ]);
    const first = lineTexts(pages[0]!);
    expect(first.slice(0, 3)).toEqual([
      'Beispiel-Rechnungen für ZUGFeRD 2.2, (c) FeRD 2022',
      'Handelsrechnung (380) Nr. KR87654321012 vom 06.10.2018 -',
      'KOSTENRECHNUNG',
    ]);
    expect(first).toContain('Währung: EUR');
    expect(first).toContain('E-Mail: max.mustermann@musterlieferant.de');
    expect(first[first.length - 1]).toBe('Seite 1 von 4');
    expect(lineTexts(pages[2]!)).toContain('Umsatzsteuer ( S ) 410,10 -6,55 403,55 19 76,67');
    // "Label:        value" forms: the value's box starts well right of the label's.
    const currency = pages[0]!.lines.find((l) => l.text === 'Währung: EUR')!;
    expect(currency.words[1]!.bbox[0] - currency.words[0]!.bbox[2]).toBeGreaterThan(0.2);
    for (const p of pages) expectSaneBoxes(p);
  });

  it('reads supplier invoices from invoice2data', async () => {
    const coolblue = lineTexts((await corpusPdf('textpdf/invoice2data/coolblue1.pdf'))[0]!);
    expect(coolblue).toContain('Factuurnummer: 993548900');
    expect(coolblue).toContain('IBAN NL50INGB0683251309');
    expect(coolblue).toContain('BIC INGBNL2A');
    expect(coolblue).toContain('Exclusief BTW € 593,36 Subtotaal € 717,97');
    const aws = await corpusPdf('textpdf/invoice2data/AmazonWebServices.pdf');
    expect(lineTexts(aws[0]!)).toContain('Total for this invoice $4.11');
    expect([aws[0]!.width, aws[0]!.height]).toEqual([612, 792]);
    const hosting = await corpusPdf('textpdf/invoice2data/QualityHosting.pdf');
    expect(hosting).toHaveLength(2);
    expect(lineTexts(hosting[0]!)).toContain('Rechnungsdatum 7. Mai 2014');
    for (const p of [...aws, ...hosting]) expectSaneBoxes(p);
  });

  it('reports an image-only scan as no_text on every page', async () => {
    const pages = await corpusPdf('scans/ferd-zugferd-2.2/XRECHNUNG_Einfach.scan.pdf');
    expect(pages.length).toBeGreaterThan(0);
    for (const p of pages) expect([p.usable, p.reason, p.chars, p.lines]).toEqual([false, 'no_text', 0, []]);
  });

  it('reports a page whose glyphs map to garbage as garbled', async () => {
    const pages = await corpusPdf('qr/swiss/smartive-swiss-qr-bill-decoder/images/double.pdf');
    expect(pages.map((p) => [p.usable, p.reason])).toEqual([
      [true, undefined],
      [false, 'garbled'],
    ]);
  });

  it('turns a /Rotate 270 page with upright content back so it reads as the unrotated bill', async () => {
    const [rotated] = await corpusPdf('qr/swiss/smartive-swiss-qr-bill-decoder/images/rotated.pdf');
    const [upright] = await corpusPdf('qr/swiss/smartive-swiss-qr-bill-decoder/images/double.pdf');
    expect(rotated!.rotation).toBe(270);
    expect([rotated!.width, rotated!.height]).toEqual([595.28, 841.89]);
    expect(lineTexts(rotated!)).toContain('CH33 8914 4927 9774 7318 2');
    expect(lineTexts(rotated!)).toEqual(lineTexts(upright!));
    expectSaneBoxes(rotated!);
  });
});

describe('verticalMetrics', () => {
  it("keeps a font's ascent and descent to a band around the baseline, whatever the font reports", () => {
    expect(verticalMetrics({ ascent: 0.9, descent: -0.25 })).toEqual({ ascent: 0.9, descent: -0.25 });
    expect(verticalMetrics({ ascent: 7, descent: -3 })).toEqual({ ascent: 1.1, descent: -0.4 });
    // A Type 3 font may report no number at all: the word keeps its place on the page.
    expect(verticalMetrics({ ascent: Number.NaN, descent: Number.NaN })).toEqual({
      ascent: 0.8,
      descent: -0.2,
    });
    expect(verticalMetrics(undefined)).toEqual({ ascent: 0.8, descent: -0.2 });
  });
});

describe('extractText: a filled-in form', () => {
  it("reads its text fields' values where they stand, beside the page's own text; hidden ones not", async () => {
    const { PDFDocument, StandardFonts } = await import('pdf-lib');
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    page.drawText('TOTALE', { x: 293, y: 269.5, size: 16, font });
    page.drawText('data:', { x: 60, y: 630, size: 11, font });
    const form = pdf.getForm();
    const total = form.createTextField('total');
    total.setText('1424,96 Euro');
    total.addToPage(page, { x: 380, y: 267.6, width: 80, height: 22.7, font });
    const date = form.createTextField('date');
    date.setText('29/03/2021');
    date.addToPage(page, { x: 127, y: 619, width: 113, height: 25.5, font });
    const address = form.createTextField('address');
    address.enableMultiline();
    address.setText('Mario Rossi\nVia Torino 40');
    address.addToPage(page, { x: 133, y: 536, width: 150, height: 71, font });
    const hidden = form.createTextField('hidden');
    hidden.setText('SECRET 999');
    hidden.addToPage(page, { x: 60, y: 100, width: 150, height: 20, font, hidden: true });
    const [text] = await textOf(await pdf.save());
    const lines = lineTexts(text!);
    expect(lines).toContain('TOTALE 1424,96 Euro');
    expect(lines.some((l) => l.includes('29/03/2021'))).toBe(true);
    expect(lines).toEqual(expect.arrayContaining(['Mario Rossi', 'Via Torino 40']));
    expect(lines.join(' ')).not.toContain('SECRET');
    expect(lines.indexOf('Mario Rossi')).toBeLessThan(lines.indexOf('Via Torino 40'));
  });
});

describe('cleanWord: icons', () => {
  it('drops emoji and dingbats set as icons before a word', () => {
    expect(cleanWord('👤')).toBe('');
    expect(cleanWord('☎')).toBe('');
    expect(cleanWord('Prejemnik')).toBe('Prejemnik');
    expect(cleanWord('©')).toBe('©');
  });
});

describe('extractText: an icon before a word', () => {
  it("gives the word the icon's place when it stands right before it on its baseline", async () => {
    const { PDFDocument, StandardFonts } = await import('pdf-lib');
    const fontkit = (await import('@pdf-lib/fontkit')).default;
    const pdf = await PDFDocument.create();
    pdf.registerFontkit(fontkit);
    // The icon in a font of its own, as web pages set them: its own text item.
    const icons = await pdf.embedFont(readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'), {
      subset: true,
    });
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([595, 842]);
    page.drawText('☎', { x: 327, y: 640, size: 10, font: icons });
    page.drawText('Prejemnik', { x: 340, y: 640, size: 10, font });
    page.drawText('☎', { x: 60, y: 600, size: 10, font: icons });
    page.drawText('Telefon', { x: 200, y: 600, size: 10, font });
    const [text] = await textOf(await pdf.save());
    const word = (w: string) => text!.lines.flatMap((l) => l.words).find((x) => x.text === w)!;
    // the icon's left edge, 327 pt
    expect(word('Prejemnik').bbox[0]).toBeCloseTo(327 / 595, 2);
    // an icon far from the next word leaves it where it is
    expect(word('Telefon').bbox[0]).toBeCloseTo(200 / 595, 2);
    expect(lineTexts(text!).join(' ')).not.toContain('☎');
  });
});

describe('extractText: glyphs the PDF maps to no character', () => {
  it("reads a hyphen and a colon from their outlines, as Stripe's invoices need", async () => {
    const { PDFDocument, PDFRawStream, decodePDFRawStream } = await import('pdf-lib');
    const fontkit = (await import('@pdf-lib/fontkit')).default;
    const made = await PDFDocument.create();
    made.registerFontkit(fontkit);
    const font = await made.embedFont(readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'), {
      subset: true,
    });
    made.addPage([595, 842]).drawText('Invoice number: JBAIETAU-0004', { x: 60, y: 760, size: 10, font });
    // The font's ToUnicode map then loses the hyphen and the colon (maps them to U+0000).
    const pdf = await PDFDocument.load(await made.save({ useObjectStreams: false }));
    for (const [ref, obj] of pdf.context.enumerateIndirectObjects()) {
      if (!(obj instanceof PDFRawStream)) continue;
      const cmap = Buffer.from(decodePDFRawStream(obj).decode()).toString('latin1');
      if (!cmap.includes('begincmap')) continue;
      pdf.context.assign(
        ref,
        pdf.context.flateStream(cmap.replace('<002D>', '<0000>').replace('<003A>', '<0000>')),
      );
    }
    const [text] = await textOf(await pdf.save({ useObjectStreams: false }));
    expect(lineTexts(text!)).toEqual(['Invoice number: JBAIETAU-0004']);
  });
});

describe('euroSignsReadAsE', () => {
  const lineOf = (text: string) => ({
    text,
    words: text
      .split(' ')
      .map((t) => ({ text: t, bbox: [0, 0, 1, 1] as [number, number, number, number], fontSize: 10 })),
  });
  it('writes the euro sign a font mapped to "e" beside amounts, seen twice on the page', () => {
    const lines = [lineOf('Zwischensumme 2 900,00 e'), lineOf('Total: e207,00')];
    euroSignsReadAsE(lines);
    expect(lines.map((l) => l.text)).toEqual(['Zwischensumme 2 900,00 €', 'Total: €207,00']);
    // (also an "e" opening its line: "e 1 710,00")
    const opening = [lineOf('e 1 710,00'), lineOf('e 0,00')];
    euroSignsReadAsE(opening);
    expect(opening.map((l) => l.text)).toEqual(['€ 1 710,00', '€ 0,00']);
  });

  it('leaves an "e" beside an amount once, and every "e" on a page that prints "€"', () => {
    const once = [lineOf('Totale 10,00 e 20,00 IVA'), lineOf('Fattura n. 5')];
    euroSignsReadAsE(once);
    expect(once[0]!.text).toBe('Totale 10,00 e 20,00 IVA');
    const euro = [lineOf('Summe 2 900,00 e'), lineOf('Total: e207,00'), lineOf('Brutto 10,00 €')];
    euroSignsReadAsE(euro);
    expect(euro[0]!.text).toBe('Summe 2 900,00 e');
  });
});
