// A throw-away PostgreSQL 15 (Debian's `postgresql` package) in a temporary folder, on a free
// loopback port: for the tests that need a real server and for trying the scaled-out form. As root
// the server runs as the `postgres` user (initdb refuses root); stop() ends it and removes the folder.
// A watcher (postgres-watchdog.mjs) does the same if the starting process dies without stop().
import { spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runChildOk } from './run-child.mjs';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * `durable: false` (tests) turns off fsync and synchronous commit: the folder is thrown away, and a
 * test waits less for the disk. The answer's `url` reaches the `postgres` database as `postgres`.
 */
export async function startPostgres({ durable = false } = {}) {
  // CI installs Debian's `postgresql` when missing; elsewhere the message says how.
  if (!existsSync(path.join(PG_BIN, 'initdb')))
    throw new Error(`PostgreSQL 15 is not installed (no ${PG_BIN}/initdb): apt-get install postgresql`);
  const dir = mkdtempSync(path.join(tmpdir(), 'ir-pg-'));
  const asRoot = process.getuid?.() === 0;
  const as = (bin, args) =>
    asRoot
      ? runChildOk('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args])
      : runChildOk(path.join(PG_BIN, bin), args);
  const watcher = watch(dir, asRoot);
  try {
    if (asRoot) chownSync(dir, ...(await postgresIds()));
    await as('initdb', ['-D', dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    let port;
    let options;
    // Started the same way again by restart() and start(): pg_ctl's own restart does not keep the log file, and
    // a server writing to the caller's pipe would hold it open.
    const start = () =>
      as('pg_ctl', [
        '-D',
        dir,
        '-o',
        options.join(' '),
        '-l',
        path.join(dir, 'server.log'),
        '-w',
        '-t',
        '120',
        'start',
      ]);
    // A free port can be taken between freePort() and the server's bind by another process
    // starting its own (the test lanes run side by side): the server then fails to bind, and
    // starts again on another port.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      options = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1'];
      if (!durable) options.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
      try {
        await start();
        break;
      } catch (err) {
        const log = path.join(dir, 'server.log');
        const taken =
          existsSync(log) && /could not (?:bind|create)|already in use/i.test(readFileSync(log, 'utf8'));
        if (!taken || attempt >= 5) throw err;
      }
    }
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      dir,
      /** The watcher's process id (it exits after stop()). */
      watcherPid: watcher.pid,
      /** Stops the server as a crash would (no checkpoint) and starts it again on the same port
       * and folder (recovery replays its log): clients see their connections broken. */
      async restart() {
        await as('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
        await start();
      },
      /** Stops the server as an operator would (`-m fast`: clients' sessions are ended with
       * 57P01) and keeps its folder: start() starts it again, on the same port. */
      async halt() {
        await as('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
      },
      async start() {
        await start();
      },
      /** Stops the server at once (no checkpoint: the folder is removed) and removes the folder. */
      async stop() {
        await as('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
        rmSync(dir, { recursive: true, force: true });
        await watcher.release();
      },
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    await watcher.release();
    throw err;
  }
}

const WATCHDOG = fileURLToPath(new URL('./postgres-watchdog.mjs', import.meta.url));

/**
 * Starts the watcher of the server in `dir`: a detached process (its own process group, so a
 * signal to this one's group spares it) holding the read end of a pipe from this process. The
 * pipe closes when this process dies, however (SIGKILL included): the watcher then stops the
 * server and removes the folder. release() tells it all is done and waits for it to exit.
 * Neither the watcher nor its pipe keeps this process alive.
 */
function watch(dir, asRoot) {
  const child = spawn(process.execPath, [WATCHDOG, dir, PG_BIN, asRoot ? 'root' : ''], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  const exited = new Promise((resolve) => {
    child.once('exit', resolve);
    // Not started (no node?): nothing watches, stop() still cleans up.
    child.once('error', resolve);
  });
  child.stdin.on('error', () => {});
  child.unref();
  child.stdin.unref?.();
  return {
    pid: child.pid,
    async release() {
      child.ref();
      child.stdin.end('done\n');
      await exited;
    },
  };
}

async function postgresIds() {
  const uid = Number((await runChildOk('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await runChildOk('id', ['-g', 'postgres'])).stdout.trim());
  return [uid, gid];
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
