import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDocument } from '../document.js';
import { ReadError } from '../errors.js';
import { CONFIDENCE_BAR } from '../project/field-sets.js';
import { ocrPage, ocrWord } from '../test-support/ocr-pages.js';
import { tesseractLangs, tesseractModelDir } from './models.js';
import {
  capByOcrConfidence,
  DEFAULT_OCR_BACKEND,
  doubtedByOcrOnly,
  type OcrPage,
  ocrBackend,
  ocrLayout,
  ocrRating,
  rateUnreadIban,
} from './ocr-page.js';

const page: OcrPage = {
  page: 1,
  widthPx: 1000,
  heightPx: 1400,
  lines: [
    {
      words: [
        { text: 'Total', bbox: [0.6, 0.5, 0.66, 0.52], confidence: 0.95, heightPx: 28 },
        { text: '119,00', bbox: [0.8, 0.5, 0.88, 0.52], confidence: 0.55, heightPx: 28 },
      ],
    },
    { words: [{ text: 'Rechnung', bbox: [0.1, 0.1, 0.3, 0.13], confidence: 0.97, heightPx: 40 }] },
  ],
};

type Box = [number, number, number, number];
/** A value's provenance on page 1 over `bbox` (the total's, by default), as the reading rated it. */
const rated = (confidence: number, bbox: Box = [0.79, 0.49, 0.9, 0.53]) => ({
  source: 'ocr' as const,
  reader: 't',
  page: 1,
  bbox,
  confidence,
});

describe('ocrLayout', () => {
  it('turns OCR lines into laid-out lines in reading order, sized in pixels', () => {
    const l = ocrLayout(page);
    expect([l.width, l.height]).toEqual([1000, 1400]);
    expect(l.lines.map((x) => x.text)).toEqual(['Rechnung', 'Total 119,00']);
    expect(l.lines[1]!.bbox).toEqual([0.6, 0.5, 0.88, 0.52]);
    expect(l.lines[0]!.words[0]!.fontSize).toBeCloseTo(52);
  });
});

describe('capByOcrConfidence', () => {
  it('lowers a value to the mean confidence of the words under its box, never raises it', () => {
    const d = emptyDocument('ocr');
    d.provenance['totals.gross'] = rated(0.93);
    d.provenance.number = rated(0.9, [0.09, 0.09, 0.31, 0.14]);
    d.provenance['totals.net'] = {
      source: 'ocr',
      reader: 't',
      page: 1,
      bbox: [0.59, 0.49, 0.9, 0.53],
      confidence: 0.93,
    };
    capByOcrConfidence(d, [page]);
    expect(d.provenance['totals.gross']!.confidence).toBe(0.55);
    expect(d.provenance.number!.confidence).toBe(0.9);
    expect(d.provenance['totals.net']!.confidence).toBe(0.75);
  });

  it('does not count a word of the next line that reaches into the box by a sliver', () => {
    // "LE CENT" (its second word rated 0.5) on a line set tight above "CLIENT NOM" (0.84, 0.96).
    const tight: OcrPage = {
      page: 1,
      widthPx: 1000,
      heightPx: 1400,
      lines: [
        {
          words: [
            { text: 'LE', bbox: [0.5, 0.106, 0.512, 0.12], confidence: 0.96, heightPx: 20 },
            { text: 'CENT', bbox: [0.515, 0.108, 0.548, 0.114], confidence: 0.5, heightPx: 9 },
          ],
        },
        {
          words: [
            { text: 'CLIENT', bbox: [0.503, 0.119, 0.536, 0.125], confidence: 0.84, heightPx: 9 },
            { text: 'NOM', bbox: [0.537, 0.119, 0.563, 0.125], confidence: 0.96, heightPx: 9 },
          ],
        },
      ],
    };
    const d = emptyDocument('ocr');
    d.buyer.name = 'LE CENT';
    d.provenance['buyer.name'] = rated(0.85, [0.5, 0.1065, 0.5482, 0.1205]);
    capByOcrConfidence(d, [tight]);
    expect(d.provenance['buyer.name']!.confidence).toBe(0.73);
  });

  it('rates a value with digits by the words with digits under its box, not by a smudged label', () => {
    const d = emptyDocument('ocr');
    d.issue_date = '2013-03-05';
    d.provenance.issue_date = {
      source: 'ocr',
      reader: 't',
      page: 1,
      bbox: [0.6, 0.1, 0.95, 0.13],
      confidence: 0.9,
    };
    const labelled = ocrPage([
      ocrWord('Rechnungsdalum', [0.6, 0.1, 0.75, 0.13], 0.4),
      ocrWord('05.03.2013', [0.85, 0.1, 0.95, 0.13], 0.88),
    ]);
    capByOcrConfidence(d, [labelled]);
    expect(d.provenance.issue_date!.confidence).toBe(0.88);
  });

  it('leaves totals that add up and an IBAN that passes its checksum as the reader rated them', () => {
    const prov = (bbox: Box) => rated(0.93, bbox);
    const d = emptyDocument('ocr');
    d.totals = { net: '100.00', vat: '19.00', gross: '119.00' };
    d.payment.accounts = [{ iban: 'DE89370400440532013000' }];
    for (const k of ['totals.net', 'totals.vat', 'totals.gross', 'payment.accounts.0.iban'])
      d.provenance[k] = prov([0.79, 0.49, 0.9, 0.53]);
    capByOcrConfidence(d, [page]);
    for (const k of ['totals.net', 'totals.vat', 'totals.gross', 'payment.accounts.0.iban'])
      expect(d.provenance[k]!.confidence, k).toBe(0.93);

    // Totals that do not add up, or an IBAN failing mod 97, keep the cap.
    const off = emptyDocument('ocr');
    off.totals = { net: '100.00', vat: '19.00', gross: '118.00' };
    off.payment.accounts = [{ iban: 'DE89370400440532013001' }];
    for (const k of ['totals.gross', 'payment.accounts.0.iban'])
      off.provenance[k] = prov([0.79, 0.49, 0.9, 0.53]);
    capByOcrConfidence(off, [page]);
    expect(off.provenance['totals.gross']!.confidence).toBe(0.55);
    expect(off.provenance['payment.accounts.0.iban']!.confidence).toBe(0.55);
  });

  it("leaves a BIC as rated when it is the one the Bundesbank lists for the IBAN's bank", () => {
    const prov = () => rated(0.88);
    // DE02 1203 0000 ...: Deutsche Kreditbank Berlin, BYLADEM1001.
    const listed = emptyDocument('ocr');
    listed.payment.accounts = [{ iban: 'DE02120300000000202051', bic: 'BYLADEM1001' }];
    listed.provenance['payment.accounts.0.bic'] = prov();
    capByOcrConfidence(listed, [page]);
    expect(listed.provenance['payment.accounts.0.bic']!.confidence).toBe(0.88);
    // Another bank's BIC beside it, or the listed one beside an IBAN failing its checksum: capped.
    for (const account of [
      { iban: 'DE02120300000000202051', bic: 'COBADEFFXXX' },
      { iban: 'DE02120300000000202052', bic: 'BYLADEM1001' },
    ]) {
      const d = emptyDocument('ocr');
      d.payment.accounts = [account];
      d.provenance['payment.accounts.0.bic'] = prov();
      capByOcrConfidence(d, [page]);
      expect(d.provenance['payment.accounts.0.bic']!.confidence, account.bic).toBe(0.55);
    }
  });

  it("leaves a faint currency code as rated when it is the receiving country's, and caps another", () => {
    const withCode = (code: string) => {
      const d = emptyDocument('ocr');
      d.currency = code;
      d.provenance.currency = rated(0.92);
      return d;
    };
    const eur = withCode('EUR');
    capByOcrConfidence(eur, [page], 'de');
    expect(eur.provenance.currency!.confidence).toBe(0.92);
    const usd = withCode('USD');
    capByOcrConfidence(usd, [page], 'de');
    expect(usd.provenance.currency!.confidence).toBe(0.55);
    // Without a country nothing vouches for the code.
    const unknown = withCode('EUR');
    capByOcrConfidence(unknown, [page]);
    expect(unknown.provenance.currency!.confidence).toBe(0.55);
  });
});

describe('rateUnreadIban', () => {
  const withLine = (...texts: string[]) =>
    ocrPage(texts.map((t, i) => ocrWord(t, [0.1 + i * 0.2, 0.8, 0.28 + i * 0.2, 0.82], 0.9)));
  it('asks for a second read when an IBAN label is followed by an account OCR could not make out', () => {
    const d = emptyDocument('ocr');
    rateUnreadIban(d, [withLine('Verkäufer-IBAN', ':', 'DEO02120300000000202051')]);
    expect(ocrRating(d, 'payment.accounts.0.iban')).toEqual({ read: CONFIDENCE_BAR, ocr: 0 });
    expect(doubtedByOcrOnly(d)).toBe(true);
    // A dash after the label, and a sign for a letter of the country code.
    const photo = emptyDocument('ocr');
    rateUnreadIban(photo, [withLine('IBAN', '-', '0£02120300000000202051')]);
    expect(ocrRating(photo, 'payment.accounts.0.iban')).toEqual({ read: CONFIDENCE_BAR, ocr: 0 });
  });

  it('leaves a bare label, a short number and a read IBAN alone', () => {
    for (const texts of [
      ['Bankverbindung:', 'IBAN'],
      ['IBAN', 'Konto', '4711'],
      ['IBAN', 'DE02 1203 0000 0000 2020 51'],
    ]) {
      const d = emptyDocument('ocr');
      if (texts[1]?.startsWith('DE')) d.payment.accounts = [{ iban: 'DE02120300000000202051' }];
      rateUnreadIban(d, [withLine(...texts)]);
      expect(ocrRating(d, 'payment.accounts.0.iban'), texts.join(' ')).toBeUndefined();
    }
  });
});

describe('OCR models', () => {
  const saved = process.env.INVOICE_MODELS_DIR;
  afterEach(() => {
    if (saved === undefined) delete process.env.INVOICE_MODELS_DIR;
    else process.env.INVOICE_MODELS_DIR = saved;
  });

  it('chooses languages by country, English last', () => {
    expect(tesseractLangs('de')).toEqual(['deu', 'eng']);
    expect(tesseractLangs('RU')).toEqual(['rus', 'eng']);
    expect(tesseractLangs('us')).toEqual(['eng']);
  });

  it('reads Spain and the Netherlands in their language when the system gave its model', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'models-'));
    process.env.INVOICE_MODELS_DIR = dir;
    expect(tesseractLangs('es')).toEqual(['eng']);
    mkdirSync(path.join(dir, 'tesseract-fast'), { recursive: true });
    for (const lang of ['spa', 'eng'])
      writeFileSync(path.join(dir, `tesseract-fast/${lang}.traineddata.gz`), '');
    expect(tesseractLangs('ES')).toEqual(['spa', 'eng']);
    expect(tesseractModelDir(tesseractLangs('es'))).toBe(path.join(dir, 'tesseract-fast'));
    expect(tesseractLangs('nl')).toEqual(['eng']);
  });

  it('takes the fast models when they cover the languages, else the best ones', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'models-'));
    process.env.INVOICE_MODELS_DIR = dir;
    for (const f of [
      'tesseract/deu',
      'tesseract/eng',
      'tesseract/fra',
      'tesseract-fast/deu',
      'tesseract-fast/eng',
    ]) {
      mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      writeFileSync(path.join(dir, `${f}.traineddata.gz`), '');
    }
    expect(tesseractModelDir(['deu', 'eng'])).toBe(path.join(dir, 'tesseract-fast'));
    expect(tesseractModelDir(['fra', 'eng'])).toBe(path.join(dir, 'tesseract'));
  });

  it('names a missing model and the command that provides it', () => {
    process.env.INVOICE_MODELS_DIR = mkdtempSync(path.join(tmpdir(), 'no-models-'));
    let err: unknown;
    try {
      tesseractModelDir(['deu', 'eng']);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ReadError);
    expect((err as ReadError).code).toBe('model_missing');
    expect((err as ReadError).message).toMatch(/deu\.traineddata\.gz .*npm run models/);
  });
});

describe('ocrBackend', () => {
  it('takes the default of the first language, Tesseract where none is set', () => {
    expect(ocrBackend(['deu', 'eng'], '')).toBe(DEFAULT_OCR_BACKEND.deu);
    expect(ocrBackend(['rus', 'eng'], '')).toBe('tesseract');
    expect(ocrBackend(['xyz'], '')).toBe('tesseract');
  });

  it('never chooses PP-OCR alone for Russian: its recogniser has no Cyrillic', () => {
    expect(DEFAULT_OCR_BACKEND.rus).not.toBe('onnx');
  });

  it('follows INVOICE_OCR_BACKEND and refuses an unknown backend', () => {
    expect(ocrBackend(['deu', 'eng'], 'hybrid')).toBe('hybrid');
    expect(ocrBackend(['rus', 'eng'], 'onnx')).toBe('onnx');
    expect(() => ocrBackend(['deu'], 'paddle')).toThrow(
      /INVOICE_OCR_BACKEND must be one of tesseract, onnx, hybrid/,
    );
  });
});
