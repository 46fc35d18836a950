// Starts the whole service from a configuration: database (migrated), blob store, job runner,
// callback dispatcher, HTTP server; and stops it gracefully (no new requests, running jobs
// finished or requeued, workers shut down, database closed).
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeDatabase, type Db, openDatabase, pruneRateLimits } from '@invoice-reader/db';
import { shutdownWorkers } from '@invoice-reader/engine';
import { createApp } from './app.js';
import { CallbackDispatcher } from './callbacks/dispatcher.js';
import type { Config } from './config.js';
import { BlobStore } from './jobs/blobs.js';
import { JobRunner } from './jobs/runner.js';
import { createLogger, type Logger } from './log.js';
import { createMailer } from './mailer/mailer.js';

export interface RunningServer {
  url: string;
  /** PUBLIC_URL, or the listening address when none is configured. */
  publicUrl: string;
  port: number;
  db: Db;
  runner: JobRunner;
  dispatcher: CallbackDispatcher;
  close(): Promise<void>;
}

export async function startServer(
  config: Readonly<Config>,
  log: Logger = createLogger(config.logLevel),
): Promise<RunningServer> {
  const db = openDatabase(config.databaseFile);
  const blobs = new BlobStore(config.blobDir);
  const dispatcher = new CallbackDispatcher(db, log, {
    serverSecret: config.secret,
    allowPrivate: config.callbackAllowPrivate,
  });
  const runner = new JobRunner(db, blobs, log, {
    concurrency: config.jobConcurrency,
    timeoutMs: config.jobTimeoutMs,
    onEnded: (job) => {
      if (job.callbackUrl) dispatcher.tick();
    },
  });
  // Listen first: the public address defaults to the listening one, which the app needs.
  const http = createHttpServer();
  http.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    http.once('listening', resolve);
    http.once('error', reject);
  });
  const port = (http.address() as AddressInfo).port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const publicUrl = config.publicUrl ?? url;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: config.outboxDir,
  });
  const app = createApp({ db, blobs, config, log, publicUrl, mailer, kick: () => runner.kick() });
  http.on('request', app);
  // Keep-alive sockets of pollers should not hold a shutdown back for long.
  http.keepAliveTimeout = 5_000;
  runner.start();
  dispatcher.start();
  // A safety net: wakes the runner (a kick lost to a race) and drops old rate-limit windows.
  const housekeeping = setInterval(() => {
    runner.kick();
    pruneRateLimits(db, Math.floor(Date.now() / 60_000) - 1);
  }, 1_000);
  housekeeping.unref();

  log.info('listening', {
    url,
    public_url: publicUrl,
    data_dir: config.dataDir,
    concurrency: config.jobConcurrency,
  });

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(housekeeping);
      const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      await runner.stop(config.shutdownGraceMs);
      await dispatcher.stop();
      http.closeAllConnections();
      await stopped;
      await shutdownWorkers();
      mailer.close();
      closeDatabase(db);
      log.info('stopped');
    })());
  return { url, publicUrl, port, db, runner, dispatcher, close };
}
