// readPaymentQr: which kind a QR text is, what a failure carries, and (over every corpus payload)
// that each value in the Document has a provenance record and each record points at a value.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Document } from '../document.js';
import { readPaymentQr } from './payment-qr.js';

// biome-ignore format: payload lines
const SWISS = ['SPC', '0200', '1', 'CH4431999123000889012', 'S', 'Robert Schneider AG', 'Rue du Lac', '1268',
  '2501', 'Biel', 'CH', '', '', '', '', '', '', '', '1949.75', 'CHF', '', '', '', '', '', '', '', 'QRR',
  '210000000003139471430009017', 'Order dated 18.06.2020', 'EPD', '//S1/10/R-77/11/200618/30/106017086'].join('\r\n');
const EPC = 'BCD\n002\n1\nSCT\n\nBeispiel AG\nDE02100500000054540402\nEUR123.45\n\n\nRE 2019/05/445 744507\n';

describe('readPaymentQr', () => {
  it('reads a Swiss QR-bill', () => {
    const r = readPaymentQr(SWISS, { page: 3 });
    expect(r).toMatchObject({ ok: true, kind: 'swiss', warnings: [] });
    if (!r.ok) return;
    expect(r.document).toMatchObject({
      syntax: 'swiss-qr',
      number: 'R-77',
      issue_date: '2020-06-18',
      seller: { name: 'Robert Schneider AG', vat_id: 'CHE106017086' },
      totals: { payable: '1949.75', gross: '1949.75' },
    });
    expect(r.document.provenance.number).toEqual({ source: 'qr', reader: 'swiss-qr', page: 3 });
  });

  it('reads an EPC QR code', () => {
    const r = readPaymentQr(EPC);
    expect(r).toMatchObject({
      ok: true,
      kind: 'epc',
      document: {
        syntax: 'epc-qr',
        seller: { name: 'Beispiel AG' },
        payment: { reference: 'RE 2019/05/445 744507' },
      },
    });
  });

  it('passes on the parser error with the kind it recognised', () => {
    expect(readPaymentQr(SWISS.replace('EPD', 'E_P'))).toMatchObject({
      ok: false,
      kind: 'swiss',
      error: 'missing_trailer',
    });
    expect(readPaymentQr(EPC.replace('SCT', 'XYZ'))).toMatchObject({
      ok: false,
      kind: 'epc',
      error: 'unsupported_identification',
    });
  });

  it.each(['', 'https://example.com/pay', 'BEGIN:VCARD', ' SPC\n0200'])(
    'rejects %j as not_a_payment_qr',
    (text) => {
      const r = readPaymentQr(text);
      expect(r).toMatchObject({ ok: false, error: 'not_a_payment_qr' });
      expect(r).not.toHaveProperty('kind');
    },
  );

  it('ignores a leading byte order mark', () => {
    expect(readPaymentQr(`\uFEFF${EPC}`).ok).toBe(true);
  });
});

// --- every corpus payload through the entry point -----------------------------------------------

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const qrDir = path.resolve(repoRoot, '../shared/corpus', 'qr');
const walk = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir).flatMap((n) => {
        const p = path.join(dir, n);
        return statSync(p).isDirectory() ? walk(p) : [p];
      })
    : [];

/** Raw payload texts of the valid sources: payloads/*.txt, <name>.txt beside images, decoded JSON lists. */
function corpusPayloads(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const file of [...walk(path.join(qrDir, 'swiss')), ...walk(path.join(qrDir, 'epc'))]) {
    const rel = path.relative(qrDir, file);
    if (rel.includes(`${path.sep}upstream${path.sep}`)) continue;
    if (file.endsWith('.txt')) out.push([rel, readFileSync(file, 'utf8')]);
    if (file.endsWith('.payloads.json')) {
      (JSON.parse(readFileSync(file, 'utf8')) as string[]).forEach((p, i) => {
        out.push([`${rel}#${i}`, p]);
      });
    }
  }
  return out;
}

function valueAt(doc: Document, dotted: string): unknown {
  return dotted
    .split('.')
    .reduce<unknown>((cur, step) => (cur as Record<string, unknown> | undefined)?.[step], doc);
}

/** Dotted paths of every string in the Document outside provenance. */
function leafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    prefix === '' && k === 'provenance' ? [] : leafPaths(v, prefix ? `${prefix}.${k}` : k),
  );
}

describe.skipIf(!existsSync(qrDir))('corpus: every valid payload through readPaymentQr', () => {
  const payloads = corpusPayloads();

  it('finds the payloads', () => {
    expect(payloads.length).toBeGreaterThan(50);
  });

  it.each(payloads)('%s gives a Document whose values all have provenance', (_, text) => {
    const r = readPaymentQr(text, { page: 1, bbox: [0, 0, 100, 100] });
    if (!r.ok) throw new Error(`${r.error}: ${r.message}`);
    const doc = r.document;
    expect(doc.seller.name).toBeTruthy();
    expect(doc.payment.accounts[0]?.iban).toMatch(/^[A-Z]{2}\d{2}/);
    const leaves = leafPaths(doc).filter((p) => p !== 'type' && p !== 'syntax');
    expect(Object.keys(doc.provenance).sort()).toEqual(leaves.sort());
    for (const p of leaves) expect(valueAt(doc, p)).toBeTruthy();
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});
