#!/usr/bin/env node
// The desktop core without a display (a file server): watches folders and reads what arrives, or
// with --once reads what is there, prints one JSON line per file and exits. The same core the
// Electron app runs in its utility process.
import { existsSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { shutdownWorkers } from '@invoice-reader/engine';
import { DesktopCore, type Offered } from './core/core.js';
import { jobById, type LocalJob, openStore } from './core/store.js';
import { SyncClient } from './core/sync.js';
import { KeychainTokenStore, MemoryTokenStore, type TokenStore } from './core/token-store.js';
import { type HeadlessArgs, parseHeadlessArgs, USAGE } from './headless-args.js';

const print = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);
const logLine = (message: string, data?: Record<string, unknown>) =>
  process.stderr.write(`${JSON.stringify({ level: 'info', message, ...data })}\n`);

/** One file's line: where it is, its job, and the engine's fields or a clear error. */
export function fileLine(file: string, job: LocalJob, duplicate: boolean) {
  const result = job.result ? JSON.parse(job.result) : {};
  return {
    file,
    job_id: job.id,
    sha256: job.sha256,
    duplicate,
    status: job.status,
    mode: job.mode,
    pages: job.pages,
    pages_scanned: job.pagesScanned,
    ...(job.path !== file ? { moved_to: job.path } : {}),
    ...(job.error ? { error: job.error, message: job.message } : {}),
    fields: result.fields ?? {},
  };
}

async function main(argv: string[]): Promise<number> {
  const args = parseHeadlessArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`${args ? `invoice-reader-headless: ${args}\n\n` : ''}${USAGE}\n`);
    return args ? 2 : 0;
  }
  if (args.signIn) return signIn(args);
  for (const dir of args.watch) {
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      process.stderr.write(`invoice-reader-headless: --watch ${dir} is not a folder\n`);
      return 2;
    }
  }
  const core = new DesktopCore({
    storeDir: args.store,
    folders: args.watch,
    country: args.country,
    concurrency: args.concurrency,
    movePattern: args.move,
    // --once reads what is already there: a file changing right now is still waited for, briefly.
    quietMs: args.once ? 200 : 1000,
    log: logLine,
  });
  const sync = args.server
    ? new SyncClient({ db: core.db, server: args.server, tokens: tokensFor(args.server), log: logLine })
    : null;
  if (sync && !sync.signedIn)
    logLine('not signed in: results stay local until `--sign-in EMAIL` (or INVOICE_READER_TOKEN) is used');
  try {
    return args.once ? await once(core, sync) : await watchForever(core, sync);
  } finally {
    await sync?.stop();
    await core.stop();
    await shutdownWorkers();
  }
}

/** The token from INVOICE_READER_TOKEN (a server without a keychain), else the OS keychain. */
function tokensFor(server: string): TokenStore {
  const fromEnv = process.env.INVOICE_READER_TOKEN;
  if (fromEnv) return new MemoryTokenStore(fromEnv);
  const tokens = new KeychainTokenStore(server);
  tokens.get();
  if (tokens.notice) logLine(tokens.notice);
  return tokens;
}

/** `--sign-in EMAIL`: the link is mailed, the person pastes it (and the PIN, when asked) on stdin. */
async function signIn(args: HeadlessArgs): Promise<number> {
  const db = openStore(args.store);
  const tokens = tokensFor(args.server!);
  const sync = new SyncClient({ db, server: args.server!, tokens, log: logLine });
  await sync.startSignIn(args.signIn!);
  process.stderr.write(
    `A sign-in link was sent to ${args.signIn}. Paste the link (or its token) and press Enter:\n`,
  );
  const rl = createInterface({ input: process.stdin });
  const pasted = await rl.question('');
  let who = await sync.finishSignIn(pasted);
  if (who.pinRequired) {
    process.stderr.write('This account asks for its PIN. Type it and press Enter:\n');
    who = await sync.finishSignInWithPin(pasted, (await rl.question('')).trim());
  }
  rl.close();
  process.stderr.write(`Signed in as ${who.email}.\n`);
  if (tokens.notice) {
    // No keychain: the token only lives in this process; print it once so it can go in the env.
    process.stderr.write(
      `${tokens.notice}\nSet INVOICE_READER_TOKEN to this token to sync from this machine:\n`,
    );
    process.stdout.write(`${tokens.get()}\n`);
  }
  db.$client.close();
  return 0;
}

async function once(core: DesktopCore, sync: SyncClient | null): Promise<number> {
  const offered: Offered[] = await core.scan();
  await core.drain();
  if (sync) logLine('sync', { ...(await sync.syncOnce()) });
  let failed = false;
  for (const o of offered) {
    const job = jobById(core.db, o.job.id) ?? o.job;
    if (job.status !== 'done') failed = true;
    print(fileLine(o.file, job, o.duplicate));
  }
  return failed ? 1 : 0;
}

async function watchForever(core: DesktopCore, sync: SyncClient | null): Promise<number> {
  core.on('job', (job) => {
    if (job.status === 'done' || job.status === 'failed') {
      print(fileLine(job.path, job, false));
      void sync?.kick();
    }
  });
  core.watch();
  sync?.start(60_000);
  void sync?.kick();
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`invoice-reader-headless: ${(err as Error)?.message ?? err}\n`);
    process.exitCode = 1;
  },
);
