// Deterministic mutations of real corpus files for the fuzz test: seeded randomness, pools of
// XML, PDF and .p7m samples (from ../shared/corpus and hand-built hybrids), images and scanned
// PDFs (the OCR and QR path), and the mutations.

import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPdf } from './pdf-builder.js';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const corpusDir = path.resolve(repoRoot, '../shared/corpus');
export const manifestPath = path.join(corpusDir, 'MANIFEST.tsv');

// --- deterministic randomness ---------------------------------------------------------------

export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const int = (rng: Rng, n: number): number => Math.floor(rng() * n);
export const pick = <T>(rng: Rng, list: readonly T[]): T => list[int(rng, list.length)]!;
export const seedOf = (blockSeed: number, i: number): number => (blockSeed + Math.imul(i, 0x9e3779b9)) >>> 0;

// --- the pools -------------------------------------------------------------------------------

export interface Sample {
  rel: string;
  bytes: Buffer;
}

export interface Pool {
  kind: 'xml' | 'pdf' | 'p7m' | 'image';
  samples: Sample[];
  /** Other files whose chunks are spliced in. */
  donors: Sample[];
  junk: readonly string[];
  keywords: readonly string[];
}

export interface Row {
  rel: string;
  category: string;
}

export function manifestRows(): Row[] {
  if (!existsSync(manifestPath)) return [];
  return readFileSync(manifestPath, 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .filter((cols) => cols[0] && (cols[1] === 'einvoice' || cols[1] === 'einvoice-invalid'))
    .map((cols) => ({ rel: cols[0]!, category: cols[1]! }))
    .filter((r) => existsSync(path.join(corpusDir, r.rel)));
}

export const load = (rel: string): Sample => ({ rel, bytes: readFileSync(path.join(corpusDir, rel)) });

/** The invoice syntax of an XML file by its root element's local name. */
export function xmlKind(bytes: Buffer): 'cii' | 'ubl' | 'fatturapa' | undefined {
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, '');
  const root = /<(?:[\w.-]+:)?([\w.-]+)[\s>/]/.exec(head)?.[1];
  if (root === 'CrossIndustryInvoice' || root === 'CrossIndustryDocument') return 'cii';
  if (root === 'Invoice' || root === 'CreditNote') return 'ubl';
  if (root?.startsWith('FatturaElettronica')) return 'fatturapa';
  return undefined;
}

/** `n` items spread evenly over the list (which is sorted, so the choice is stable). */
export const spread = <T>(list: T[], n: number): T[] =>
  list.length <= n ? list : Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]!);

export const XML_JUNK = [
  '<!DOCTYPE',
  '<!DOCTYPE x [<!ENTITY x "&x;&x;">]>',
  '<!DOCTYPE x [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
  '<!DOCTYPE x [<!ENTITY % p "x"> %p;]>',
  '<!ENTITY x "y">',
  '&x;',
  '&amp;',
  '&#0;',
  '&#xD800;',
  '&#x110000;',
  '&#99999999999999999999;',
  '&',
  '<![CDATA[',
  ']]>',
  '<!--',
  '-->',
  '<?xml version="1.0" encoding="x-unknown"?>',
  '<?',
  '?>',
  '<',
  '>',
  '</',
  '/>',
  '"',
  "'",
  '=',
  ' xmlns:ram="urn:x"',
  ' xmlns=""',
  '<a:b>',
  '</x>',
  '\u0000',
  '\ufeff',
  '\ufffe',
  '\ud800',
  '<rsm:CrossIndustryInvoice>',
  '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">',
  '-0.00',
  '1e400',
  '99999999999999999999999999.999999999',
  '20241301',
  '0000-00-00',
];

export const PDF_JUNK = [
  '<<',
  '>>',
  '[',
  ']',
  '(',
  ')',
  '\\',
  ' obj ',
  'endobj',
  'stream\n',
  'endstream',
  ' 0 R',
  '99999 0 R',
  '1 0 R',
  '/Length 999999999',
  '/Length -1',
  '/Filter /FlateDecode',
  '/Filter /LZWDecode',
  '/Type /Filespec',
  '/EmbeddedFiles',
  '/Names [',
  '/Kids [1 0 R]',
  '/Limits [(a) (z)]',
  'xref\n0 1\n0000000000 65535 f \n',
  'trailer\n<< /Size 1 /Root 1 0 R >>\n',
  'startxref\n0\n%%EOF\n',
  '%%EOF',
  '%PDF-1.7\n',
  '/Encrypt << /Filter /Standard /V 1 /R 2 >>',
  '<FEFF',
  '<!DOCTYPE',
  '&x;',
];

export const P7M_JUNK = [
  '=',
  '-----END PKCS7-----',
  '!',
  '\x30\x80',
  '\x00\x00',
  '\x04\x84\xff\xff\xff\xff',
  '\x24\x80',
  '\xa0\x80',
  '\x06\x00',
  '<!DOCTYPE',
  '&x;',
];

/** Corpus images and scans for the image pool: EPC and Swiss QR codes, a rendered QR-bill, a photo
 * of a Swiss QR-bill as JPEG, a scanned invoice as JPEG and a scanned PDF. */
const IMAGE_SAMPLES = [
  'qr/epc/mtgrosser-girocode/demo.png',
  'qr/epc/timueh-py-epc-qr/qr_version_002.png',
  'qr/swiss/manuelbl-SwissQRBill/rendered/a4bill_ex3.png',
  'qr/swiss/smartive-swiss-qr-bill-decoder/images/full.jpg',
  'scans/zugferd-corpus/Avoir_FR_type381_BASIC.jpg',
  'scans/ferd-zugferd-2.4/EN16931_Gutschrift_fx.scan.pdf',
];

export const IMAGE_JUNK = [
  '\x7f\xff\xff\xffIDAT',
  'IHDR\x00\x01\x00\x00\x00\x01\x00\x00\x08\x00\x00\x00\x00',
  'IEND\xaeB`\x82',
  '\xff\xd8\xff',
  '\xff\xd9',
  '\xff\xc0\x00\x11\x08\xff\xff\xff\xff\x03',
  '\xff\xda\x00\x0c',
  'Exif\x00\x00MM\x00*\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00\x09',
  '/Width 99999 /Height 99999',
  '/BitsPerComponent 16',
  '/Filter /DCTDecode',
  '\x00\x00\x00\x00',
];

export function pools(): { xml: Pool; pdf: Pool; p7m: Pool; image: Pool } | undefined {
  const rows = manifestRows();
  if (!rows.length) return undefined;
  const ext = (r: Row) => path.extname(r.rel).toLowerCase();

  const byKind = new Map<string, Sample[]>();
  for (const r of rows.filter((r) => ext(r) === '.xml').sort((a, b) => (a.rel < b.rel ? -1 : 1))) {
    const s = load(r.rel);
    const kind = xmlKind(s.bytes);
    if (!kind) continue;
    byKind.set(kind, [...(byKind.get(kind) ?? []), s]);
  }
  const xmlSamples = [
    ...spread(byKind.get('cii') ?? [], 14),
    ...spread(byKind.get('ubl') ?? [], 14),
    ...spread(byKind.get('fatturapa') ?? [], 12),
  ];

  // Hybrid PDFs: the smaller ones (pdf.js time grows with size), one per source folder first.
  const pdfRows = rows
    .filter((r) => ext(r) === '.pdf' && r.category === 'einvoice')
    .map((r) => ({ ...r, size: statSync(path.join(corpusDir, r.rel)).size }))
    .filter((r) => r.size <= 400_000)
    .sort((a, b) => a.size - b.size || (a.rel < b.rel ? -1 : 1));
  const chosen: typeof pdfRows = [];
  const folders = new Set<string>();
  for (const r of pdfRows) {
    const folder = r.rel.split('/').slice(0, 2).join('/');
    if (chosen.length < 10 && !folders.has(folder)) {
      chosen.push(r);
      folders.add(folder);
    }
  }
  for (const r of pdfRows) if (chosen.length < 10 && !chosen.includes(r)) chosen.push(r);
  const pdfSamples = chosen.map((r) => load(r.rel));

  // Two hand-built hybrids with a corpus invoice inside: small files, so mutations hit the name
  // tree, the file specifications and the xref table far more often than in the corpus PDFs.
  const invoice = (byKind.get('cii') ?? [])[0]?.bytes;
  if (invoice) {
    const attachments = [
      { name: 'notes.xml', content: '<notes><note>x</note></notes>' },
      { name: 'factur-x.xml', content: new Uint8Array(invoice) },
      { name: 'data.json', content: '{}' },
    ];
    pdfSamples.push(
      { rel: 'pdf-builder:flat', bytes: Buffer.from(buildPdf({ attachments })) },
      {
        rel: 'pdf-builder:unsorted-kids-compressed',
        bytes: Buffer.from(buildPdf({ attachments, unsortedNames: true, compress: true })),
      },
    );
  }

  // The signed files as found, and as PEM-armoured base64 (the other form .p7m files come in).
  const p7mSamples = rows.filter((r) => ext(r) === '.p7m').map((r) => load(r.rel));
  for (const s of [...p7mSamples]) {
    const b64 = s.bytes.toString('base64').replace(/.{64}/g, '$&\n');
    p7mSamples.push({
      rel: `${s.rel} (base64)`,
      bytes: Buffer.from(`-----BEGIN PKCS7-----\n${b64}\n-----END PKCS7-----\n`),
    });
  }

  // Images and scanned PDFs: the smallest of each kind, so that a mutation that still decodes
  // costs one short OCR or QR read.
  const imageSamples = IMAGE_SAMPLES.filter((rel) => existsSync(path.join(corpusDir, rel))).map(load);

  return {
    image: {
      kind: 'image',
      samples: imageSamples,
      donors: imageSamples,
      junk: IMAGE_JUNK,
      keywords: [
        'IHDR',
        'IDAT',
        'PLTE',
        'IEND',
        '\xff\xc0',
        '\xff\xc4',
        '\xff\xda',
        '\xff\xe1',
        '/Image',
        'stream',
      ],
    },
    xml: {
      kind: 'xml',
      samples: xmlSamples,
      donors: xmlSamples,
      junk: XML_JUNK,
      keywords: ['<', '>', '&', '="', 'xmlns', '</'],
    },
    pdf: {
      kind: 'pdf',
      samples: pdfSamples,
      donors: pdfSamples,
      junk: PDF_JUNK,
      keywords: [
        ' obj',
        'endobj',
        'stream',
        '/Names',
        '/EmbeddedFiles',
        '/EF',
        '/Filespec',
        'xref',
        'trailer',
        '<<',
        ' R',
      ],
    },
    p7m: {
      kind: 'p7m',
      samples: p7mSamples,
      donors: [...p7mSamples, ...xmlSamples.slice(-4)],
      junk: P7M_JUNK,
      keywords: ['\x30\x80', '\x04', '\x06\x09', '<?xml', '\xa0', 'MII', '\n', '-----'],
    },
  };
}

// --- mutations -------------------------------------------------------------------------------

/** A position: uniform, or near an occurrence of one of the pool's structural keywords. */
export function position(rng: Rng, buf: Buffer, keywords: readonly string[]): number {
  if (buf.length === 0) return 0;
  if (rng() < 0.5) return int(rng, buf.length + 1);
  const kw = Buffer.from(pick(rng, keywords), 'latin1');
  const from = int(rng, buf.length);
  let at = buf.indexOf(kw, from);
  if (at < 0) at = buf.indexOf(kw);
  if (at < 0) return int(rng, buf.length + 1);
  return Math.min(buf.length, at + int(rng, kw.length + 2));
}

/** A chunk length: mostly short, sometimes long. */
export const chunkLength = (rng: Rng, max: number): number =>
  Math.max(1, Math.min(max, rng() < 0.7 ? 1 + int(rng, 64) : 1 + int(rng, Math.max(1, max))));

export function mutate(pool: Pool, seed: number): { rel: string; ops: string[]; bytes: Uint8Array } {
  const rng = mulberry32(seed);
  const sample = pick(rng, pool.samples);
  let buf = Buffer.from(sample.bytes);
  const ops: string[] = [];
  const rounds = 1 + (rng() < 0.3 ? int(rng, 3) : 0);
  for (let r = 0; r < rounds; r++) {
    const op = int(rng, 6);
    switch (op) {
      case 0: {
        const at = int(rng, buf.length + 1);
        buf = buf.subarray(0, at);
        ops.push(`truncate@${at}`);
        break;
      }
      case 1: {
        const n = 1 + int(rng, 20);
        for (let i = 0; i < n && buf.length; i++) {
          const at = position(rng, buf, pool.keywords);
          if (at < buf.length) buf[at] = rng() < 0.5 ? int(rng, 256) : buf[at]! ^ (1 << int(rng, 8));
        }
        ops.push(`flip×${n}`);
        break;
      }
      case 2: {
        const donor = pick(rng, pool.donors).bytes;
        const len = chunkLength(rng, donor.length);
        const from = int(rng, Math.max(1, donor.length - len));
        const at = position(rng, buf, pool.keywords);
        const replace = rng() < 0.5 ? chunkLength(rng, buf.length - at) : 0;
        buf = Buffer.concat([
          buf.subarray(0, at),
          donor.subarray(from, from + len),
          buf.subarray(at + replace),
        ]);
        ops.push(`splice(${len}@${at}, replacing ${replace})`);
        break;
      }
      case 3: {
        if (!buf.length) break;
        const from = int(rng, buf.length);
        const len = chunkLength(rng, buf.length - from);
        const times = rng() < 0.1 ? 2 + int(rng, 50) : 1;
        const at = position(rng, buf, pool.keywords);
        const copy = Buffer.from(buf.subarray(from, from + len));
        buf = Buffer.concat([
          buf.subarray(0, at),
          ...Array.from({ length: times }, () => copy),
          buf.subarray(at),
        ]);
        ops.push(`duplicate(${len}×${times}@${at})`);
        break;
      }
      case 4: {
        const junk = pick(rng, pool.junk);
        const at = position(rng, buf, pool.keywords);
        buf = Buffer.concat([
          buf.subarray(0, at),
          Buffer.from(junk, pool.kind === 'xml' ? 'utf8' : 'latin1'),
          buf.subarray(at),
        ]);
        ops.push(`insert(${JSON.stringify(junk.slice(0, 24))}@${at})`);
        break;
      }
      default: {
        if (!buf.length) break;
        const at = position(rng, buf, pool.keywords);
        const len = chunkLength(rng, buf.length - at);
        buf = Buffer.concat([buf.subarray(0, at), buf.subarray(at + len)]);
        ops.push(`delete(${len}@${at})`);
      }
    }
  }
  return { rel: sample.rel, ops, bytes: new Uint8Array(buf) };
}
