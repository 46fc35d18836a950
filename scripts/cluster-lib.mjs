// The scaled-out form on loopback, for `npm run cluster`, its test and `npm run bench:cluster`: a
// throw-away PostgreSQL (postgres.mjs), an S3-compatible bucket (s3rver, files in a temporary
// folder), API processes (`--role api`) and worker processes (`--role worker`) of the built
// service, each on a port of its own. Processes can be killed (SIGKILL) and started again, and
// PostgreSQL restarted. stop() ends every process and removes every temporary folder.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { startPostgres } from './postgres.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const MAIN = path.join(root, 'apps/server/dist/main.js');
const ADMIN = path.join(root, 'apps/server/dist/admin.js');
export const BUCKET = 'invoices';

/**
 * Starts PostgreSQL, the bucket, `apis` API processes and `workers` workers. `env`: settings for
 * every process (e.g. JOB_CONCURRENCY). `onLine(proc, line)`: each line a process writes.
 */
export async function startCluster({ apis = 2, workers = 2, env = {}, onLine } = {}) {
  const made = [];
  const cleanups = [];
  try {
    // Durable, as in production: a commit acknowledged before a crash of PostgreSQL survives it.
    const pg = await startPostgres({ durable: true });
    cleanups.push(() => pg.stop());
    const s3dir = mkdtempSync(path.join(tmpdir(), 'ir-cluster-s3-'));
    cleanups.push(() => rmSync(s3dir, { recursive: true, force: true }));
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port: s3port } = await s3.run();
    cleanups.push(() => s3.close());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ir-cluster-data-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const shared = {
      ...process.env,
      DATABASE_URL: pg.url,
      BLOB_URL: `s3://${BUCKET}?endpoint=http://127.0.0.1:${s3port}`,
      // s3rver's own fixed pair.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      // One secret for all (sessions and callbacks signed by one are checked by another).
      SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    };
    const cluster = {
      pg,
      s3dir,
      dataDir,
      env: shared,
      apis: [],
      workers: [],
      /** Starts one more process of `role` and waits until it listens. */
      start: (role, name, extra = {}) => startProcess(role, name, { ...shared, ...extra }, onLine, made),
      /** SIGKILL: no shutdown of any kind, as a crash. */
      async kill(proc) {
        if (proc.exited) return;
        proc.stopping = true;
        const gone = new Promise((r) => proc.child.once('exit', r));
        proc.child.kill('SIGKILL');
        await gone;
      },
      /** `npm run admin` against the cluster's database; its JSON answer. */
      async admin(...args) {
        const out = await collect(process.execPath, [ADMIN, ...args, '--json'], shared);
        return JSON.parse(out);
      },
      async stop() {
        await Promise.all(made.map((p) => stopProcess(p)));
        for (const clean of cleanups.reverse()) await clean();
      },
    };
    // The first API process alone: it migrates the database and pg-boss's schema.
    if (apis > 0) cluster.apis.push(await cluster.start('api', 'api-1'));
    const rest = [];
    for (let i = 2; i <= apis; i++)
      rest.push(cluster.start('api', `api-${i}`).then((p) => cluster.apis.push(p)));
    for (let i = 1; i <= workers; i++)
      rest.push(cluster.start('worker', `worker-${i}`).then((p) => cluster.workers.push(p)));
    await Promise.all(rest);
    cluster.apis.sort((a, b) => a.name.localeCompare(b.name));
    cluster.workers.sort((a, b) => a.name.localeCompare(b.name));
    return cluster;
  } catch (err) {
    await Promise.all(made.map((p) => stopProcess(p)));
    for (const clean of cleanups.reverse()) await clean().catch?.(() => {});
    throw err;
  }
}

function startProcess(role, name, env, onLine, made) {
  const child = spawn(process.execPath, [MAIN, '--role', role], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc = { role, name, child, url: undefined, exited: false, stopping: false, lines: [] };
  made.push(proc);
  child.once('exit', (code, signal) => {
    proc.exited = true;
    if (!proc.stopping) onLine?.(proc, `exited on its own: ${code ?? signal} (Error)`);
  });
  return new Promise((resolve, reject) => {
    let rest = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      rest += chunk;
      const lines = rest.split('\n');
      rest = lines.pop();
      for (const line of lines) {
        proc.lines.push(line);
        onLine?.(proc, line);
        const m = /"msg":"listening","url":"([^"]+)"/.exec(line);
        if (m && !proc.url) {
          proc.url = m[1];
          resolve(proc);
        }
      }
    });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (c) => {
      err += c;
      onLine?.(proc, c.trimEnd());
    });
    child.once('exit', (code, signal) => {
      if (!proc.url)
        reject(new Error(`${name} exited (${code ?? signal}) before listening: ${err.slice(-2000)}`));
    });
  });
}

/** SIGTERM (a graceful stop), then SIGKILL if it has not ended within 20 s. */
async function stopProcess(proc) {
  if (proc.exited) return;
  proc.stopping = true;
  const gone = new Promise((r) => proc.child.once('exit', r));
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 20_000);
  await gone;
  clearTimeout(timer);
}

function collect(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c) => {
      out += c;
    });
    child.stderr.setEncoding('utf8').on('data', (c) => {
      err += c;
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${args[1]} exited ${code}: ${err}`)),
    );
  });
}
