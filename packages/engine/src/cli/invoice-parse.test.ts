import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runChild } from '../../../../scripts/run-child.mjs';
import { CII_D16B, UBL_CREDIT_NOTE } from '../test-support/samples.js';
import { main, parseArgs } from './invoice-parse.js';

const dir = mkdtempSync(path.join(tmpdir(), 'invoice-parse-'));
const cii = path.join(dir, 'cii.xml');
const ubl = path.join(dir, 'credit.xml');
const junk = path.join(dir, 'junk.bin');
writeFileSync(cii, CII_D16B);
writeFileSync(ubl, UBL_CREDIT_NOTE);
writeFileSync(junk, 'GIF89a....');

async function run(argv: string[]) {
  const lines: string[] = [];
  const code = await main(argv, (l) => lines.push(l));
  return { code, lines };
}

describe('invoice-parse', () => {
  it('prints one JSON object per line per file, with the file as given', async () => {
    const { code, lines } = await run(['--json', '--country', 'DE', cii, ubl]);
    expect(code).toBe(0);
    expect(lines).toHaveLength(2);
    const [a, b] = lines.map((l) => JSON.parse(l));
    expect(a).toMatchObject({ file: cii, status: 'done', mode: 'xml', pages: 1, pages_scanned: 0 });
    expect(a.fields).toMatchObject({
      invoice_no: 'RE-2024-0042',
      gross_amount: '119.00',
      due_date: '2024-03-28',
    });
    expect(b.fields).toMatchObject({ invoice_no: 'CN-7', seller_name: 'Säljaren AB' });
    expect(typeof a.ms).toBe('number');
  });

  it('uses the field set of the country', async () => {
    const { lines } = await run(['--json', '--country', 'us', cii]);
    expect(Object.keys(JSON.parse(lines[0]!).fields)).toEqual([
      'invoice_number',
      'invoice_date',
      'due_date',
      'vendor_name',
      'net_amount',
      'vat_amount',
      'gross_amount',
      'currency',
    ]);
  });

  it('prints a readable table without --json and exits 1 when a file failed', async () => {
    const { code, lines } = await run([cii, junk, path.join(dir, 'missing.xml')]);
    expect(code).toBe(1);
    expect(lines[0]).toMatch(/cii\.xml: done \(xml, 1 page/);
    expect(lines[0]).toMatch(/invoice_no\s+RE-2024-0042/);
    expect(lines[1]).toMatch(/junk\.bin: failed: unsupported_file_type/);
    expect(lines[2]).toMatch(/missing\.xml: failed: unreadable_file \(no such file\)/);
  });

  it('answers modes it cannot do yet with a clear code', async () => {
    const { lines } = await run(['--json', '--mode', 'text', cii]);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      status: 'failed',
      error: 'mode_not_applicable',
      mode: 'text',
    });
  });

  it('rejects bad arguments', () => {
    expect(parseArgs(['--country', 'zz', 'a.xml'])).toMatch(/unsupported country/);
    expect(parseArgs(['--mode', 'magic', 'a.xml'])).toMatch(/--mode must be one of/);
    expect(parseArgs(['--frobnicate', 'a.xml'])).toMatch(/unknown option/);
    expect(parseArgs(['--export', 'facturx', 'a.xml'])).toMatch(/the command invoice-export/);
    expect(parseArgs([])).toMatch(/no FILE/);
    expect(parseArgs(['--', '--odd-name.xml'])).toMatchObject({ files: ['--odd-name.xml'] });
  });

  it('runs as the built bin', async () => {
    const bin = fileURLToPath(new URL('../../bin/invoice-parse.js', import.meta.url));
    const r = await runChild(process.execPath, [bin, '--json', cii]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout.trim())).toMatchObject({
      status: 'done',
      fields: { invoice_no: 'RE-2024-0042' },
    });
  });
});
