// The throw-away PostgreSQL's watcher (postgres-watchdog.mjs): a process that started a server
// and is killed with SIGKILL (no afterAll, no stop()) leaves no server and no folder behind; a
// normal stop() leaves no watcher behind.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../apps/server/src/test-support/server.js';
import { PG_BIN, startPostgres } from './postgres.mjs';
import { runChild } from './run-child.mjs';

const POSTGRES = new URL('./postgres.mjs', import.meta.url).href;

/** Whether a process with this id is there (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function refused(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return false;
  } catch {
    return true;
  }
}

describe('the throw-away PostgreSQL', () => {
  it('is stopped and its folder removed by its watcher when the process that started it is killed', async () => {
    // The child starts a server, says where it is, checks it answers, and kills itself.
    const r = await runChild(process.execPath, [
      '--input-type=module',
      '-e',
      `import { startPostgres } from ${JSON.stringify(POSTGRES)};
       const pg = await startPostgres();
       process.stdout.write(JSON.stringify({ dir: pg.dir, url: pg.url, watcherPid: pg.watcherPid }) + '\\n');
       process.kill(process.pid, 'SIGKILL');`,
    ]);
    expect(r.signal).toBe('SIGKILL');
    const { dir, url, watcherPid } = JSON.parse(r.stdout) as { dir: string; url: string; watcherPid: number };
    try {
      // The watcher stops the server (pg_ctl waits for it to end), then removes the folder: its
      // removal is the event. (The watcher's pid is no sign: once orphaned, it is reaped by
      // whatever adopted it, maybe never in a container.)
      expect(watcherPid).toBeGreaterThan(0);
      await waitFor(() => !existsSync(dir), 'the watcher to remove the folder', 90_000);
      expect(await refused(url)).toBe(true);
    } finally {
      // Without the watcher the server would be left running: stop it here, not on the machine.
      if (existsSync(path.join(dir, 'postmaster.pid'))) {
        const args = ['-D', dir, '-m', 'immediate', '-w', 'stop'];
        const pgCtl = path.join(PG_BIN, 'pg_ctl');
        await (process.getuid?.() === 0
          ? runChild('runuser', ['-u', 'postgres', '--', pgCtl, ...args])
          : runChild(pgCtl, args));
      }
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);

  it('stops with stop(), which leaves no watcher behind', async () => {
    const server = await startPostgres();
    const watcherPid = server.watcherPid!;
    expect(alive(watcherPid)).toBe(true);
    expect(await refused(server.url)).toBe(false);
    await server.stop();
    expect(alive(watcherPid)).toBe(false);
    expect(existsSync(server.dir)).toBe(false);
    expect(await refused(server.url)).toBe(true);
  });
});
