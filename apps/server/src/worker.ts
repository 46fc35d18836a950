// The `worker` role (`npm run start:worker`): reads jobs from the pg-boss queue on the shared
// PostgreSQL and nothing else: no API, no singletons. A small HTTP port answers `GET /health`
// with what it reads now, for a process supervisor or a load balancer's check.
import { createServer as createHttpServer } from 'node:http';
import { closeHandle, type Db } from '@invoice-reader/db';
import { shutdownWorkers } from '@invoice-reader/engine';
import { openBlobStore } from './blobs/open.js';
import type { Config } from './config.js';
import { listen } from './http/listen.js';
import { JobQueue } from './jobs/queue.js';
import type { Logger } from './log.js';
import { openServiceDatabase } from './server.js';

export interface RunningWorker {
  /** The health port's address. */
  url: string;
  db: Db;
  queue: JobQueue;
  close(): Promise<void>;
}

export async function startWorker(config: Readonly<Config>, log: Logger): Promise<RunningWorker> {
  if (!config.databaseUrl) throw new Error('a worker reads from PostgreSQL: DATABASE_URL is required');
  const db = await openServiceDatabase(config, log);
  const blobs = await openBlobStore(config.blobs);
  const queue = new JobQueue(db, blobs, log, {
    url: config.databaseUrl,
    concurrency: config.jobConcurrency,
    timeoutMs: config.jobTimeoutMs,
  });
  await queue.start();
  const http = createHttpServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/health' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end('{"detail":"not_found"}');
      return;
    }
    const body = JSON.stringify({
      ok: true,
      role: 'worker',
      reading: queue.reading,
      concurrency: config.jobConcurrency,
    });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  const { url } = await listen(http, config.host, config.port);
  log.info('listening', { url, role: 'worker', blobs: blobs.where, concurrency: config.jobConcurrency });
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
      await queue.stop(config.shutdownGraceMs);
      await stopped;
      await shutdownWorkers();
      blobs.close();
      await closeHandle(db);
      log.info('stopped');
    })());
  return { url, db, queue, close };
}
