// `npm start` (the `all` role, its in-process runner) on a PostgreSQL where an API process and a
// worker already run, on the test file's throw-away server (every run). Its start leaves a job a
// live worker holds to that worker (it requeued every `processing` row before) and the
// singletons to the leading API process; a row whose reader is gone (stale) it takes over; alone
// on the database it leads and requeues its own rows at once.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedPostgresDatabase } from '../../../../scripts/test-databases.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../log.js';
import {
  call,
  form,
  haveCorpus,
  SAMPLE_XML,
  startTestServer,
  type TestServer,
  waitFor,
  waitForJob,
} from '../test-support/server.js';
import { type RunningWorker, startWorker } from '../worker.js';

describe.skipIf(!haveCorpus)('npm start beside an API process and a worker (PostgreSQL)', () => {
  let url: string;
  let api: TestServer | undefined;
  let worker: RunningWorker | undefined;
  let all: TestServer | undefined;
  let db: pg.Pool;
  let key: string;
  let n = 0;
  const files = mkdtempSync(path.join(tmpdir(), 'ir-beside-'));
  const xml = () =>
    Buffer.from(readFileSync(SAMPLE_XML, 'utf8').replace('?>', `?><!-- beside test ${++n} -->`));
  const jobRow = async (id: number) =>
    (await db.query('select status, attempts from jobs where id = $1', [id])).rows[0] as {
      status: string;
      attempts: number;
    };
  /** Marks the job `processing` as a reader that claimed it `ago` ms before would have left it. */
  const claimedAgo = (id: number, ago: number) =>
    db.query(
      "update jobs set status = 'processing', attempts = attempts + 1, started_at = $2 where id = $1",
      [id, new Date(Date.now() - ago).toISOString()],
    );
  const submit = async (on: TestServer) => {
    const r = await call(on.url, '/v1/parse', { key, body: form(xml(), {}, 'invoice.xml') });
    expect(r.status).toBe(200);
    return r.body.job_id as number;
  };

  beforeAll(async () => {
    url = await migratedPostgresDatabase();
    db = new pg.Pool({ connectionString: url, max: 2 });
    api = await startTestServer({ DATABASE_URL: url, ROLE: 'api' });
    key = (await api.account('beside@example.com')).key;
  });

  afterAll(async () => {
    await all?.stop();
    await worker?.close();
    await api?.stop();
    await db?.end();
    rmSync(files, { recursive: true, force: true });
  });

  it('leaves a job a live worker holds to it, and takes it over once its reader is gone', async () => {
    // Accepted while no worker runs, then claimed as a worker claims it (now, attempt 1).
    const id = await submit(api!);
    await claimedAgo(id, 0);
    worker = await startWorker(
      loadConfig({
        DATABASE_URL: url,
        ROLE: 'worker',
        DATA_DIR: api!.dataDir,
        PORT: '0',
        JOB_CONCURRENCY: '1',
      }),
      createLogger('silent'),
    );

    all = await startTestServer({ DATABASE_URL: url, DATA_DIR: api!.dataDir });
    expect(all.runner).toBeDefined();
    // The API process started first leads (the singletons run once); this one follows.
    expect([api!.leader?.leading, all.leader?.leading]).toEqual([true, false]);
    // Its start (awaited) requeued what it would, and its first look for queued jobs is done.
    await waitFor(() => all!.runner!.idle, "the runner's first look");
    expect(await jobRow(id)).toEqual({ status: 'processing', attempts: 1 });

    // The worker's read is gone (claimed an hour ago): the job is read again, with a new attempt.
    await db.query('update jobs set started_at = $2 where id = $1', [
      id,
      new Date(Date.now() - 3_600_000).toISOString(),
    ]);
    expect((await waitForJob(all.url, key, id)).status).toBe('done');
    expect(await jobRow(id)).toEqual({ status: 'done', attempts: 2 });
  });

  it('alone on the database, requeues at start the rows its own earlier run left processing', async () => {
    await all?.stop();
    await worker?.close();
    await api?.stop();
    [all, worker, api] = [undefined, undefined, undefined];
    // One data folder (its files) for both runs of the process.
    const env = { DATABASE_URL: url, DATA_DIR: files };
    all = await startTestServer(env);
    const id = await submit(all);
    await waitForJob(all.url, key, id);
    await all.stop();
    // As its run, killed mid-read a moment ago, would have left the job.
    await claimedAgo(id, 0);
    const left = await jobRow(id);
    expect(left.status).toBe('processing');
    all = await startTestServer(env);
    expect(all.leader?.leading).toBe(true);
    expect((await waitForJob(all.url, key, id)).status).toBe('done');
    expect(await jobRow(id)).toEqual({ status: 'done', attempts: left.attempts + 1 });
  });
});
