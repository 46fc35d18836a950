#!/usr/bin/env node
// The desktop core without a display (a file server): watches folders and reads what arrives, or
// with --once reads what is there, prints one JSON line per file and exits. The same core the
// Electron app runs in its utility process.
import { existsSync, statSync } from 'node:fs';
import { shutdownWorkers } from '@invoice-reader/engine';
import { DesktopCore, type Offered } from './core/core.js';
import { jobById, type LocalJob } from './core/store.js';
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
  try {
    return args.once ? await once(core) : await watchForever(core, args);
  } finally {
    await core.stop();
    await shutdownWorkers();
  }
}

async function once(core: DesktopCore): Promise<number> {
  const offered: Offered[] = await core.scan();
  await core.drain();
  let failed = false;
  for (const o of offered) {
    const job = jobById(core.db, o.job.id) ?? o.job;
    if (job.status !== 'done') failed = true;
    print(fileLine(o.file, job, o.duplicate));
  }
  return failed ? 1 : 0;
}

async function watchForever(core: DesktopCore, _args: HeadlessArgs): Promise<number> {
  core.on('job', (job) => {
    if (job.status === 'done' || job.status === 'failed') print(fileLine(job.path, job, false));
  });
  core.watch();
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
