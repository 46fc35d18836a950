#!/usr/bin/env node
// `npm run bench:api [-- --duration S] [--poll-seconds S] [--connections N] [--submit-rate N]
// [--poll-rate N] [--scans N] [--health-seconds S] [--server-node-args "ARGS"] [--json]`: the hosted
// service under load over
// real HTTP, driven by autocannon. It builds nothing: it starts apps/server/dist/main.js as a child
// process (temporary DATA_DIR, a free loopback port, LOG_LEVEL=warn), makes an account, tops it up
// and issues a key with the admin command line, then measures:
//   (a) polls: GET /v1/parse/{id} of a finished job, --connections at once for --poll-seconds:
//       requests/s and p50/p99 (targets: >= 1000/s, p99 < 50 ms);
//   (b) a mixed load for --duration seconds (60): distinct XML e-invoices and text-layer PDFs
//       submitted at --submit-rate a second while the jobs are polled at --poll-rate a second; then,
//       once the queue is empty, every accepted job is looked up in the database: each must have
//       ended `done` (none lost, none failed), and no error or non-2xx answer may occur; the
//       submissions accepted a second and the jobs that ended while the load ran are reported;
//   (c) GET /health while the OCR workers read --scans scanned pages: p99 (target < 10 ms; met only
//       when the workers are still reading at the end of the window), at 100 a second twice: as
//       autocannon sends them (each second's requests back to back on 2 connections), then paced,
//       one request each 10 ms as a monitor asks (node:http, keep-alive); on Linux also how long the
//       server's thread ran and how long it waited for a core meanwhile (/proc schedstat), which
//       tells work on that thread from a machine that did not give it a core;
//   (d) submission to `done` of one XML e-invoice and one text-layer PDF at a time (p50).
// The rate limit is raised for the bench server (RATE_LIMIT_PER_MINUTE) so that one key carries the
// load; the limiter still counts every request in SQLite as it does at the default. Targets missed
// are reported, not errors; the exit status is non-zero when something fails (an error or non-2xx
// answer, a lost or failed job, a server that does not start). The server is stopped with SIGTERM
// and the temporary folder removed. Client and server share the machine: other work skews it.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { pacedHealth, percentile, printTable, round } from './bench-lib.mjs';
import { corpusDir, repoRoot } from './corpus.mjs';

const TARGETS = { pollsPerSecond: 1000, pollP99Ms: 50, healthP99Ms: 10, xmlDoneP50Ms: 100 };
const BENCH_RATE_LIMIT = 1_000_000_000;

const SAMPLES = {
  xml: path.join(corpusDir, 'einvoice/akretion-factur-x/factur-x-en16931.xml'),
  pdf: path.join(corpusDir, 'textpdf/invoice2data/NetpresseInvoice.pdf'),
  scan: path.join(corpusDir, 'scans/ferd-zugferd-2.0/zugferd_2p0_MINIMUM.png'),
};

function parseArgs(argv) {
  const opts = {
    duration: 60,
    pollSeconds: 10,
    connections: 10,
    submitRate: 4,
    pollRate: 300,
    // Enough scans that the OCR workers are still reading when the 10 s of (c) end (8 were read in
    // under 10 s on a quiet machine, and the rest of the window measured an idle server).
    scans: 24,
    healthSeconds: 10,
    doneRuns: 10,
    json: false,
    // Node options for the server's process only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
    // (NODE_OPTIONS refuses --cpu-prof, and would reach the bench's own process too).
    serverNodeArgs: [],
    // Uploaded files in a bucket (BLOB_URL) of s3rver, started by the bench on loopback.
    s3: false,
  };
  const numeric = {
    '--duration': 'duration',
    '--poll-seconds': 'pollSeconds',
    '--connections': 'connections',
    '--submit-rate': 'submitRate',
    '--poll-rate': 'pollRate',
    '--scans': 'scans',
    '--health-seconds': 'healthSeconds',
    '--done-runs': 'doneRuns',
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') opts.json = true;
    else if (a === '--s3') opts.s3 = true;
    else if (a === '--server-node-args') opts.serverNodeArgs = (argv[++i] ?? '').split(' ').filter(Boolean);
    else if (numeric[a]) {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 0) throw new Error(`${a} needs a whole number`);
      opts[numeric[a]] = n;
    } else throw new Error(`unknown option ${a}`);
  }
  if (opts.connections < 1) throw new Error('--connections must be at least 1');
  return opts;
}

let opts;
try {
  opts = parseArgs(process.argv.slice(2));
} catch (err) {
  console.error(
    `bench:api: ${err.message}; usage: npm run bench:api -- [--duration S] [--poll-seconds S] ` +
      '[--connections N] [--submit-rate N] [--poll-rate N] [--scans N] [--health-seconds S] [--done-runs N] ' +
      '[--server-node-args "ARGS"] [--s3] [--json]',
  );
  process.exit(2);
}
const say = opts.json ? () => {} : (...a) => console.log(...a);

const missing = Object.values(SAMPLES).filter((f) => !existsSync(f));
if (missing.length) {
  const message = `bench:api: corpus file(s) missing (${missing.join(', ')}); nothing to measure`;
  console.log(opts.json ? JSON.stringify({ skipped: message }) : message);
  process.exit(0);
}
const mainJs = path.join(repoRoot, 'apps/server/dist/main.js');
const adminJs = path.join(repoRoot, 'apps/server/dist/admin.js');
if (!existsSync(mainJs) || !existsSync(adminJs)) {
  console.error('bench:api: apps/server/dist is missing; build first with `npx tsc -b`');
  process.exit(1);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
class BenchFailed extends Error {}

// ---- request bodies ---------------------------------------------------------------------------

/** A multipart/form-data body with the file and `country`. */
function multipart(bytes, filename, country = 'de') {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="country"\r\n\r\n${country}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

// Distinct bytes of the same document, so that dedup never answers an earlier job.
let variant = 0;
const xmlVariant = (bytes) =>
  Buffer.concat([bytes, Buffer.from(`\n<!-- bench-api ${variant++} ${Date.now()} -->\n`)]);
const pdfVariant = (bytes) =>
  Buffer.concat([bytes, Buffer.from(`\n% bench-api ${variant++} ${Date.now()}\n`)]);
/** A PNG with a tEXt chunk (valid, ignored by decoders) inserted before IEND. */
function pngVariant(bytes) {
  const iend = bytes.length - 12;
  if (bytes.subarray(iend + 4, iend + 8).toString('latin1') !== 'IEND')
    throw new Error('PNG without IEND last');
  const data = Buffer.from(`Comment\0bench-api ${variant++} ${Date.now()}`, 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return Buffer.concat([bytes.subarray(0, iend), chunk, bytes.subarray(iend)]);
}

// ---- the server -------------------------------------------------------------------------------

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ir-bench-api-'));
const s3 = opts.s3 ? await startS3() : null;
let child;
let serverLog = '';
let stopping = false;

/** s3rver (an S3-compatible server from npm) in the bench's process, and the service's settings. */
async function startS3() {
  const { default: S3rver } = await import('s3rver');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ir-bench-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'invoices', configs: [] }],
  });
  const { port } = await server.run();
  const env = {
    BLOB_URL: `s3://invoices?endpoint=http://127.0.0.1:${port}`,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };
  return { server, dir, env };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The admin command line against the bench's DATA_DIR; its --json answer. */
function admin(args) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [adminJs, ...args, '--json'],
      { env: { ...process.env, ...s3?.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, cwd: repoRoot },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`admin ${args[0]} failed: ${stdout}${stderr}`.trim()));
        else resolve(JSON.parse(stdout));
      },
    );
  });
}

async function startServer(port) {
  child = spawn(process.execPath, [...opts.serverNodeArgs, mainJs], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...s3?.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: String(BENCH_RATE_LIMIT),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d) => {
    serverLog = (serverLog + d).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.exited.then(({ code, signal }) => {
    if (!stopping) console.error(`bench:api: the server exited early (${code ?? signal})\n${serverLog}`);
  });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server did not start');
    try {
      if ((await fetch(`${base}/health`)).status === 200) return base;
    } catch {}
    if (Date.now() > until) throw new Error(`the server did not answer /health within 30 s\n${serverLog}`);
    await sleep(100);
  }
}

async function stopServer() {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  stopping = true;
  child.kill('SIGTERM');
  const killed = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const { code, signal } = await child.exited;
  clearTimeout(killed);
  if (code !== 0) throw new Error(`the server stopped with ${code ?? signal}`);
}

// ---- requests outside autocannon (setup, waiting, latency) -----------------------------------

async function api(base, key, pathname, init = {}) {
  const res = await fetch(base + pathname, { ...init, headers: { 'x-api-key': key, ...init.headers } });
  const text = await res.text();
  if (res.status !== 200)
    throw new BenchFailed(`${init.method ?? 'GET'} ${pathname} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

const submit = (base, key, { body, type }) =>
  api(base, key, '/v1/parse', { method: 'POST', body, headers: { 'content-type': type } });

async function health(base) {
  return JSON.parse(await (await fetch(`${base}/health`)).text());
}

/** Submits, then polls every ~5 ms until the job ends; ms from the submission to the answer. */
async function submitUntilDone(base, key, upload) {
  const t0 = performance.now();
  const { job_id } = await submit(base, key, upload);
  for (;;) {
    const job = await api(base, key, `/v1/parse/${job_id}`);
    if (job.status === 'done' || job.status === 'failed') {
      if (job.status === 'failed') throw new BenchFailed(`job ${job_id} failed: ${job.error} ${job.message}`);
      return { ms: performance.now() - t0, job };
    }
    await sleep(5);
  }
}

async function waitForIdle(base, boundMs = 900_000) {
  const until = Date.now() + boundMs;
  for (;;) {
    const h = await health(base);
    if (h.queued === 0 && h.processing === 0) return;
    if (Date.now() > until) throw new BenchFailed(`the job queue did not drain within ${boundMs / 1000} s`);
    await sleep(200);
  }
}

// ---- autocannon -------------------------------------------------------------------------------

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ timeout: 30, ...options }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** The figures of one autocannon run that the report shows. */
function figures(r) {
  return {
    requests: r.requests.total,
    per_second: round(r.requests.total / (r.duration || 1), 1),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    max_ms: r.latency.max,
    errors: r.errors,
    timeouts: r.timeouts,
    non_2xx: r.non2xx,
  };
}

function mustBeClean(what, f) {
  if (f.errors || f.timeouts || f.non_2xx)
    throw new BenchFailed(
      `${what}: ${f.errors} errors, ${f.timeouts} timeouts, ${f.non_2xx} non-2xx answers`,
    );
}

// ---- the measuring procedure ------------------------------------------------------------------

async function main() {
  const bytes = Object.fromEntries(Object.entries(SAMPLES).map(([k, f]) => [k, readFileSync(f)]));
  say(
    `bench:api: node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} x ${os.availableParallelism()}; ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (other work on the machine skews the figures); server and client on this machine`,
  );
  const email = 'bench@example.com';
  await admin(['create-account', '--email', email]);
  await admin(['top-up', '--email', email, '--amount-eur', '20']);
  const { key } = await admin(['create-key', '--email', email, '--label', 'bench']);
  const base = await startServer(await freePort());
  say(
    `server: ${base} (LOG_LEVEL=warn, JOB_CONCURRENCY default, RATE_LIMIT_PER_MINUTE raised for one key)\n`,
  );
  const accepted = new Set();

  // Warm-up (untimed), which also gives (a) its finished job.
  const warm = await submitUntilDone(base, key, multipart(xmlVariant(bytes.xml), 'warm.xml'));
  accepted.add(warm.job.job_id);
  accepted.add((await submitUntilDone(base, key, multipart(pdfVariant(bytes.pdf), 'warm.pdf'))).job.job_id);
  const doneJob = warm.job.job_id;

  // (a) polling a finished job, saturated.
  say(`(a) polling job ${doneJob} (done) with ${opts.connections} connections for ${opts.pollSeconds} s...`);
  const headers = { 'x-api-key': key };
  const polls = figures(
    await cannon({
      url: `${base}/v1/parse/${doneJob}`,
      headers,
      connections: opts.connections,
      duration: opts.pollSeconds,
    }),
  );
  mustBeClean('(a) polls', polls);

  // (b) the mixed load: submissions (XML and text PDFs in turn) and polls of the jobs, at once.
  say(
    `(b) ${opts.duration} s of submissions (${opts.submitRate}/s, XML and text PDF in turn) ` +
      `and polls (${opts.pollRate}/s)...`,
  );
  const ids = [doneJob];
  let turn = 0;
  const submitting = cannon({
    url: base,
    connections: Math.max(1, Math.min(4, opts.submitRate)),
    overallRate: opts.submitRate,
    duration: opts.duration,
    requests: [
      {
        method: 'POST',
        path: '/v1/parse',
        setupRequest: (req) => {
          const pdf = turn++ % 2 === 1;
          const upload = pdf
            ? multipart(pdfVariant(bytes.pdf), 'invoice.pdf')
            : multipart(xmlVariant(bytes.xml), 'invoice.xml');
          return { ...req, headers: { ...headers, 'content-type': upload.type }, body: upload.body };
        },
        onResponse: (status, body) => {
          if (status !== 200) return;
          const id = JSON.parse(body).job_id;
          accepted.add(id);
          ids.push(id);
        },
      },
    ],
  });
  const polling = cannon({
    url: base,
    connections: opts.connections,
    overallRate: opts.pollRate,
    duration: opts.duration,
    headers,
    requests: [
      {
        method: 'GET',
        // The latest jobs, mostly still queued or being read: what a client waiting for its job polls.
        setupRequest: (req) => ({
          ...req,
          path: `/v1/parse/${ids[Math.max(0, ids.length - 1 - ((Math.random() * 20) | 0))]}`,
        }),
      },
    ],
  });
  const loadStart = new Date();
  const [mixSubmits, mixPolls] = (await Promise.all([submitting, polling])).map(figures);
  const loadEnd = new Date();
  mustBeClean('(b) submissions', mixSubmits);
  mustBeClean('(b) polls', mixPolls);
  say('    waiting for the queue to drain, then counting the jobs in the database...');
  const drainStart = performance.now();
  await waitForIdle(base);
  const drainMs = performance.now() - drainStart;
  const books = countJobs(accepted, { from: loadStart, to: loadEnd });
  books.done_during_load_per_second = round(books.done_by_load_end / ((loadEnd - loadStart) / 1000), 2);
  if (books.lost || books.failed || books.unknown)
    throw new BenchFailed(
      `(b) of ${books.accepted} accepted jobs: ${books.lost} not ended, ${books.failed} failed, ${books.unknown} not in the database`,
    );

  // (c) /health while the OCR workers read scans.
  say(`(c) /health for up to ${opts.healthSeconds} s while the workers read ${opts.scans} scans...`);
  for (let i = 0; i < opts.scans; i++)
    accepted.add((await submit(base, key, multipart(pngVariant(bytes.scan), `scan-${i}.png`))).job_id);
  const busyFrom = Date.now();
  while ((await health(base)).processing === 0) {
    if (Date.now() - busyFrom > 60_000) throw new BenchFailed('(c) no scan started within 60 s');
    await sleep(20);
  }
  const before = await health(base);
  const schedBefore = { server: threadSched(), bench: threadSched(process.pid) };
  const healthRun = figures(
    await cannon({ url: `${base}/health`, connections: 2, overallRate: 100, duration: opts.healthSeconds }),
  );
  const schedAfter = { server: threadSched(), bench: threadSched(process.pid) };
  mustBeClean('(c) /health', healthRun);
  // The same rate paced, one request each 10 ms, while the workers still read.
  const healthEnd = performance.now() + opts.healthSeconds * 1000;
  const paced = await pacedHealth(base, 10, () => performance.now() >= healthEnd);
  const after = await health(base);
  await waitForIdle(base);

  // (d) submission to done, one at a time on an idle server.
  say(`(d) submission to done, one at a time: XML x ${opts.doneRuns}, text PDF x ${opts.doneRuns}...`);
  const done = {};
  for (const [kind, make] of [
    ['xml', () => multipart(xmlVariant(bytes.xml), 'invoice.xml')],
    ['pdf', () => multipart(pdfVariant(bytes.pdf), 'invoice.pdf')],
  ]) {
    const ms = [];
    for (let i = 0; i < opts.doneRuns; i++) {
      const r = await submitUntilDone(base, key, make());
      accepted.add(r.job.job_id);
      ms.push(r.ms);
    }
    if (ms.length)
      done[kind] = {
        runs: ms.length,
        p50_ms: round(percentile(ms, 50), 1),
        max_ms: round(Math.max(...ms), 1),
      };
  }
  const end = countJobs(accepted);
  if (end.lost || end.failed || end.unknown)
    throw new BenchFailed(`of ${end.accepted} accepted jobs: ${end.lost} not ended, ${end.failed} failed`);
  return {
    polls,
    mixed: { submits: mixSubmits, polls: mixPolls, drain_ms: round(drainMs, 0), books },
    health: {
      ...healthRun,
      processing_before: before.processing,
      queued_before: before.queued,
      processing_after: after.processing,
      queued_after: after.queued,
      paced,
      server_thread: schedBetween(schedBefore.server, schedAfter.server),
      bench_thread: schedBetween(schedBefore.bench, schedAfter.bench),
    },
    done,
    books: end,
  };
}

/**
 * A process's main thread (the server's answers HTTP, the bench's runs autocannon) as Linux's
 * scheduler counts it: nanoseconds on
 * a core, nanoseconds runnable but waiting for one, and times it was given a core
 * (/proc/<pid>/task/<pid>/schedstat); null elsewhere.
 */
function threadSched(pid = child.pid) {
  try {
    const [cpu, wait, slices] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return { cpu, wait, slices, at: performance.now() };
  } catch {
    return null;
  }
}

/** Per second between two readings: ms the thread ran and ms it waited for a core. */
function schedBetween(a, b) {
  if (!a || !b) return null;
  const seconds = (b.at - a.at) / 1000;
  return {
    cpu_ms_per_s: round((b.cpu - a.cpu) / 1e6 / seconds, 1),
    wait_ms_per_s: round((b.wait - a.wait) / 1e6 / seconds, 1),
    scheduled_per_s: round((b.slices - a.slices) / seconds, 0),
  };
}

/** Every accepted job looked up in the service's database (read-only, beside the running server);
 * with a `load` window, also how many jobs submitted in it had ended done within it. */
function countJobs(accepted, load) {
  const db = new Database(path.join(dataDir, 'invoice-reader.sqlite'), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    const status = new Map(
      db
        .prepare('select id, status, created_at, finished_at from jobs')
        .all()
        .map((r) => [r.id, r]),
    );
    const out = {
      accepted: accepted.size,
      in_database: status.size,
      done: 0,
      failed: 0,
      lost: 0,
      unknown: 0,
      ...(load ? { done_by_load_end: 0 } : {}),
    };
    for (const id of accepted) {
      const job = status.get(id);
      const s = job?.status;
      if (
        load &&
        s === 'done' &&
        new Date(job.created_at) >= load.from &&
        new Date(job.finished_at) <= load.to
      )
        out.done_by_load_end++;
      if (s === undefined) out.unknown++;
      else if (s === 'done') out.done++;
      else if (s === 'failed') out.failed++;
      else out.lost++;
    }
    return out;
  } finally {
    db.close();
  }
}

function report(r) {
  const met = (ok) => (ok ? 'met' : 'NOT met');
  const pollsMet = r.polls.per_second >= TARGETS.pollsPerSecond && r.polls.p99_ms < TARGETS.pollP99Ms;
  // Measured under OCR only if the workers were still reading at the end of the window.
  const healthUnderLoad = r.health.processing_after > 0;
  const healthMet = r.health.p99_ms < TARGETS.healthP99Ms && healthUnderLoad;
  const row = (name, f, target, status) => [
    name,
    f.requests,
    f.per_second,
    f.p50_ms,
    f.p99_ms,
    f.max_ms,
    target,
    status,
  ];
  say('');
  if (!opts.json)
    printTable(
      ['measure', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'target', 'status'],
      [
        row(
          `(a) poll GET /v1/parse/{id}, ${opts.connections} connections`,
          r.polls,
          `>= ${TARGETS.pollsPerSecond}/s, p99 < ${TARGETS.pollP99Ms} ms`,
          met(pollsMet),
        ),
        row(`(b) submit POST /v1/parse (XML, text PDF)`, r.mixed.submits, '-', '-'),
        row(`(b) poll the latest jobs meanwhile`, r.mixed.polls, '-', '-'),
        row(
          `(c) GET /health while OCR reads scans`,
          r.health,
          `p99 < ${TARGETS.healthP99Ms} ms`,
          healthUnderLoad ? met(healthMet) : 'OCR ended early: raise --scans',
        ),
        row(
          `(c) the same, paced: one request each 10 ms`,
          r.health.paced,
          `p99 < ${TARGETS.healthP99Ms} ms`,
          healthUnderLoad
            ? met(r.health.paced.p99_ms < TARGETS.healthP99Ms)
            : 'OCR ended early: raise --scans',
        ),
      ],
    );
  const b = r.mixed.books;
  say(
    `\n(b) ${b.accepted} accepted jobs so far: ${b.done} done, ${b.failed} failed, ${b.lost} not ended, ` +
      `${b.unknown} missing from the database; no error and no non-2xx answer; the queue drained ` +
      `${(r.mixed.drain_ms / 1000).toFixed(1)} s after the load stopped.`,
  );
  say(
    `(b) accepted ${r.mixed.submits.per_second}/s of the ${opts.submitRate}/s asked; ${b.done_by_load_end} of them ended done ` +
      `while the load ran (${b.done_during_load_per_second}/s), the rest after it.`,
  );
  say(
    `(c) jobs processing/queued when /health was measured: ${r.health.processing_before}/${r.health.queued_before} ` +
      `at the start, ${r.health.processing_after}/${r.health.queued_after} at the end.`,
  );
  for (const [who, st] of [
    ["the server's thread", r.health.server_thread],
    ["the bench's thread (autocannon)", r.health.bench_thread],
  ])
    if (st)
      say(
        `(c) ${who} meanwhile: ran ${st.cpu_ms_per_s} ms/s, waited for a core ${st.wait_ms_per_s} ms/s ` +
          `(given a core ${st.scheduled_per_s} times a second; Linux schedstat).`,
      );
  for (const [k, d] of Object.entries(r.done))
    say(
      `(d) ${k === 'xml' ? 'XML e-invoice' : 'text-layer PDF'}: submission to done p50 ${d.p50_ms} ms, max ${d.max_ms} ms (${d.runs} runs)` +
        (k === 'xml'
          ? `; target p50 < ${TARGETS.xmlDoneP50Ms} ms ${met(d.p50_ms < TARGETS.xmlDoneP50Ms)}`
          : ''),
    );
  say(`all ${r.books.accepted} accepted jobs of the bench ended done (counted in the database).`);
  say(`uploaded files: ${opts.s3 ? 'in a bucket of s3rver on loopback (BLOB_URL)' : 'under DATA_DIR'}.`);
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpu: os.cpus()[0]?.model ?? null,
    cores: os.availableParallelism(),
    load_average: os.loadavg(),
    options: opts,
    ...r,
    targets: { polls: pollsMet, health: healthMet },
  };
}

let exitCode = 0;
const cleanup = () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (s3) rmSync(s3.dir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});
try {
  const out = report(await main());
  if (opts.json) console.log(JSON.stringify(out));
} catch (err) {
  console.error(`bench:api: ${err instanceof BenchFailed ? err.message : (err?.stack ?? err)}`);
  exitCode = 1;
}
try {
  await stopServer();
} catch (err) {
  console.error(`bench:api: ${err.message}\n${serverLog}`);
  exitCode = 1;
}
await s3?.server.close();
cleanup();
process.exit(exitCode);
