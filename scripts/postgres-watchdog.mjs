// The watcher of a throw-away PostgreSQL (postgres.mjs starts one beside each server, detached):
// it holds the read end of a pipe from the process that started the server. When that pipe closes
// without a `done` line first (the process died: a SIGKILL leaves no afterAll to run), it stops
// the server at once and removes its folder. A normal stop writes `done` and it exits.
// Arguments: the data folder, PostgreSQL's bin folder, and `root` when the server runs as `postgres`.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { runChild } from './run-child.mjs';

const [dir, bin, asRoot] = process.argv.slice(2);
if (!dir || !bin) {
  console.error('usage: postgres-watchdog.mjs DATA_DIR PG_BIN [root]');
  process.exit(2);
}

let told = '';
let ending = false;
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  told += chunk;
});
// EOF when the parent ends the pipe or dies (the kernel closes its end); an error is the same.
process.stdin.on('end', () => void end());
process.stdin.on('error', () => void end());

async function end() {
  if (ending) return;
  ending = true;
  if (!told.includes('done')) {
    const pgCtl = path.join(bin, 'pg_ctl');
    const args = ['-D', dir, '-m', 'immediate', '-w', 'stop'];
    // Not running (never started, or already stopped) is fine: the folder goes either way.
    await (asRoot === 'root'
      ? runChild('runuser', ['-u', 'postgres', '--', pgCtl, ...args])
      : runChild(pgCtl, args));
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}
