#!/usr/bin/env node
// `npm run bench:cluster`: the scaled-out form's figures on this machine (cluster-lib.mjs: a
// throw-away PostgreSQL, s3rver, API processes and workers of the built service). Not part of
// `npm test`. It measures:
//   (a) OCR pages per minute with 1 and with 2 worker processes (each JOB_CONCURRENCY 2): the
//       same --scans scans of the corpus submitted at once, from the first submission until the
//       last ends; with 2 workers, GET /health paced every 10 ms on an API process meanwhile (p99);
//   (b) the queue's overhead per job: one small XML e-invoice, submitted and polled until done,
//       --runs times one after the other, on the embedded service (npm start: SQLite, in-process
//       runner) and on the cluster (an API process and a worker): medians and the difference;
//   (c) polls of a finished job per second through two API processes (autocannon, 10 connections
//       each, --poll-seconds).
// `--no-ocr`: parts (b) and (c) only. Prints a table, or JSON with --json. Exits 1 on any failed job or non-2xx answer.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { pacedHealth, percentile, printTable, round } from './bench-lib.mjs';
import { startCluster } from './cluster-lib.mjs';
import { corpusDir, haveCorpus, repoRoot } from './corpus.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SCANS = arg('scans', 12);
const RUNS = arg('runs', 20);
const POLL_SECONDS = arg('poll-seconds', 10);
const JSON_OUT = process.argv.includes('--json');
/** Parts (b) and (c) only. */
const NO_OCR = process.argv.includes('--no-ocr');
if (!haveCorpus) {
  console.error('bench:cluster: the corpus (../shared/corpus) is needed');
  process.exit(1);
}
const say = (s) => JSON_OUT || console.log(s);

/** The corpus's scans (PNG, JPG, scanned PDFs), sorted by name: the first `n`. */
function scans(n) {
  const out = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(png|jpe?g|scan\.pdf)$/i.test(e.name)) out.push(p);
    }
  };
  walk(path.join(corpusDir, 'scans'));
  return out.slice(0, n);
}
const xml = readFileSync(path.join(corpusDir, 'einvoice/akretion-factur-x/factur-x-en16931.xml'), 'utf8');
let serial = 0;
/** Distinct bytes each time (a repeat would be answered as a duplicate without a read). */
const distinct = (bytes) => Buffer.concat([bytes, Buffer.from(`\n% bench ${++serial} ${Date.now()}\n`)]);
const distinctXml = () => Buffer.from(xml.replace('?>', `?><!-- bench ${++serial} ${Date.now()} -->`));

async function api(base, key, pathname, init = {}) {
  const res = await fetch(base + pathname, { ...init, headers: { 'x-api-key': key, ...init.headers } });
  const text = await res.text();
  if (res.status !== 200)
    throw new Error(`${init.method ?? 'GET'} ${pathname} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}
function submit(base, key, bytes, name) {
  const form = new FormData();
  form.set('file', new Blob([bytes]), name);
  return api(base, key, '/v1/parse', { method: 'POST', body: form });
}
/** Polls every 5 ms until the job ends; a failed job fails the bench unless `mayFail`. */
async function waitEnded(base, key, id, mayFail = false) {
  for (;;) {
    const job = await api(base, key, `/v1/parse/${id}`);
    if (job.status === 'failed' && !mayFail) throw new Error(`job ${id} failed: ${job.error} ${job.message}`);
    if (job.status === 'done' || job.status === 'failed') return job;
    await sleep(5);
  }
}

async function account(cluster) {
  await cluster.admin('create-account', '--email', 'bench@example.com');
  await cluster.admin('top-up', '--email', 'bench@example.com', '--amount-eur', '100');
  return (await cluster.admin('create-key', '--email', 'bench@example.com')).key;
}

/** (a): the scans through `workers` worker processes; pages per minute, /health meanwhile. */
async function ocrRun(workers, files, measureHealth) {
  const cluster = await startCluster({
    apis: 1,
    workers,
    env: { JOB_CONCURRENCY: '2', RATE_LIMIT_PER_MINUTE: '1000000' },
  });
  try {
    const key = await account(cluster);
    const base = cluster.apis[0].url;
    // Warm each worker's engine (models loaded, pools up) outside the measured window.
    const warm = await Promise.all(
      cluster.workers.map((_, i) =>
        submit(base, key, distinct(readFileSync(files[i % files.length])), 'warm.png'),
      ),
    );
    for (const w of warm) await waitEnded(base, key, w.job_id, true);
    const t0 = performance.now();
    const ids = [];
    for (const f of files)
      ids.push((await submit(base, key, distinct(readFileSync(f)), path.basename(f))).job_id);
    let ended = false;
    const health = measureHealth ? pacedHealth(base, 10, () => ended) : undefined;
    // Pages of the scans read; one that failed (a timeout on a busy machine) is counted apart.
    let pages = 0;
    let failed = 0;
    for (const id of ids) {
      const job = await waitEnded(base, key, id, true);
      if (job.status === 'done') pages += job.pages_scanned;
      else failed++;
    }
    const minutes = (performance.now() - t0) / 60_000;
    ended = true;
    return {
      workers,
      jobs: ids.length,
      failed,
      pages,
      seconds: round(minutes * 60, 1),
      pages_per_minute: round(pages / minutes, 1),
      health: await health,
    };
  } finally {
    await cluster.stop();
  }
}

/** (b) on the embedded service: the built main.js on SQLite in a temporary folder. */
async function embeddedRuns(runs) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ir-bench-embedded-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    RATE_LIMIT_PER_MINUTE: '1000000',
    JOB_CONCURRENCY: '2',
  };
  const adminJson = (...args) =>
    new Promise((resolve, reject) => {
      const c = spawn(
        process.execPath,
        [path.join(repoRoot, 'apps/server/dist/admin.js'), ...args, '--json'],
        { env },
      );
      let out = '';
      c.stdout.on('data', (d) => {
        out += d;
      });
      c.once('close', (code) =>
        code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`admin ${args[0]} ${code}`)),
      );
    });
  await adminJson('create-account', '--email', 'bench@example.com');
  const { key } = await adminJson('create-key', '--email', 'bench@example.com');
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c) => {
        out += c;
        const m = /"msg":"listening","url":"([^"]+)"/.exec(out);
        if (m) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`the embedded service exited (${code})`)));
    });
    return await latencies(url, key, runs);
  } finally {
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Submission to `done` of one small XML, one at a time: ms each (the first, warming, dropped). */
async function latencies(base, key, runs) {
  const ms = [];
  for (let i = 0; i <= runs; i++) {
    const t0 = performance.now();
    const { job_id } = await submit(base, key, distinctXml(), 'invoice.xml');
    await waitEnded(base, key, job_id);
    if (i > 0) ms.push(performance.now() - t0);
  }
  return { runs, p50_ms: round(percentile(ms, 50), 1), p90_ms: round(percentile(ms, 90), 1) };
}

/** (b) on the cluster and (c): one run of two API processes and one worker. */
async function clusterRuns(runs, pollSeconds) {
  const cluster = await startCluster({
    apis: 2,
    workers: 1,
    env: { JOB_CONCURRENCY: '2', RATE_LIMIT_PER_MINUTE: '100000000' },
  });
  try {
    const key = await account(cluster);
    const done = await latencies(cluster.apis[0].url, key, runs);
    const { job_id } = await submit(cluster.apis[0].url, key, distinctXml(), 'poll.xml');
    await waitEnded(cluster.apis[0].url, key, job_id);
    const cannon = (url) =>
      new Promise((resolve, reject) =>
        autocannon(
          {
            url: `${url}/v1/parse/${job_id}`,
            connections: 10,
            duration: pollSeconds,
            headers: { 'x-api-key': key },
          },
          (err, r) => (err ? reject(err) : resolve(r)),
        ),
      );
    const results = await Promise.all(cluster.apis.map((p) => cannon(p.url)));
    const bad = results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);
    if (bad) throw new Error(`${bad} polls failed or answered non-2xx`);
    return {
      done,
      polls: {
        per_second: round(
          results.reduce((n, r) => n + r.requests.average, 0),
          0,
        ),
        p99_ms: Math.max(...results.map((r) => r.latency.p99)),
      },
    };
  } finally {
    await cluster.stop();
  }
}

const files = scans(SCANS);
say(`bench:cluster: ${files.length} scans, ${RUNS} runs, ${POLL_SECONDS} s of polls`);
try {
  const one = NO_OCR ? undefined : await ocrRun(1, files, false);
  if (one) say(`(a) 1 worker: ${one.pages} pages in ${one.seconds} s (${one.failed} failed)`);
  const two = NO_OCR ? undefined : await ocrRun(2, files, true);
  if (two)
    say(
      `(a) 2 workers: ${two.pages} pages in ${two.seconds} s (${two.failed} failed); /health p99 ${two.health?.p99_ms} ms`,
    );
  const embedded = await embeddedRuns(RUNS);
  const cluster = await clusterRuns(RUNS, POLL_SECONDS);
  const result = {
    ocr: NO_OCR ? [] : [one, two],
    overhead: {
      embedded: embedded,
      cluster: cluster.done,
      per_job_ms: round(cluster.done.p50_ms - embedded.p50_ms, 1),
    },
    polls: cluster.polls,
  };
  if (JSON_OUT) console.log(JSON.stringify(result, null, 2));
  else {
    printTable(
      ['measure', 'value'],
      [
        ['OCR pages/min, 1 worker', one?.pages_per_minute],
        ['OCR pages/min, 2 workers', two?.pages_per_minute],
        ['/health p99 ms during OCR (2 workers)', two?.health?.p99_ms],
        ['XML submit→done p50 ms, embedded', embedded.p50_ms],
        ['XML submit→done p50 ms, cluster', cluster.done.p50_ms],
        ['queue overhead per job ms (p50)', result.overhead.per_job_ms],
        ['polls/s through 2 API processes', cluster.polls.per_second],
        ['poll p99 ms', cluster.polls.p99_ms],
      ],
    );
  }
} catch (err) {
  console.error(`bench:cluster: FAILED: ${err.message}`);
  process.exitCode = 1;
}
