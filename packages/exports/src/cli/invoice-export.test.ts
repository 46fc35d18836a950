// The `invoice-export` command run as a child process, as a person runs it: files written to
// --out, refusals named on stderr with exit 1, misuse answered with the usage and exit 2.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readInvoice, shutdownWorkers } from '@invoice-reader/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { runChild } from '../../../../scripts/run-child.mjs';
import { haveSchemas, repoRoot } from '../test-support/validate.js';

const bin = fileURLToPath(new URL('../../bin/invoice-export.js', import.meta.url));
const corpus = path.resolve(repoRoot, '../shared/corpus/einvoice');
const KOSIT = path.join(corpus, 'kosit-xrechnung-testsuite/business-cases/standard/01.01a-INVOICE_ubl.xml');
const ZUGFERD = path.join(corpus, 'ferd-zugferd-2.3.3/EN16931_Einfach.pdf');
const AKRETION = path.join(corpus, 'akretion-factur-x/factur-x-en16931.xml');
afterAll(() => shutdownWorkers());

const run = async (args: string[]) => {
  const r = await runChild(process.execPath, [bin, ...args], { timeoutMs: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe.skipIf(!haveSchemas)('invoice-export', () => {
  it('writes each file in the chosen format into --out, the PDF on its own pages', async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'invoice-export-')), 'new-dir');
    const r = await run(['--export', 'facturx', '--out', out, KOSIT, ZUGFERD]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([
      `${KOSIT} -> ${path.join(out, 'factur-x-123456XX.pdf')}`,
      `${ZUGFERD} -> ${path.join(out, 'factur-x-471102.pdf')}`,
    ]);
    const back = await readInvoice(readFileSync(path.join(out, 'factur-x-471102.pdf')), { country: 'de' });
    expect([back.status, back.embedded_file, back.pages]).toEqual(['done', 'factur-x.xml', 2]);
  }, 120_000);

  it('names what an invoice lacks on stderr and exits 1, still writing the others', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'invoice-export-'));
    // The Factur-X sample without its deliver-to party: an intra-community supply that names no
    // deliver-to country.
    const noDeliverTo = path.join(mkdtempSync(path.join(tmpdir(), 'invoice-export-in-')), 'k.xml');
    writeFileSync(
      noDeliverTo,
      readFileSync(AKRETION, 'utf8').replace(/<ram:ShipToTradeParty>[\s\S]*?<\/ram:ShipToTradeParty>/, ''),
    );
    const r = await run(['--export', 'xrechnung-cii', '--out', out, noDeliverTo, KOSIT, '/no/such/file.pdf']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `${noDeliverTo}: refused for xrechnung-cii:\n  vat_breakdown.3: BT-80 deliver-to country of an intra-community supply`,
    );
    expect(r.stderr).toContain('/no/such/file.pdf: unreadable: ENOENT');
    expect(readdirSync(out)).toEqual(['xrechnung-123456XX.xml']);
  }, 120_000);

  it("writes nothing outside --out, whatever the seller's IdCodice of a FatturaPA holds", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'invoice-export-'));
    const out = path.join(dir, 'out');
    const input = path.join(dir, 'evil.xml');
    const sample = readFileSync(path.join(corpus, 'fatturapa-official/IT01234567890_FPR01.xml'), 'utf8');
    const evil = sample.replace(
      /(<CedentePrestatore>\s*<DatiAnagrafici>\s*<IdFiscaleIVA>\s*<IdPaese>IT<\/IdPaese>\s*<IdCodice>)01234567890/,
      '$1/../../evil',
    );
    expect(evil).toContain('<IdCodice>/../../evil</IdCodice>');
    writeFileSync(input, evil);
    const r = await run(['--export', 'fatturapa', '--country', 'it', '--out', out, input]);
    // The id is no VAT id the SdI takes: refused and named, and nothing written anywhere.
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('seller_vat_id');
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
    // An invoice number is the supplier's to write too, and names the file of the other formats.
    const number = path.join(dir, 'number.xml');
    const kosit = readFileSync(KOSIT, 'utf8').replace(
      '<cbc:ID>123456XX</cbc:ID>',
      '<cbc:ID>../../evil</cbc:ID>',
    );
    expect(kosit).toContain('<cbc:ID>../../evil</cbc:ID>');
    writeFileSync(number, kosit);
    const n = await run(['--export', 'xrechnung-ubl', '--out', out, number]);
    expect([n.code, n.stderr]).toEqual([0, '']);
    const written = readdirSync(out);
    expect(written).toHaveLength(1);
    expect(n.stdout.trim()).toBe(`${number} -> ${path.join(out, written[0]!)}`);
    expect(readdirSync(dir).sort()).toEqual(['evil.xml', 'number.xml', 'out']);
  }, 120_000);

  it('answers misuse with the usage and exit 2', async () => {
    for (const args of [['--export', 'nope', KOSIT], [KOSIT], ['--export', 'facturx'], ['--bogus']]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('usage: invoice-export --export FORMAT');
    }
    expect((await run(['--help'])).code).toBe(0);
  }, 120_000);
});
