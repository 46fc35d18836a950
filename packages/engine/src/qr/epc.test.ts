// EPC069-12 (GiroCode) payloads: one test per rule of the guideline, the Document mapping, and
// the shared corpus (each payload against its expected JSON where the source has one).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type EpcPayment, epcQrDocument, parseEpcQr } from './epc.js';

// Element positions, named for the edits below.
// biome-ignore format: a table
const F = { tag: 0, version: 1, charset: 2, id: 3, bic: 4, name: 5, iban: 6, amount: 7, purpose: 8, reference: 9, text: 10, info: 11 } as const;
type Edit = Partial<Record<keyof typeof F, string>>;

// The Wikimedia example of the guideline, version 001.
// biome-ignore format: one element per payload line
const SAMPLE = ['BCD', '001', '1', 'SCT', 'BFSWDE33BER', 'Wikimedia Foerdergesellschaft', 'DE33100205000001194700',
  'EUR123.45', '', '', 'Spende fuer Wikipedia'];

function epc(edit: Edit = {}, nl = '\n'): string {
  const lines = [...SAMPLE];
  for (const [k, v] of Object.entries(edit)) lines[F[k as keyof typeof F]] = v;
  return Array.from(lines, (l) => l ?? '').join(nl);
}
function parsed(text: string) {
  const r = parseEpcQr(text);
  if (!r.ok) throw new Error(`${r.error}: ${r.message}`);
  return r;
}
function errorOf(text: string): string {
  const r = parseEpcQr(text);
  return r.ok ? 'ok' : r.error;
}

describe('parseEpcQr: structure', () => {
  it('reads the guideline example completely', () => {
    expect(parsed(epc())).toEqual({
      ok: true,
      warnings: [],
      payment: {
        version: '001',
        characterSet: 1,
        bic: 'BFSWDE33BER',
        name: 'Wikimedia Foerdergesellschaft',
        iban: 'DE33100205000001194700',
        amount: '123.45',
        currency: 'EUR',
        text: 'Spende fuer Wikipedia',
      },
    });
  });

  it('accepts LF, CRLF, a trailing newline and omitted trailing elements', () => {
    const lf = parsed(epc()).payment;
    expect(parsed(epc({}, '\r\n')).payment).toEqual(lf);
    expect(parsed(`${epc()}\n\n`).payment).toEqual(lf);
    const short = parsed(SAMPLE.slice(0, 7).join('\n')).payment;
    expect(short).toEqual({ ...lf, amount: undefined, text: undefined });
  });

  it('rejects a wrong service tag and a wrong number of lines', () => {
    expect(errorOf(epc({ tag: 'BCX' }))).toBe('invalid_structure');
    expect(errorOf(SAMPLE.slice(0, 6).join('\n'))).toBe('invalid_structure');
    expect(errorOf(`${epc()}\ninfo\nextra`)).toBe('invalid_structure');
  });

  it('accepts versions 001 and 002 only', () => {
    expect(parsed(epc({ version: '002' })).payment.version).toBe('002');
    for (const v of ['003', '1', '']) expect(errorOf(epc({ version: v }))).toBe('unsupported_version');
  });

  it('accepts character sets 1 to 8', () => {
    expect(parsed(epc({ charset: '2' })).payment.characterSet).toBe(2);
    for (const c of ['0', '9', 'x']) expect(errorOf(epc({ charset: c }))).toBe('unsupported_character_set');
  });

  it('requires the identification SCT', () => {
    expect(errorOf(epc({ id: 'INST' }))).toBe('unsupported_identification');
  });
});

describe('parseEpcQr: fields', () => {
  it('requires the BIC in 001 only and checks its shape', () => {
    expect(errorOf(epc({ bic: '' }))).toBe('missing_bic');
    expect(parsed(epc({ version: '002', bic: '' })).payment.bic).toBeUndefined();
    expect(errorOf(epc({ bic: 'BFSW1E33' }))).toBe('invalid_bic');
    expect(parsed(epc({ bic: 'BFSWDE33' })).payment.bic).toBe('BFSWDE33');
  });

  it('requires a beneficiary name of at most 70 characters', () => {
    expect(errorOf(epc({ name: '' }))).toBe('missing_name');
    expect(parsed(epc({ name: 'n'.repeat(70) })).payment.name).toHaveLength(70);
    expect(errorOf(epc({ name: 'n'.repeat(71) }))).toBe('invalid_name');
  });

  it('requires a valid IBAN', () => {
    expect(errorOf(epc({ iban: '' }))).toBe('missing_iban');
    expect(errorOf(epc({ iban: 'DE33100205000001194701' }))).toBe('invalid_iban');
  });

  it.each([
    ['EUR0.01', '0.01'],
    ['EUR999999999.99', '999999999.99'],
    ['EUR12.3', '12.3'],
    ['EUR1', '1'],
  ])('accepts the amount %s', (text, amount) => {
    expect(parsed(epc({ amount: text })).payment.amount).toBe(amount);
  });

  it.each(['EUR0.00', 'EUR1000000000', 'USD12.00', '12.00', 'EUR12,00', 'EUR-1', 'EUR1.234'])(
    'rejects the amount %s',
    (text) => {
      expect(errorOf(epc({ amount: text }))).toBe('invalid_amount');
    },
  );

  it('checks the purpose code', () => {
    expect(parsed(epc({ purpose: 'CHAR' })).payment.purpose).toBe('CHAR');
    expect(errorOf(epc({ purpose: 'CHARITY' }))).toBe('invalid_purpose');
  });

  it('checks an RF structured reference and accepts other creditor references with a warning', () => {
    expect(parsed(epc({ reference: 'RF18539007547034', text: '' })).payment.reference).toBe(
      'RF18539007547034',
    );
    expect(parsed(epc({ reference: 'RF18 5390 0754 7034', text: '' })).payment.reference).toBe(
      'RF18539007547034',
    );
    expect(errorOf(epc({ reference: 'RF19539007547034', text: '' }))).toBe('invalid_reference');
    expect(errorOf(epc({ reference: 'x'.repeat(36), text: '' }))).toBe('invalid_reference');
    const other = parsed(epc({ reference: 'RE 2019/05/445 744507', text: '' }));
    expect(other.payment.reference).toBe('RE 2019/05/445 744507');
    expect(other.warnings).toHaveLength(1);
  });

  it('takes a structured reference or unstructured text, not both', () => {
    expect(errorOf(epc({ reference: 'RF18539007547034' }))).toBe('remittance_conflict');
  });

  it('limits remittance text to 140 and information to 70 characters', () => {
    expect(errorOf(epc({ text: 't'.repeat(141) }))).toBe('invalid_remittance');
    expect(parsed(epc({ info: 'i'.repeat(70) })).payment.information).toHaveLength(70);
    expect(errorOf(epc({ info: 'i'.repeat(71) }))).toBe('invalid_information');
  });

  it('warns about payloads beyond 331 bytes', () => {
    const r = parsed(epc({ name: 'ü'.repeat(70), text: 'ü'.repeat(140) }));
    expect(r.warnings).toEqual([expect.stringContaining('331')]);
  });
});

describe('epcQrDocument', () => {
  it('maps account, beneficiary, amount and reference with provenance', () => {
    const { payment } = parsed(epc({ purpose: 'CHAR', info: 'Thank you' }));
    const doc = epcQrDocument(payment, { page: 1, bbox: [10, 20, 110, 120] });
    expect(doc).toMatchObject({
      syntax: 'epc-qr',
      currency: 'EUR',
      seller: { name: 'Wikimedia Foerdergesellschaft' },
      payment: {
        accounts: [
          { iban: 'DE33100205000001194700', bic: 'BFSWDE33BER', name: 'Wikimedia Foerdergesellschaft' },
        ],
        reference: 'Spende fuer Wikipedia',
      },
      totals: { payable: '123.45', gross: '123.45' },
      notes: ['Thank you'],
    });
    expect(doc.provenance['totals.gross']).toEqual({
      source: 'qr',
      reader: 'epc-qr',
      page: 1,
      bbox: [10, 20, 110, 120],
    });
    expect(Object.keys(doc.provenance).sort()).toEqual(
      [
        'currency',
        'notes.0',
        'payment.accounts.0.bic',
        'payment.accounts.0.iban',
        'payment.accounts.0.name',
        'payment.reference',
        'seller.name',
        'totals.gross',
        'totals.payable',
      ].sort(),
    );
  });

  it('prefers the structured reference and leaves totals empty without an amount', () => {
    const { payment } = parsed(epc({ amount: '', reference: 'RF18539007547034', text: '' }));
    const doc = epcQrDocument(payment);
    expect(doc.payment.reference).toBe('RF18539007547034');
    expect(doc.totals).toEqual({});
    expect(doc.notes).toEqual([]);
  });
});

// --- the shared corpus -------------------------------------------------------------------------

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const epcDir = path.resolve(repoRoot, '../shared/corpus', 'qr', 'epc');
const list = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** Each key of the corpus' expected JSON, read off our payment (the sources name them differently). */
const EXPECTED_KEYS: Record<string, (p: EpcPayment) => unknown> = {
  version: (p) => p.version,
  encoding: (p) => p.characterSet,
  bic: (p) => p.bic ?? '',
  beneficiary: (p) => p.name,
  name: (p) => p.name,
  iban: (p) => p.iban,
  amount: (p) => (p.amount === undefined ? null : Number(p.amount)),
  currency: (p) => p.currency,
  purpose: (p) => p.purpose ?? '',
  remittance_structured: (p) => p.reference ?? '',
  remittance_unstructured: (p) => p.text ?? '',
  originator_information: (p) => p.information ?? '',
  reference: (p) => p.reference ?? p.text,
  remittance: (p) => p.reference ?? p.text,
};

function expectAgrees(payment: EpcPayment, expected: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(expected)) {
    expect(EXPECTED_KEYS[key], `unknown expected key ${key}`).toBeDefined();
    expect(EXPECTED_KEYS[key]!(payment), key).toEqual(value);
  }
}

describe.skipIf(!existsSync(epcDir))('corpus: EPC QR payloads', () => {
  const sources = list(epcDir);

  it('finds the sources', () => {
    expect(sources.length).toBeGreaterThanOrEqual(2);
  });

  for (const source of sources) {
    const dir = path.join(epcDir, source);
    // Raw payloads beside their expected JSON (<name>.txt, <name>.expected.json).
    for (const name of list(dir).filter((n) => n.endsWith('.txt'))) {
      it(`${source}/${name} parses as expected`, () => {
        const { payment } = parsed(readFileSync(path.join(dir, name), 'utf8'));
        const expectedFile = path.join(dir, name.replace(/\.txt$/, '.expected.json'));
        expect(existsSync(expectedFile)).toBe(true);
        expectAgrees(payment, readJson(expectedFile) as Record<string, unknown>);
      });
    }
    // Payloads decoded from the images (decoded/<image>.payloads.json, expected as <stem>.expected.json).
    for (const name of list(path.join(dir, 'decoded')).filter((n) => n.endsWith('.payloads.json'))) {
      const expectedFile = path.join(dir, name.replace(/\.\w+\.payloads\.json$/, '.expected.json'));
      const compare = existsSync(expectedFile);
      it(`${source}/decoded/${name} parses${compare ? ' as expected' : ''}`, () => {
        const payloads = readJson(path.join(dir, 'decoded', name)) as string[];
        expect(payloads.length).toBeGreaterThan(0);
        for (const p of payloads) {
          const { payment } = parsed(p);
          if (compare) expectAgrees(payment, readJson(expectedFile) as Record<string, unknown>);
        }
      });
    }
  }
});
