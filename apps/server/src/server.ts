// Starts the service's HTTP process from a configuration: database (SQLite or PostgreSQL,
// migrated), blob store, the reading of jobs (the `all` role: the in-process runner; the `api`
// role: sent to the workers' pg-boss queue), the singletons (callback dispatcher, letters, payment
// sweeps, housekeeping: on PostgreSQL only in the process that leads), HTTP server; and stops
// it gracefully (no new requests, running jobs finished or requeued, workers shut down, database
// closed). The `worker` role is worker.ts.

import { createHmac, randomBytes } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { hostname } from 'node:os';
import {
  closeHandle,
  type Db,
  openHandle,
  SERVICE_BUSY_TIMEOUT_MS,
  SERVICE_CONNECTIONS,
} from '@invoice-reader/db';
import { shutdownWorkers } from '@invoice-reader/engine';
import { createApp } from './app.js';
import { openBlobStore } from './blobs/open.js';
import { CallbackDispatcher } from './callbacks/dispatcher.js';
import { Clock } from './clock.js';
import { Leader } from './cluster/leader.js';
import type { Config } from './config.js';
import { Housekeeping } from './housekeeping.js';
import { healthFirst } from './http/health.js';
import { listen } from './http/listen.js';
import { declaredTooLarge } from './http/multipart.js';
import { JobQueue, staleAfterMs } from './jobs/queue.js';
import { JobRunner } from './jobs/runner.js';
import { createLogger, type Logger } from './log.js';
import { MailConnections } from './mail/connection.js';
import { type GmailEmulator, startGmailEmulator } from './mail/gmail-emulator/server.js';
import { GmailProvider, type GoogleEndpoints } from './mail/google.js';
import { LetterQueue } from './mail/letters.js';
import { createMailer } from './mailer/mailer.js';
import { CloudPaymentsAdapter, type PaymentProvider } from './payments/provider.js';
import { type Sandbox, startSandbox } from './payments/sandbox/server.js';
import { Payments } from './payments/service.js';

export interface RunningServer {
  url: string;
  /** PUBLIC_URL, or the listening address when none is configured. */
  publicUrl: string;
  port: number;
  db: Db;
  /** The in-process runner (the `all` role); undefined in an API process, where `queue` sends the jobs. */
  runner: JobRunner | undefined;
  queue: JobQueue | undefined;
  /** On PostgreSQL (either role): whether this process runs the singletons now. */
  leader: Leader | undefined;
  dispatcher: CallbackDispatcher;
  clock: Clock;
  /** The local payment provider, when no real one is configured. */
  sandbox: Sandbox | undefined;
  /** The local Gmail, when no Google client is configured. */
  gmailEmulator: GmailEmulator | undefined;
  letters: LetterQueue;
  /** Plans and payments; retries the refunds the provider refused on its own schedule. */
  payments: Payments;
  /** Wakes the runner, drops old rate-limit windows and deletes ended sign-ins on its own schedule. */
  housekeeping: Housekeeping;
  close(): Promise<void>;
}

export async function startServer(
  config: Readonly<Config>,
  log: Logger = createLogger(config.logLevel),
): Promise<RunningServer> {
  const db = await openServiceDatabase(config, log);
  const blobs = await openBlobStore(config.blobs);
  const dispatcher = new CallbackDispatcher(db, log, {
    serverSecret: config.secret,
    allowPrivate: config.callbackAllowPrivate,
  });
  let leader: Leader | undefined;
  const reading = {
    concurrency: config.jobConcurrency,
    timeoutMs: config.jobTimeoutMs,
    staleMs: staleAfterMs(config.jobTimeoutMs),
    onEnded: (job: { callbackUrl: string | null }) => {
      // Across processes only the leader delivers (its own timer finds the callback otherwise).
      if (job.callbackUrl && (leader?.leading ?? true)) dispatcher.tick();
    },
  };
  // One process (`all`, either engine) reads its own jobs: the runner. An API process of the
  // scaled-out form reads none: it sends them to the workers' queue.
  const scaledOut = config.role === 'api' && config.databaseUrl ? config.databaseUrl : undefined;
  const runner = scaledOut ? undefined : new JobRunner(db, blobs, log, reading);
  const queue = scaledOut
    ? new JobQueue(db, blobs, log, { ...reading, url: scaledOut, concurrency: 0 })
    : undefined;
  // Listen first: the public address defaults to the listening one, which the app needs.
  // Headers beyond 16 KiB answer 431 before any route runs (Node's own limit, set explicitly).
  // Slow clients are bounded: headers and the whole request must arrive in time (else 408 and the
  // connection is closed, a slowloris upload included), and a silent connection is closed.
  const t = config.timeouts;
  const http = createHttpServer({
    maxHeaderSize: 16 * 1024,
    headersTimeout: t.headersMs,
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    // Node checks the two timeouts above on this tick (default 30 s): a quarter of the shorter.
    connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(t.headersMs / 4))),
  });
  http.timeout = t.idleMs;
  const { port, url } = await listen(http, config.host, config.port);
  const publicUrl = config.publicUrl ?? url;
  const clock = new Clock();
  const pay = await paymentProvider(config, url, log);
  const payments = new Payments({ db, provider: pay.provider, clock, log, publicUrl });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: config.outboxDir,
  });
  const google = await mailProvider(config, log);
  const connections = new MailConnections(
    db,
    new GmailProvider(google.endpoints, `${publicUrl}/oauth/callback`, config.googleTimeoutMs),
    config.secret,
  );
  const letters = new LetterQueue({
    db,
    connections,
    secret: config.secret,
    publicUrl,
    log,
    bounceCheckMs: config.mailBounceCheckMs,
  });
  const app = createApp({
    db,
    blobs,
    config,
    log,
    publicUrl,
    mailer,
    kick: (jobId) => (queue ? queue.kick(jobId) : runner?.kick()),
    clock,
    payments,
    notificationSecret: pay.secret,
    mail: { connections, letters },
  });
  // Liveness first: no limit, no key, no body; it must answer under any flood, and quickly.
  http.on('request', healthFirst(app, { db, log, publicUrl }));
  // A client that asks before sending its body (`Expect: 100-continue`, as curl does for large
  // ones) is refused at once when the declared body is larger than any route takes: it sends none.
  http.on('checkContinue', (req, res) => {
    if (!declaredTooLarge(req.headers, config.maxUploadBytes)) {
      res.writeContinue();
      http.emit('request', req, res);
      return;
    }
    res
      .writeHead(413, { 'content-type': 'application/json; charset=utf-8', connection: 'close' })
      .end(JSON.stringify({ detail: 'file_too_large' }));
  });
  await runner?.start();
  await queue?.start();
  const housekeeping = new Housekeeping({ db, clock, log, kickRunner: () => runner?.kick() });
  const singletons = {
    lead: async () => {
      dispatcher.start();
      letters.start();
      payments.start();
      queue?.startSweep();
      await housekeeping.start();
    },
    follow: async () => {
      housekeeping.stop();
      queue?.stopSweep();
      await dispatcher.stop();
      await letters.stop();
      await payments.stop();
    },
  };
  // One process on SQLite: it runs them. On PostgreSQL the process holding the leader's lock, among
  // API processes and `npm start` ones alike (a lone process leads from its start). After the
  // runner's start: its look for other processes must not count this one's leader connection.
  if (config.databaseUrl) {
    leader = new Leader(config.databaseUrl, log, singletons);
    await leader.start();
  } else await singletons.lead();

  log.info('listening', {
    url,
    role: config.role,
    public_url: publicUrl,
    data_dir: config.dataDir,
    blobs: blobs.where,
    concurrency: config.jobConcurrency,
  });

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      await runner?.stop(config.shutdownGraceMs);
      await queue?.stop(config.shutdownGraceMs);
      if (leader) await leader.stop();
      else await singletons.follow();
      http.closeAllConnections();
      await stopped;
      await shutdownWorkers();
      mailer.close();
      await pay.sandbox?.close();
      await google.emulator?.close();
      blobs.close();
      await closeHandle(db);
      log.info('stopped');
    })());
  return {
    url,
    publicUrl,
    port,
    db,
    runner,
    queue,
    leader,
    dispatcher,
    clock,
    sandbox: pay.sandbox,
    gmailEmulator: google.emulator,
    letters,
    payments,
    housekeeping,
    close,
  };
}

/**
 * The database of DATABASE_URL (PostgreSQL), else DATA_DIR's SQLite file. Repositories are typed
 * against SQLite's handle and written for both (adr/0013): the PostgreSQL one passes for it here.
 */
export async function openServiceDatabase(config: Readonly<Config>, log: Logger): Promise<Db> {
  const db = await openHandle({
    url: config.databaseUrl,
    file: config.databaseFile,
    busyTimeoutMs: SERVICE_BUSY_TIMEOUT_MS,
    // A pooled connection broken while idle (PostgreSQL restarted): the pool drops it.
    onIdleError: (err) => log.warn('database connection lost', { error: err.message }),
    // A name of this process's own (role, pid, a random tag: two in one process differ), under
    // which the runner tells its connections from other processes' (otherServiceConnections).
    applicationName:
      `${SERVICE_CONNECTIONS}-${config.role} ${process.pid}.${randomBytes(3).toString('hex')} ${hostname()}`.slice(
        0,
        63,
      ),
  });
  return db as Db;
}

/**
 * CloudPayments when its credentials are configured; otherwise the local sandbox provider on its
 * own port, driven by the same adapter (it speaks the same API), with a secret of its own.
 */
async function paymentProvider(
  config: Readonly<Config>,
  serviceUrl: string,
  log: Logger,
): Promise<{ provider: PaymentProvider; secret: string; sandbox?: Sandbox }> {
  if (config.cloudPayments)
    return {
      provider: new CloudPaymentsAdapter(config.cloudPayments),
      secret: config.cloudPayments.apiSecret,
    };
  const secret = createHmac('sha256', config.secret).update('payment-sandbox').digest('base64url');
  const sandbox = await startSandbox({
    notifyUrl: `${serviceUrl}/api/v1/payments/webhook`,
    apiSecret: secret,
    port: config.paymentSandboxPort,
    host: config.host,
  });
  log.info('payment sandbox', { url: sandbox.url });
  return {
    provider: new CloudPaymentsAdapter({
      baseUrl: sandbox.url,
      publicId: sandbox.publicId,
      apiSecret: secret,
    }),
    secret,
    sandbox,
  };
}

/**
 * Google when its OAuth client is configured; otherwise the local Gmail emulator on its own port,
 * reached through the same client libraries, with a client secret of its own.
 */
async function mailProvider(
  config: Readonly<Config>,
  log: Logger,
): Promise<{ endpoints: GoogleEndpoints; emulator?: GmailEmulator }> {
  if (config.google) return { endpoints: config.google };
  const emulator = await startGmailEmulator({
    clientId: 'invoice-reader-emulator.apps.googleusercontent.com',
    clientSecret: createHmac('sha256', config.secret).update('gmail-emulator').digest('base64url'),
    seedDir: config.gmailEmulatorSeed,
    port: config.gmailEmulatorPort,
    host: config.host,
  });
  log.info('gmail emulator', { url: emulator.url });
  return {
    endpoints: {
      clientId: emulator.clientId,
      clientSecret: emulator.clientSecret,
      authUrl: `${emulator.url}/o/oauth2/v2/auth`,
      tokenUrl: `${emulator.url}/token`,
      revokeUrl: `${emulator.url}/revoke`,
      gmailBase: emulator.url,
    },
    emulator,
  };
}
