// The FatturaPA readers against the shared corpus: every file with truth agrees with it, the
// invalid ones are refused, and the simplified sample without truth still reads.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatAmount } from '../decimal.js';
import type { Document } from '../document.js';
import { ReadError } from '../errors.js';
import { decodeXml } from './decode.js';
import { fatturaPaReader, fatturaPaSimplifiedReader } from './fatturapa.js';
import { parseXml, XmlError } from './parse.js';

// --- the shared corpus -------------------------------------------------------------------------

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const corpusDir = path.resolve(repoRoot, '../shared/corpus');

function readCorpusFile(rel: string): Document {
  const root = parseXml(decodeXml(readFileSync(path.join(corpusDir, rel))));
  const reader = [fatturaPaReader, fatturaPaSimplifiedReader].find((r) => r.accepts(root));
  if (!reader) throw new Error(`${rel}: not a FatturaPA root <${root.name}>`);
  return reader.read(root);
}

interface Truth {
  [key: string]: string | number | null | undefined;
}

function corpusEntries(): Array<[string, Truth]> {
  const manifest = path.join(corpusDir, 'MANIFEST.tsv');
  if (!existsSync(manifest)) return [];
  const out: Array<[string, Truth]> = [];
  for (const line of readFileSync(manifest, 'utf8').split('\n').slice(1)) {
    const rel = line.split('\t')[0];
    if (!rel || !/(^|\/)fatturapa-[^/]+\//.test(rel) || rel.startsWith('einvoice/invalid/')) continue;
    const truthFile = path.join(corpusDir, `${rel}.truth.json`);
    if (!existsSync(truthFile)) continue;
    out.push([rel, JSON.parse(readFileSync(truthFile, 'utf8')) as Truth]);
  }
  return out;
}

const amount = (v: unknown): string | null => (v == null ? null : formatAmount(String(v)));
const lower = (v: unknown): string | null => (v == null ? null : String(v).toLowerCase());
const plain = (v: unknown): string | null => (v == null ? null : String(v));

/** The truth keys and how each is read from the Document and compared. */
const TRUTH_KEYS: Array<[string, (d: Document) => unknown, (v: unknown) => unknown]> = [
  ['invoice_no', (d) => d.number, plain],
  ['invoice_date', (d) => d.issue_date, plain],
  ['due_date', (d) => d.due_date, plain],
  ['currency', (d) => d.currency, plain],
  ['seller_name', (d) => d.seller.name, lower],
  ['seller_vat_id', (d) => d.seller.vat_id, plain],
  ['seller_iban', (d) => d.payment.accounts[0]?.iban, plain],
  ['seller_bic', (d) => d.payment.accounts[0]?.bic, plain],
  ['buyer_name', (d) => d.buyer.name, lower],
  ['net_amount', (d) => d.totals.net, amount],
  ['vat_amount', (d) => d.totals.vat, amount],
  ['gross_amount', (d) => d.totals.gross, amount],
  ['payable_amount', (d) => d.totals.payable, amount],
  ['bodies', (d) => d.bodies?.length ?? 1, plain],
  // Also given by the truth files: the seller's address, the code and the syntax.
  ['seller_street', (d) => d.seller.address?.lines[0], lower],
  ['seller_postcode', (d) => d.seller.address?.postcode, plain],
  ['seller_city', (d) => d.seller.address?.city, lower],
  ['seller_country', (d) => d.seller.address?.country, plain],
  ['type_code', (d) => d.type_code, plain],
  ['syntax', (d) => d.syntax, plain],
];

describe.skipIf(!existsSync(corpusDir))('FatturaPA corpus', () => {
  const entries = corpusEntries();

  it('lists FatturaPA files with truth', () => {
    expect(entries.length).toBeGreaterThan(0);
  });

  it.each(entries)('%s agrees with its truth', (rel, truth) => {
    const doc = readCorpusFile(rel);
    for (const [key, get, norm] of TRUTH_KEYS) {
      if (!(key in truth)) continue;
      expect(norm(get(doc)), `${rel}: ${key}`).toEqual(norm(truth[key]));
    }
  });

  it('refuses the invalid FatturaPA files', () => {
    const dir = 'einvoice/invalid/fatturapa-simevo';
    for (const name of ['missing_CedentePrestatore.xml', 'missing_DatiGeneraliDocumento_Divisa.xml']) {
      const err = readError(() => readCorpusFile(`${dir}/${name}`));
      expect(err.code, name).toBe('missing_required_data');
    }
    expect(() => parseXml(decodeXml(readFileSync(path.join(corpusDir, dir, 'malformed.xml'))))).toThrow(
      XmlError,
    );
  });

  it('reads the simplified sample without truth', () => {
    const doc = readCorpusFile('einvoice/fatturapa-dotnet/IT01234567890_FSM10.xml');
    expect(doc).toMatchObject({
      syntax: 'fatturapa-simplified',
      profile: 'FSM10',
      type_code: 'TD07',
      number: '123',
    });
    expect(doc.seller.vat_id).toBe('IT01234567890');
    expect(doc.buyer.name).toBe('BETA GAMMA');
    expect(doc.totals.gross).toBe('25.00');
    expect(doc.totals.vat).toBeUndefined();
  });
});

function readError(fn: () => unknown): ReadError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ReadError) return err;
    throw err;
  }
  throw new Error('expected a ReadError');
}
