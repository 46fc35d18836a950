// The invoice generator against what its pages show: every field of each truth file is found in
// the text layer (pdftotext -layout) of its PDF and reads back to the truth's canonical value,
// ids pass the engine's own checks, all three PDF libraries are used, a seed gives the same set,
// and a missing font stops the run with the package to install.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBic } from '../../packages/engine/src/check/bic.js';
import { checkIban } from '../../packages/engine/src/check/iban.js';
import { checkVatId } from '../../packages/engine/src/check/vat-id.js';
import { runChild } from '../run-child.mjs';
import lexicon from './lexicon.json' with { type: 'json' };

const script = fileURLToPath(new URL('../generate-invoices.mjs', import.meta.url));
// One invoice per language (Latin, Central European, Cyrillic and Greek text), the libraries in turn.
const COUNT = 22;
const FIELDS = [
  'invoice_no',
  'invoice_date',
  'due_date',
  'currency',
  'seller_name',
  'seller_vat_id',
  'seller_iban',
  'seller_bic',
  'buyer_name',
  'net_amount',
  'vat_amount',
  'gross_amount',
];

type Truth = Record<string, unknown> & {
  printed: Record<string, string | null>;
  generator: { library: string; language: string; credit_note: boolean };
};
type Lexicon = Record<string, { months: string[]; months_short?: string[] }>;

let dir: string;
let again: string;
let rows: string[][];

async function generate(out: string, count: number, scans: number) {
  const r = await runChild(
    process.execPath,
    [script, '--count', String(count), '--seed', '7', '--scans', String(scans), '--out', out],
    { timeoutMs: 240_000 },
  );
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
}

const readTruth = (base: string, rel: string): Truth =>
  JSON.parse(readFileSync(path.join(base, `${rel}.truth.json`), 'utf8'));
const squash = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** An amount as printed ("1.234,56", "1 234", "1'234.56", "-1.234,-") in cents' decimal form. */
function readAmount(printed: string): string {
  const negative = printed.trim().startsWith('-');
  const s = printed.replace(/^-/, '').trim();
  const dec = s.match(/[.,](\d{2})$/);
  const units = (dec ? s.slice(0, -3) : s.replace(/[.,]-$/, '')).replace(/\D/g, '');
  return `${negative ? '-' : ''}${Number(units)}.${dec ? dec[1] : '00'}`;
}

/** A date as printed, numeric or with the language's month name, as yyyy-mm-dd. */
function readDate(printed: string, lang: string): string {
  const lex = (lexicon as unknown as Lexicon)[lang]!;
  const nums = printed.match(/\d+/g)!.map(Number);
  const names = [lex.months, lex.months_short ?? []];
  let month = 0;
  for (const list of names) {
    list.forEach((m, i) => {
      if (printed.includes(m)) month = i + 1;
    });
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  if (month) {
    const year = nums.find((n) => n > 999)!;
    const day = nums.find((n) => n <= 31)!;
    return `${year}-${pad(month)}-${pad(day)}`;
  }
  const [a, b, c] = nums as [number, number, number];
  return a > 999 ? `${a}-${pad(b)}-${pad(c)}` : `${c}-${pad(b)}-${pad(a)}`;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'generated-'));
  again = mkdtempSync(path.join(os.tmpdir(), 'generated-again-'));
  await generate(dir, COUNT, 1);
  rows = readFileSync(path.join(dir, 'MANIFEST.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'));
}, 300_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(again, { recursive: true, force: true });
});

describe('generate-invoices', () => {
  it('writes a manifest of text PDFs and a scan in the shared corpus format', () => {
    expect(rows).toHaveLength(COUNT + 1);
    for (const r of rows) expect(r).toHaveLength(6);
    const text = rows.filter((r) => r[1] === 'textpdf-wild');
    const scans = rows.filter((r) => r[1] === 'scan');
    expect(text).toHaveLength(COUNT);
    expect(new Set(text.map((r) => readTruth(dir, r[0]!).generator.language)).size).toBe(COUNT);
    expect(text.every((r) => r[5] === 'text' && r[0]!.endsWith('.pdf'))).toBe(true);
    expect(scans).toHaveLength(1);
    expect(scans[0]![5]).toBe('ocr');
    expect(readTruth(dir, scans[0]![0]!).expected_mode).toBe('ocr');
  });

  it('prints every truth field on the page, and the printed form reads back to the truth', async () => {
    for (const [rel] of rows.filter((r) => r[1] === 'textpdf-wild')) {
      const file = path.join(dir, rel!);
      const t = readTruth(dir, rel!);
      const r = await runChild('pdftotext', ['-layout', file, '-']);
      expect(r.status).toBe(0);
      const page = squash(r.stdout);
      const lang = t.generator.language;
      for (const [field, printed] of Object.entries(t.printed)) {
        if (printed == null) {
          expect(t[field], `${rel} ${field}`).toBeNull();
          continue;
        }
        // names may be set in capitals (the scorer compares names without case)
        if (field.endsWith('_name'))
          expect(page.toLowerCase(), `${rel} ${field}`).toContain(squash(printed).toLowerCase());
        else expect(page, `${rel} ${field}`).toContain(squash(printed));
        const value = t[field] as string;
        if (field.endsWith('_amount')) expect(readAmount(printed), `${rel} ${field}`).toBe(value);
        else if (field.endsWith('_date')) expect(readDate(printed, lang), `${rel} ${field}`).toBe(value);
        else if (field === 'seller_iban') expect(printed.replace(/\s/g, '')).toBe(value);
        else if (field === 'seller_vat_id')
          expect(printed.replace(/\s*(MWST|TVA|IVA)$/, '').replace(/[\s.-]/g, '')).toBe(value);
        else expect(printed).toBe(value);
      }
      expect(t.visible).toEqual(FIELDS.filter((k) => t[k] != null));
      // the currency shows as its code or sign somewhere on the page
      const cur = t.currency as string;
      const sign = {
        EUR: '€',
        GBP: '£',
        PLN: 'zł',
        CZK: 'Kč',
        SEK: 'kr',
        DKK: 'kr',
        HUF: 'Ft',
        RON: 'lei',
        BGN: 'лв',
      }[cur];
      expect(page.includes(cur) || (sign !== undefined && page.includes(sign)), `${rel} currency`).toBe(true);
      const cents = (k: string) => Math.round(Number(t[k]) * 100);
      expect(cents('net_amount') + cents('vat_amount')).toBe(cents('gross_amount'));
      if (t.generator.credit_note) expect(cents('gross_amount')).toBeLessThan(0);
    }
  });

  it('makes ids that pass the engine’s checks', () => {
    for (const [rel, , country] of rows) {
      const t = readTruth(dir, rel!);
      if (t.seller_vat_id) expect(checkVatId(t.seller_vat_id as string, country).ok, `${rel}`).toBe(true);
      if (t.seller_iban) expect(checkIban(t.seller_iban as string).ok, `${rel}`).toBe(true);
      if (t.seller_bic) expect(checkBic(t.seller_bic as string).ok, `${rel}`).toBe(true);
    }
  });

  it('uses every PDF library', () => {
    const used = new Set(rows.map(([rel]) => readTruth(dir, rel!).generator.library.split('/')[0]));
    expect([...used].sort()).toEqual(['jspdf', 'pdf-lib', 'pdfkit']);
  });

  it('gives the same files for the same seed', async () => {
    // the first invoices of a seed do not depend on how many follow
    await generate(again, 6, 0);
    for (const [rel] of rows.slice(0, 6)) {
      expect(readTruth(again, rel!)).toEqual(readTruth(dir, rel!));
      expect(readFileSync(path.join(again, rel!)).equals(readFileSync(path.join(dir, rel!))), rel).toBe(true);
    }
  }, 300_000);

  it('stops with the package to install when a font is missing', async () => {
    const r = await runChild(process.execPath, [script, '--count', '1', '--out', path.join(again, 'x')], {
      env: { ...process.env, INVOICE_FONT_DIRS: path.join(again, 'no-fonts') },
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/apt-get install fonts-(dejavu-core|liberation)/);
  });
});
