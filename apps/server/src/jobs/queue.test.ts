// The job queue on a real PostgreSQL, in one test process: an API-only service (no reading) and a
// worker started beside it, sharing the database and the data folder's files. A job accepted
// while no worker runs waits in the queue; a worker reads it. A job left `processing` by a reader
// gone long ago (its lease over) is taken over by the next worker, with a new attempt.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningPostgres, startPostgres } from '../../../../scripts/postgres.mjs';
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

describe.skipIf(!haveCorpus)('the job queue (PostgreSQL)', () => {
  let postgres: RunningPostgres;
  let api: TestServer;
  let worker: RunningWorker | undefined;
  let db: pg.Pool;
  let key: string;
  let n = 0;
  const xml = () =>
    Buffer.from(readFileSync(SAMPLE_XML, 'utf8').replace('?>', `?><!-- queue test ${++n} -->`));
  const jobRow = async (id: number) =>
    (await db.query('select status, attempts from jobs where id = $1', [id])).rows[0] as {
      status: string;
      attempts: number;
    };
  const messages = async (id: number) =>
    Number(
      (
        await db.query(
          "select count(*) as n from pgboss.job where name = 'read-job' and singleton_key = $1",
          [String(id)],
        )
      ).rows[0].n,
    );

  beforeAll(async () => {
    postgres = await startPostgres();
    db = new pg.Pool({ connectionString: postgres.url, max: 2 });
    api = await startTestServer({ DATABASE_URL: postgres.url, ROLE: 'api' });
    key = (await api.account('queue@example.com')).key;
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    await api?.stop();
    await db?.end();
    await postgres?.stop();
  });

  const startOneWorker = async () =>
    startWorker(
      loadConfig({
        DATABASE_URL: postgres.url,
        ROLE: 'worker',
        DATA_DIR: api.dataDir,
        PORT: '0',
        JOB_CONCURRENCY: '1',
      }),
      createLogger('silent'),
    );

  it('keeps a job accepted while no worker runs queued, with its message waiting, and a worker started later reads it', async () => {
    const r = await call(api.url, '/v1/parse', { key, body: form(xml(), {}, 'invoice.xml') });
    expect(r.status).toBe(200);
    const id = r.body.job_id as number;
    await waitFor(async () => (await messages(id)) === 1, 'the message of the job');
    expect(await jobRow(id)).toEqual({ status: 'queued', attempts: 0 });
    worker = await startOneWorker();
    expect((await waitForJob(api.url, key, id)).status).toBe('done');
    expect(await jobRow(id)).toEqual({ status: 'done', attempts: 1 });
    const health = await fetch(`${worker.url}/health`);
    expect(await health.json()).toMatchObject({ ok: true, role: 'worker', concurrency: 1 });
  });

  it('takes over a job whose reader is gone (processing since before its lease) with a new attempt', async () => {
    await worker?.close();
    worker = undefined;
    const r = await call(api.url, '/v1/parse', { key, body: form(xml(), {}, 'invoice.xml') });
    const id = r.body.job_id as number;
    await waitFor(async () => (await messages(id)) === 1, 'the message of the job');
    // As a reader killed an hour ago left it.
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await db.query("update jobs set status = 'processing', attempts = 1, started_at = $2 where id = $1", [
      id,
      anHourAgo,
    ]);
    worker = await startOneWorker();
    expect((await waitForJob(api.url, key, id)).status).toBe('done');
    expect(await jobRow(id)).toEqual({ status: 'done', attempts: 2 });
  });
});
