// A kill -9 during processing loses no job: the real service runs as a child process, is killed
// while it reads a scan, and on restart resumes the job, which ends `done` and is charged once.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeHandle, jobById, openHandle } from '@invoice-reader/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../accounts/accounts.js';
import { loadConfig } from '../config.js';
import { issueKey } from '../keys/keys.js';
import {
  call,
  corpusFile,
  form,
  freshDatabaseEnv,
  haveCorpus,
  repoRoot,
  SAMPLE_SCAN,
  waitFor,
  waitForJob,
} from '../test-support/server.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ir-crash-'));
const children: ChildProcess[] = [];
// The test run's engine: DATABASE_URL of a fresh PostgreSQL database, or the SQLite file in dataDir.
let databaseEnv: Record<string, string> = {};
beforeAll(async () => {
  databaseEnv = await freshDatabaseEnv();
});
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts `node apps/server/dist/main.js` and resolves with its URL once it listens. */
function startChild(env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'info',
      JOB_CONCURRENCY: '1',
      ...databaseEnv,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /"msg":"listening","url":"([^"]+)"/.exec(out);
      if (m?.[1]) resolve({ child, url: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

/** The service's database, opened as the service opens it. */
function openServiceDatabase() {
  const config = loadConfig({ DATA_DIR: dataDir, ...databaseEnv });
  return { config, db: openHandle({ url: config.databaseUrl, file: config.databaseFile }) };
}

/** An account with its free pages and a key, made in the database before the server starts. */
async function keyFor(email: string): Promise<string> {
  const { config, db: opening } = openServiceDatabase();
  const db = await opening;
  const account = await createAccount(db, email, 5);
  const { key } = await issueKey(db, config.secret, account.id, 'test');
  await closeHandle(db);
  return key;
}

async function waitUntilProcessing(url: string, key: string, jobId: number): Promise<string> {
  return waitFor(async () => {
    const seen = (await call(url, `/v1/parse/${jobId}`, { key })).body.status as string;
    return seen === 'queued' ? '' : seen;
  }, `job ${jobId} to be claimed`);
}

describe.skipIf(!haveCorpus)('kill -9 during processing', () => {
  it('resumes the job on restart and it ends done, charged once', async () => {
    const key = await keyFor('crash@example.com');

    const first = await startChild();
    const sub = await call(first.url, '/v1/parse', { key, body: form(corpusFile(SAMPLE_SCAN)) });
    expect(sub.status).toBe(200);
    // Wait until the job is being read, then kill the process without warning.
    expect(await waitUntilProcessing(first.url, key, sub.body.job_id)).toBe('processing');
    const exited = new Promise((r) => first.child.once('exit', r));
    first.child.kill('SIGKILL');
    await exited;

    const second = await startChild();
    const job = await waitForJob(second.url, key, sub.body.job_id);
    expect(job).toMatchObject({ status: 'done', mode: 'ocr', pages_scanned: 1, charged: true });
    const usage = await call(second.url, '/v1/usage', { key });
    expect(usage.body).toMatchObject({ sheets_used: 1, free_pages_left: 4, pages_reserved: 0 });
    second.child.kill('SIGTERM');
    expect(await new Promise((r) => second.child.once('exit', r))).toBe(0);
  });

  it('SIGTERM with no grace left requeues the running job, and the next start finishes it', async () => {
    const key = await keyFor('shutdown@example.com');

    const first = await startChild({ SHUTDOWN_GRACE_MS: '0' });
    const sub = await call(first.url, '/v1/parse', { key, body: form(corpusFile(SAMPLE_SCAN)) });
    expect(await waitUntilProcessing(first.url, key, sub.body.job_id)).toBe('processing');
    const exited = new Promise((r) => first.child.once('exit', r));
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const check = await openServiceDatabase().db;
    expect((await jobById(check, sub.body.job_id))?.status).toBe('queued');
    await closeHandle(check);

    const second = await startChild();
    expect(await waitForJob(second.url, key, sub.body.job_id)).toMatchObject({
      status: 'done',
      pages_scanned: 1,
    });
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
  });
});
