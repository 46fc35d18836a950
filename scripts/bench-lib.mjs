// Helpers for `npm run bench` (scripts/bench.mjs): argument parsing, the corpus manifest, order
// statistics (median, percentile), the per-group summary, table printing, and the libxml2
// reference timing (`xmllint`), the paced /health probe of the API benches, kept here so that bench.mjs reads as the measuring procedure.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot } from './corpus.mjs';

/** `--limit N` (files per group), `--json` (print only JSON), `--group xml|pdf`. */
export function parseArgs(argv) {
  const opts = { limit: Number.POSITIVE_INFINITY, json: false, group: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') opts.json = true;
    else if (a === '--limit') opts.limit = Number(argv[++i]);
    else if (a === '--group') opts.group = argv[++i];
    else throw new Error(`unknown option ${a}`);
  }
  if (!(opts.limit > 0)) throw new Error('--limit needs a positive number');
  if (opts.group !== null && opts.group !== 'xml' && opts.group !== 'pdf')
    throw new Error('--group must be xml or pdf');
  return opts;
}

/** Rows of corpus/MANIFEST.tsv as objects keyed by the header's column names. */
/**
 * Ends a bench that has nothing to measure: no corpus is a clean skip (exit 0, said as JSON with
 * `--json`), a missing build an error (exit 1). `built` lists files under packages/.
 */
export function requireCorpusAndBuild(name, corpusDir, json, built) {
  if (!existsSync(path.join(corpusDir, 'MANIFEST.tsv'))) {
    const message = `${name}: no corpus at ${corpusDir}; nothing to measure`;
    console.log(json ? JSON.stringify({ skipped: message }) : message);
    process.exit(0);
  }
  const missing = built.find((f) => !existsSync(path.join(repoRoot, 'packages', f)));
  if (missing) {
    console.error(`${name}: packages/${missing} is not built; run \`npx tsc -b\` first`);
    process.exit(1);
  }
}

export function readManifest(corpusDir) {
  const [header, ...lines] = readFileSync(path.join(corpusDir, 'MANIFEST.tsv'), 'utf8').split(/\r?\n/);
  const cols = header.split('\t');
  return lines
    .filter((l) => l.trim())
    .map((l) => Object.fromEntries(l.split('\t').map((v, i) => [cols[i], v])));
}

/** Percentile by linear interpolation between closest ranks (p in 0..100). */
export function percentile(xs, p) {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const at = ((s.length - 1) * p) / 100;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return s[lo] + (s[hi] - s[lo]) * (at - lo);
}

export const median = (xs) => percentile(xs, 50);
export const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);
export const round = (x, digits = 3) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : null);

/** A group's figures from its per-file medians (ms) and its sequential-pass times (ms). */
export function summarize(perFileMs, passMs) {
  const pass = median(passMs);
  return {
    files: perFileMs.length,
    median_ms: round(median(perFileMs)),
    p90_ms: round(percentile(perFileMs, 90)),
    max_ms: round(Math.max(...perFileMs)),
    mean_ms: round(mean(perFileMs)),
    per_second: round(1000 / mean(perFileMs), 1),
    pass_ms: round(pass, 1),
    pass_per_second: round((perFileMs.length * 1000) / pass, 1),
  };
}

/** Prints rows (arrays of cells) as a left-aligned table under a header row. */
export function printTable(header, rows) {
  const cells = [header, ...rows].map((r) => r.map((c) => (c === null || c === undefined ? '-' : String(c))));
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) =>
    r
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(line(cells[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

/** Whether `xmllint` (libxml2-utils) is on the PATH. */
export function haveXmllint() {
  const r = spawnSync('xmllint', ['--version'], { encoding: 'utf8' });
  return !r.error && r.status === 0;
}

/**
 * libxml2's parse time for one file, in ms. Spawning a process per parse would measure process
 * start-up, not parsing, and `--timing` alone reports whole milliseconds. So each run is
 * `xmllint --noout --nonet --repeat --timing FILE`: libxml2 parses (and frees) the file 100 times
 * inside one process and prints "100 iterations took X ms" on stderr, timed by libxml2 itself
 * around the parse loop only; X / 100 is one parse. The median of `runs` such runs is returned.
 */
export function xmllintParseMs(file, runs = 3) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const r = spawnSync('xmllint', ['--noout', '--nonet', '--repeat', '--timing', file], {
      encoding: 'utf8',
    });
    const m = /(\d+) iterations took (\d+(?:\.\d+)?) ms/.exec(r.stderr ?? '');
    if (!m) return null;
    samples.push(Number(m[2]) / Number(m[1]));
  }
  return median(samples);
}

/** "met" / "NOT met" for a figure against an upper bound. */
export const verdict = (value, target) => (value !== null && value <= target ? 'met' : 'NOT met');

/**
 * The pages of a corpus scan as the page workers see them: a PDF's pages as the engine hands them
 * to OCR (`ocrRaster` in workers/scan-pdf.ts: a scanner's JPEG decoded from the file, a scan's
 * own pixels, or the page rendered at the DPI the OCR chooses; `dpi` kept only for pages that are
 * not scans), or the image itself. `engine` holds the engine modules' functions, loaded from
 * whichever build is measured.
 */
export async function scanRasters(engine, file, bytes) {
  const { openPdf, loadImage, ocrRaster, scanJpegsOf } = engine;
  if (!/\.pdf$/i.test(file)) return [{ raster: await loadImage(bytes), dpi: undefined }];
  const doc = await openPdf(bytes);
  const jpegs = scanJpegsOf(bytes, doc);
  const rasters = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const { raster, dpi } = await ocrRaster(doc, n, jpegs.get(n));
    rasters.push({ raster, dpi });
  }
  await doc.destroy();
  return rasters;
}

/**
 * GET /health every `everyMs` (as a load balancer asks) until `until()` is true, on a keep-alive
 * socket (a second one while an answer is late): ms from each request's sending to its answer's
 * end. autocannon's `overallRate` instead sends each second's requests back to back, so its tail
 * is the time the server takes for a burst on each connection.
 */
export async function pacedHealth(base, everyMs, until) {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const one = () =>
    new Promise((resolve, reject) => {
      const t0 = performance.now();
      request(`${base}/health`, { agent }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(performance.now() - t0)
            : reject(new Error(`/health answered ${res.statusCode}`)),
        );
      })
        .on('error', reject)
        .end();
    });
  const start = performance.now();
  const ms = [];
  const pending = [];
  for (let i = 0; !until(); i++) {
    const wait = start + i * everyMs - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(one().then((t) => ms.push(t)));
  }
  await Promise.all(pending);
  agent.destroy();
  return {
    requests: ms.length,
    per_second: round(ms.length / ((performance.now() - start) / 1000), 1),
    p50_ms: round(percentile(ms, 50), 1),
    p99_ms: round(percentile(ms, 99), 1),
    max_ms: round(Math.max(...ms), 1),
  };
}
