#!/usr/bin/env node
// `npm run chaos [-- --kills N]` (default 50): kill -9 at random points of submit, read and
// charge, and check the books after each restart. The built service runs as a child process on a
// temporary DATA_DIR; an account with a balance submits a mix (e-invoices, text PDFs, scans that
// are charged, junk scans that fail) while the process is killed after a random 0-1.5 s, then
// restarted. After every restart: every accepted job is in the database, no job is charged twice,
// each ledger column sums to the account's column, and money held equals what unfinished jobs
// hold. At the end every job must end (done or failed) and nothing stays held. Prints one line per
// kill and a summary; exits non-zero on the first broken rule.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeDatabase, openDatabase } from '@invoice-reader/db';
import { corpusDir, haveCorpus, repoRoot } from './corpus.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const KILLS = arg('kills', 50);
if (!haveCorpus) {
  console.log('chaos: no corpus; nothing to do');
  process.exit(0);
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ir-chaos-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: '0',
  LOG_LEVEL: 'info',
  JOB_CONCURRENCY: '2',
  RATE_LIMIT_PER_MINUTE: '100000',
};
const admin = (...args) =>
  JSON.parse(
    execFileSync(process.execPath, [path.join(repoRoot, 'apps/server/dist/admin.js'), ...args, '--json'], {
      env,
    }).toString(),
  );
admin('create-account', '--email', 'chaos@example.com');
admin('top-up', '--email', 'chaos@example.com', '--amount-eur', '50');
const { key } = admin('create-key', '--email', 'chaos@example.com');

const xml = readFileSync(path.join(corpusDir, 'einvoice/akretion-factur-x/factur-x-en16931.xml'), 'utf8');
const pdf = readFileSync(path.join(corpusDir, 'textpdf/invoice2data/NetpresseInvoice.pdf'));
const scan = readFileSync(path.join(corpusDir, 'scans/ferd-zugferd-2.0/zugferd_2p0_MINIMUM.png'));
let n = 0;
/** A distinct file each time (so nothing is a duplicate): the mix of what customers send. */
function nextFile() {
  n++;
  const kind = n % 4;
  if (kind === 0) return Buffer.from(xml.replace('?>', `?><!-- ${n} -->`));
  if (kind === 1) return Buffer.concat([pdf, Buffer.from(`\n%${n}\n`)]);
  if (kind === 2) return Buffer.concat([scan, Buffer.from(`chaos ${n}`)]);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from(`junk ${n}`)]);
}

function start() {
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = /"msg":"listening","url":"([^"]+)"/.exec(out);
      if (m) resolve({ child, url: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening: ${out}`)));
  });
}

const accepted = new Set();
async function submitLoop(url, stop) {
  while (!stop.done) {
    const f = new FormData();
    f.set('file', new Blob([nextFile()]), 'invoice');
    try {
      const r = await fetch(`${url}/v1/parse`, { method: 'POST', headers: { 'x-api-key': key }, body: f });
      if (r.status === 200) accepted.add((await r.json()).job_id);
    } catch {
      return; // killed mid-request: not accepted from the client's side
    }
  }
}

function checkBooks(final) {
  const db = openDatabase(path.join(dataDir, 'invoice-reader.sqlite'));
  try {
    const q = (sql) => db.$client.prepare(sql).all();
    const ids = new Set(q('select id from jobs').map((r) => r.id));
    for (const id of accepted) if (!ids.has(id)) throw new Error(`accepted job ${id} is lost`);
    const twice = q('select job_id, count(*) as c from usage group by job_id having c > 1');
    if (twice.length) throw new Error(`charged twice: ${JSON.stringify(twice)}`);
    const [a] = q('select * from accounts');
    const [l] = q(
      'select sum(balance_minor) b, sum(held_minor) h, sum(free_pages) f, sum(held_free_pages) hf from ledger',
    );
    if (a.balance_minor !== l.b || a.held_minor !== l.h || a.free_pages !== l.f || a.held_free_pages !== l.hf)
      throw new Error(`the ledger does not sum to the account: ${JSON.stringify({ a, l })}`);
    const [held] = q(
      "select coalesce(sum(reserved_minor),0) m, coalesce(sum(reserved_free_pages),0) p from jobs where status in ('queued','processing')",
    );
    if (held.m !== a.held_minor || held.p !== a.held_free_pages)
      throw new Error(
        `held money ${a.held_minor}/${a.held_free_pages} is not what unfinished jobs hold ${held.m}/${held.p}`,
      );
    const open = q("select count(*) c from jobs where status in ('queued','processing')")[0].c;
    if (final && open) throw new Error(`${open} jobs never ended`);
    return { jobs: ids.size, open, balance: a.balance_minor };
  } finally {
    closeDatabase(db);
  }
}

const started = Date.now();
try {
  for (let k = 1; k <= KILLS; k++) {
    const { child, url } = await start();
    const stop = { done: false };
    const loop = submitLoop(url, stop);
    await new Promise((r) => setTimeout(r, Math.random() * 1500));
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    stop.done = true;
    await loop;
    const b = checkBooks(false);
    console.log(
      `kill ${k}/${KILLS}: ${b.jobs} jobs, ${b.open} unfinished, balance ${b.balance} cents, books balanced`,
    );
  }
  // Last: a clean run until every job has ended.
  const { child, url } = await start();
  for (let i = 0; ; i++) {
    const h = await (await fetch(`${url}/health`)).json();
    if (h.queued + h.processing === 0) break;
    if (i > 1200) throw new Error('jobs did not end within 10 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  const b = checkBooks(true);
  console.log(
    `chaos: ${KILLS} kills survived, ${accepted.size} accepted jobs all ended (${b.jobs} jobs), none charged twice, books balanced; ${Math.round((Date.now() - started) / 1000)} s`,
  );
} catch (err) {
  console.error(`chaos: FAILED: ${err.message}`);
  process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
