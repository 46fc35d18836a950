// A seeded mutation fuzzer over real corpus files: XML invoices (CII, UBL, FatturaPA), hybrid
// PDFs and signed .p7m files are truncated, bit-flipped, spliced, duplicated, salted with XML or
// PDF syntax and cut, then read through the public entry. Whatever comes in, readInvoice must
// resolve to a serialisable result; a failure must carry a known code and never internal_error.
//
// Every iteration is reproducible from its seed alone: `mutate(pool, seed)` on the same pool
// gives the same bytes. Counterexamples are printed with block, iteration, seed, file and the
// mutations applied, and their bytes are written to <tmpdir>/invoice-reader-fuzz/.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from './errors.js';
import { readInvoice } from './read-invoice.js';
import type { ReadResult } from './result.js';
import { buildPdf } from './test-support/pdf-builder.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const corpusDir = path.resolve(repoRoot, '../shared/corpus');
const manifestPath = path.join(corpusDir, 'MANIFEST.tsv');

const KNOWN_CODES = new Set<string>(ERROR_CODES);

const READ_TIMEOUT_MS = 10_000;
/** `FUZZ_SCALE=10 npx vitest run packages/engine/src/fuzz.test.ts` for a deeper run. */
const SCALE = Math.max(0.01, Number(process.env.FUZZ_SCALE) || 1);
const times = (n: number): number => Math.max(1, Math.round(n * SCALE));
/** A single read slower than this is reported as a counterexample too (a near-hang). */
const SLOW_MS = 5_000;

// --- deterministic randomness ---------------------------------------------------------------

type Rng = () => number;

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (rng: Rng, n: number): number => Math.floor(rng() * n);
const pick = <T>(rng: Rng, list: readonly T[]): T => list[int(rng, list.length)]!;
const seedOf = (blockSeed: number, i: number): number => (blockSeed + Math.imul(i, 0x9e3779b9)) >>> 0;

// --- the pools -------------------------------------------------------------------------------

interface Sample {
  rel: string;
  bytes: Buffer;
}

interface Pool {
  kind: 'xml' | 'pdf' | 'p7m';
  samples: Sample[];
  /** Other files whose chunks are spliced in. */
  donors: Sample[];
  junk: readonly string[];
  keywords: readonly string[];
}

interface Row {
  rel: string;
  category: string;
}

function manifestRows(): Row[] {
  if (!existsSync(manifestPath)) return [];
  return readFileSync(manifestPath, 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .filter((cols) => cols[0] && (cols[1] === 'einvoice' || cols[1] === 'einvoice-invalid'))
    .map((cols) => ({ rel: cols[0]!, category: cols[1]! }))
    .filter((r) => existsSync(path.join(corpusDir, r.rel)));
}

const load = (rel: string): Sample => ({ rel, bytes: readFileSync(path.join(corpusDir, rel)) });

/** The invoice syntax of an XML file by its root element's local name. */
function xmlKind(bytes: Buffer): 'cii' | 'ubl' | 'fatturapa' | undefined {
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
const spread = <T>(list: T[], n: number): T[] =>
  list.length <= n ? list : Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]!);

const XML_JUNK = [
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

const PDF_JUNK = [
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

const P7M_JUNK = [
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

function pools(): { xml: Pool; pdf: Pool; p7m: Pool } | undefined {
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

  return {
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
function position(rng: Rng, buf: Buffer, keywords: readonly string[]): number {
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
const chunkLength = (rng: Rng, max: number): number =>
  Math.max(1, Math.min(max, rng() < 0.7 ? 1 + int(rng, 64) : 1 + int(rng, Math.max(1, max))));

function mutate(pool: Pool, seed: number): { rel: string; ops: string[]; bytes: Uint8Array } {
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

// --- the run ---------------------------------------------------------------------------------

interface Counterexample {
  block: string;
  iteration: number;
  seed: number;
  file: string;
  ops: string[];
  problem: string;
  saved?: string;
}

interface Tally {
  done: number;
  failed: Partial<Record<ErrorCode, number>>;
}

function problemOf(r: ReadResult, ms: number): string | undefined {
  if (r.status !== 'done' && r.status !== 'failed') return `status ${String(r.status)}`;
  if (r.status === 'failed') {
    if (!r.error || !KNOWN_CODES.has(r.error)) return `unknown error code ${String(r.error)}`;
    if (r.error === 'internal_error') return `internal_error: ${r.message}`;
    if (r.error === 'timeout') return `timeout: ${r.message}`;
  } else if (!r.document) {
    return 'done without a document';
  }
  try {
    JSON.stringify(r);
  } catch (err) {
    return `JSON.stringify throws: ${(err as Error).message}`;
  }
  if (ms > SLOW_MS) return `slow: ${Math.round(ms)} ms`;
  return undefined;
}

async function run(pool: Pool, block: string, blockSeed: number, count: number): Promise<Counterexample[]> {
  const found: Counterexample[] = [];
  const tally: Tally = { done: 0, failed: {} };
  const started = performance.now();
  // A promise the engine (or a library under it) leaves rejected without a handler ends a Node
  // process: each one is charged to the input being read when it surfaced.
  let current: { i: number; seed: number; rel: string; ops: string[] } | undefined;
  const unhandled: string[] = [];
  const onUnhandled = (reason: unknown) => {
    const text = `unhandled rejection: ${(reason as Error)?.name}: ${(reason as Error)?.message ?? String(reason)}`;
    if (current)
      found.push({
        block,
        iteration: current.i,
        seed: current.seed,
        file: current.rel,
        ops: current.ops,
        problem: text,
      });
    else unhandled.push(text);
  };
  process.on('unhandledRejection', onUnhandled);
  try {
    for (let i = 0; i < count; i++) {
      const seed = seedOf(blockSeed, i);
      const { rel, ops, bytes } = mutate(pool, seed);
      current = { i, seed, rel, ops };
      const t0 = performance.now();
      let problem: string | undefined;
      try {
        const r = await readInvoice(bytes, { country: 'de', timeoutMs: READ_TIMEOUT_MS });
        problem = problemOf(r, performance.now() - t0);
        if (r.status === 'done') tally.done++;
        else if (r.error) tally.failed[r.error] = (tally.failed[r.error] ?? 0) + 1;
      } catch (err) {
        problem = `readInvoice rejected: ${(err as Error)?.stack ?? String(err)}`;
      }
      // Let rejections left behind by this read surface while it is still the current input.
      await new Promise((resolve) => setImmediate(resolve));
      if (problem) {
        const ce: Counterexample = { block, iteration: i, seed, file: rel, ops, problem };
        try {
          const dir = path.join(os.tmpdir(), 'invoice-reader-fuzz');
          mkdirSync(dir, { recursive: true });
          ce.saved = path.join(dir, `${block}-${seed}.bin`);
          writeFileSync(ce.saved, bytes);
        } catch {
          // Saving is a convenience; the seed reproduces the input anyway.
        }
        found.push(ce);
      }
    }
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.off('unhandledRejection', onUnhandled);
  }
  for (const text of unhandled)
    found.push({ block, iteration: -1, seed: 0, file: '', ops: [], problem: text });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `fuzz ${block}: ${count} inputs in ${seconds} s, done ${tally.done}, failed ${JSON.stringify(tally.failed)}`,
  );
  if (found.length) {
    console.log(
      `fuzz ${block}: ${found.length} counterexamples, first ones:\n${JSON.stringify(found.slice(0, 5), null, 2)}`,
    );
  }
  return found;
}

interface Regression {
  name: string;
  /** Corpus path. */
  file: string;
  /** [offset, new byte value]. */
  patches: Array<[number, number]>;
  mode: 'auto' | 'qr';
}

const REGRESSIONS: Regression[] = [
  {
    // pdf-2 #689 at FUZZ_SCALE=4 (seed 3545164526), reduced: a damaged page content stream and
    // font program make pdf.js's page rendering fail while the operator list is still streaming;
    // pdf.js then rethrows an AbortException ("Convert String to CString failed") from an
    // internal promise nobody handles, which ends a plain Node process (exit code 1).
    name: 'a damaged content stream and font: no unhandled rejection from page rendering',
    file: 'einvoice/ferd-zugferd-2.4/MINIMUM_Rechnung_fx.pdf',
    patches: [
      [3298, 0xbf],
      [17466, 0xe0],
      [42960, 0xfe],
    ],
    mode: 'auto',
  },
];

const reproduce = (found: Counterexample[]) =>
  found
    .slice(0, 5)
    .map((c) => `${c.block} #${c.iteration} seed=${c.seed} ${c.file} [${c.ops.join(', ')}]: ${c.problem}`);

describe.skipIf(!existsSync(manifestPath))('fuzz: mutated corpus files through readInvoice', () => {
  const p = pools();

  it('has files to mutate', () => {
    expect(p?.xml.samples.length).toBeGreaterThanOrEqual(30);
    expect(p?.pdf.samples.length).toBe(12);
    expect(p?.p7m.samples.length).toBeGreaterThanOrEqual(2);
  });

  it('mutates deterministically from the seed', () => {
    const a = mutate(p!.xml, 12345);
    const b = mutate(p!.xml, 12345);
    expect(a.rel).toBe(b.rel);
    expect(a.ops).toEqual(b.ops);
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
  });

  it.each([
    ['xml-1', 0x1001],
    ['xml-2', 0x2002],
    ['xml-3', 0x3003],
  ])(
    '%s: 1000 mutated XML invoices',
    async (block, seed) => {
      expect(reproduce(await run(p!.xml, block, seed, times(1000)))).toEqual([]);
    },
    300_000,
  );

  it.each([
    ['pdf-1', 0x4004],
    ['pdf-2', 0x5005],
  ])(
    '%s: 300 mutated hybrid PDFs',
    async (block, seed) => {
      expect(reproduce(await run(p!.pdf, block, seed, times(300)))).toEqual([]);
    },
    300_000,
  );

  it('p7m: 300 mutated signed files', async () => {
    expect(reproduce(await run(p!.p7m, 'p7m', 0x6006, times(300)))).toEqual([]);
  }, 300_000);

  // Counterexamples found at larger FUZZ_SCALE, replayed every run as byte patches of a corpus
  // file (independent of the pools, so they survive changes to the corpus selection).
  it.each(REGRESSIONS)('replays $name', async ({ file, patches, mode }) => {
    const bytes = readFileSync(path.join(corpusDir, file));
    for (const [at, value] of patches) bytes[at] = value;
    const rejections: string[] = [];
    const onUnhandled = (reason: unknown) => rejections.push(String(reason));
    process.on('unhandledRejection', onUnhandled);
    try {
      // Twice: whether the first read of a process shows the fault can depend on what pdf.js
      // has loaded and cached by then.
      for (let round = 0; round < 2; round++) {
        const r = await readInvoice(new Uint8Array(bytes), {
          country: 'de',
          mode,
          timeoutMs: READ_TIMEOUT_MS,
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(problemOf(r, 0)).toBeUndefined();
      }
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(rejections).toEqual([]);
  });
});
