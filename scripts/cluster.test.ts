// The scaled-out form under crashes, with real processes (cluster-lib.mjs): 300 jobs submitted
// across two API processes while the two workers are killed with SIGKILL 20 times at random
// points of the run (each restarted) and PostgreSQL is restarted once. Then every accepted job
// has ended, none was settled or charged twice, the books balance and every accepted job's file
// is in the bucket. Inputs are fast to read (XML e-invoices, text PDFs, PNGs that fail at once,
// a few small scans that are charged), so the run is about the queue, not OCR. PostgreSQL runs
// durable (fsync, synchronous commit): a commit acknowledged before the restart must survive it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBlobUrl } from '../apps/server/src/blobs/blob-url.js';
import { openBlobStore } from '../apps/server/src/blobs/open.js';
import { type Cluster, type ClusterProcess, startCluster } from './cluster-lib.mjs';
import { corpusDir } from './corpus.mjs';
import { rng } from './seeded-random.mjs';

// Counts and money are bigints far below 2^53: read as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

const JOBS = 300;
const KILLS = 20;
const SUBMITTERS = 4;

const xml = readFileSync(path.join(corpusDir, 'einvoice/akretion-factur-x/factur-x-en16931.xml'), 'utf8');
const pdf = readFileSync(path.join(corpusDir, 'textpdf/invoice2data/NetpresseInvoice.pdf'));
const scan = readFileSync(path.join(corpusDir, 'scans/ferd-zugferd-2.0/zugferd_2p0_MINIMUM.png'));

/** The n-th file: distinct bytes each (no duplicates): one in 30 a scan charged for its page, one
 * in 6 a text PDF, half XML e-invoices, the rest PNGs that fail at once. */
function fileOf(n: number): Buffer {
  if (n % 30 === 0) return Buffer.concat([scan, Buffer.from(`cluster ${n}`)]);
  if (n % 6 === 1) return Buffer.concat([pdf, Buffer.from(`\n%${n}\n`)]);
  if (n % 2 === 0) return Buffer.from(xml.replace('?>', `?><!-- ${n} -->`));
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from(`junk ${n}`)]);
}

describe('the cluster (two API processes, two workers, PostgreSQL, a bucket)', () => {
  let cluster: Cluster;
  let db: pg.Pool;
  /** Settled reads per job, from every worker's log (killed ones' included). */
  const settled = new Map<number, number>();
  /** Called on each settled read (kills and the restart are placed on that count). */
  let onSettled = () => {};
  const onLine = (p: ClusterProcess, line: string) => {
    const m = /"msg":"job ended","job":(\d+)/.exec(line);
    if (m) {
      settled.set(Number(m[1]), (settled.get(Number(m[1])) ?? 0) + 1);
      onSettled();
    }
    // What went wrong in a process, for the test's output (Node's notice about the AWS SDK aside).
    if (/"level":"(error|fatal)"/.test(line) || (!line.startsWith('{') && /Error|error/.test(line)))
      console.log(`[${p.name}] ${line.slice(0, 1000)}`);
  };

  beforeAll(async () => {
    cluster = await startCluster({
      apis: 2,
      workers: 2,
      env: { JOB_CONCURRENCY: '2', JOB_TIMEOUT_MS: '30000', RATE_LIMIT_PER_MINUTE: '1000000' },
      onLine,
    });
    db = new pg.Pool({ connectionString: cluster.pg.url, max: 2 });
    db.on('error', () => {}); // a connection broken by the restart is dropped
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
  }, 120_000);

  it('reads every accepted job once, charges once, balances the books and keeps every file through 20 kills and a PostgreSQL restart', async () => {
    const random = rng(13);
    await cluster.admin('create-account', '--email', 'cluster@example.com');
    await cluster.admin('top-up', '--email', 'cluster@example.com', '--amount-eur', '50');
    const { key } = (await cluster.admin('create-key', '--email', 'cluster@example.com')) as { key: string };

    // Kills and the restart happen at random points of the run, each when that many reads have
    // ended (an event of the run, not a time).
    const endedCount = () => [...settled.values()].reduce((a, b) => a + b, 0);
    const killAt = Array.from({ length: KILLS }, () => Math.floor(random() * (JOBS - 40)) + 10).sort(
      (a, b) => a - b,
    );
    const restartAt = Math.floor(JOBS / 2);
    let kills = 0;
    let restarted = false;
    let chaos = Promise.resolve();
    const disturb = () => {
      if (kills === KILLS && restarted) return;
      while (kills < KILLS && endedCount() >= killAt[kills]!) {
        kills++;
        const i = Math.floor(random() * cluster.workers.length);
        const k = kills;
        chaos = chaos.then(async () => {
          const victim = cluster.workers[i]!;
          await cluster.kill(victim);
          console.log(`kill ${k}/${KILLS}: ${victim.name} after ${endedCount()} reads`);
          // As a supervisor would: started again until it runs (it stops at once while
          // PostgreSQL is restarting).
          for (let tries = 1; ; tries++) {
            try {
              cluster.workers[i] = await cluster.start('worker', victim.name);
              break;
            } catch (err) {
              if (tries >= 10) throw err;
            }
          }
        });
      }
      if (!restarted && endedCount() >= restartAt) {
        restarted = true;
        chaos = chaos.then(async () => {
          await cluster.pg.restart();
          console.log(`PostgreSQL restarted after ${endedCount()} reads`);
        });
      }
    };
    onSettled = disturb;

    // Submitters share the numbers; each file goes to the API processes in turn and is sent
    // again (as a client would) until it is answered: a retry of an accepted file is a duplicate
    // with the same job.
    const accepted = new Map<number, Buffer>();
    let next = 0;
    const submitter = async () => {
      for (let n = next++; n < JOBS; n = next++) {
        const bytes = fileOf(n);
        for (let attempt = 0; ; attempt++) {
          const api = cluster.apis[(n + attempt) % cluster.apis.length]!;
          const form = new FormData();
          form.set('file', new Blob([bytes]), `invoice-${n}`);
          const r = await fetch(`${api.url}/v1/parse`, {
            method: 'POST',
            headers: { 'x-api-key': key },
            body: form,
            signal: AbortSignal.timeout(60_000),
          }).catch(() => undefined);
          if (r?.status === 200) {
            accepted.set(((await r.json()) as { job_id: number }).job_id, bytes);
            if (accepted.size % 50 === 0) console.log(`${accepted.size} accepted, ${endedCount()} read`);
            break;
          }
          await r?.body?.cancel();
          if (attempt > 200) throw new Error(`file ${n} was never accepted (last answer ${r?.status})`);
          // PostgreSQL restarting: the next attempt waits for the answer to the health check.
          await fetch(`${api.url}/health`, { signal: AbortSignal.timeout(60_000) }).catch(() => undefined);
        }
      }
    };
    await Promise.all(Array.from({ length: SUBMITTERS }, submitter));
    expect(accepted.size).toBe(JOBS);

    // Every accepted job ends (a killed worker's lease runs out and another worker takes it).
    const q = async <T>(text: string): Promise<T[]> => (await db.query(text)).rows as T[];
    for (let i = 0; ; i++) {
      const [open] = await q<{ n: number }>(
        "select count(*)::int as n from jobs where status in ('queued','processing')",
      ).catch(() => [{ n: -1 }]);
      if (open?.n === 0 && kills === KILLS && restarted) break;
      if (i % 20 === 0) console.log(`${open?.n} jobs open, ${kills} kills, restarted ${restarted}`);
      if (i > 1200) throw new Error(`jobs did not end: ${open?.n} still open after 10 minutes`);
      await new Promise((r) => setTimeout(r, 500));
    }
    await chaos;

    const jobs = await q<{ id: number; status: string; sha256: string; attempts: number }>(
      'select id, status, sha256, attempts from jobs',
    );
    expect(jobs.length).toBe(JOBS);
    for (const id of accepted.keys())
      expect(jobs.find((j) => j.id === id)?.status).toMatch(/^(done|failed)$/);
    // Settled once: the log says so per read, and the money says so per job.
    const twice = [...settled].filter(([, n]) => n > 1);
    expect(twice).toEqual([]);
    expect(await q('select job_id from usage group by job_id having count(*) > 1')).toEqual([]);
    expect(
      await q("select job_id from ledger where kind = 'debit' group by job_id having count(*) > 1"),
    ).toEqual([]);
    // Reads cut off by a kill are read again; no job needed more than a few.
    const extraReads = jobs.reduce((sum, j) => sum + j.attempts - 1, 0);
    expect(extraReads).toBeLessThanOrEqual(KILLS * 2 + 30);
    // The books: each ledger column sums to the account's; nothing is held at the end.
    const [a] = await q<Record<string, number>>('select * from accounts');
    const [l] = await q<Record<string, number>>(
      'select sum(balance_minor) b, sum(held_minor) h, sum(free_pages) f, sum(held_free_pages) hf from ledger',
    );
    expect([a!.balance_minor, a!.held_minor, a!.free_pages, a!.held_free_pages]).toEqual([
      l!.b,
      l!.h,
      l!.f,
      l!.hf,
    ]);
    expect([a!.held_minor, a!.held_free_pages]).toEqual([0, 0]);
    const [charged] = await q<{ n: number }>("select count(*)::int n from ledger where kind = 'debit'");
    expect(charged!.n).toBeGreaterThan(0);
    // Every accepted job's file is in the bucket.
    const blobs = await openBlobStore({
      kind: 's3',
      ...parseBlobUrl(cluster.env.BLOB_URL!, {
        accessKeyId: cluster.env.AWS_ACCESS_KEY_ID,
        secretAccessKey: cluster.env.AWS_SECRET_ACCESS_KEY,
      }),
    });
    try {
      for (const j of jobs) expect(await blobs.contains(j.sha256)).toBe(true);
    } finally {
      blobs.close();
    }
  }, 900_000);
});
