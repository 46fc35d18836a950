// The headless command as a person runs it (the built dist/headless.js in a child process): usage
// errors, --once output, and a kill in the middle of a read that the next start makes good.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { runChild } from '../../../scripts/run-child.mjs';
import { sha256 } from './core/files.js';
import { STORE_FILE } from './core/store.js';
import {
  call,
  corpusDir,
  EINVOICE,
  linkIn,
  SCAN,
  startTestServer,
  startTestSmtp,
  TEXT_PDF,
  tempDir,
  waitFor,
} from './test-support/corpus.js';

const HEADLESS = fileURLToPath(new URL('../dist/headless.js', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const temp = (name: string) => {
  const d = tempDir(name);
  dirs.push(d);
  return d;
};

const run = (args: string[]) => runChild(process.execPath, [HEADLESS, ...args]);
const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

describe('headless mode', () => {
  it('answers a wrong call with a clear usage error', async () => {
    expect(existsSync(HEADLESS)).toBe(true);
    const noStore = await run(['--watch', '/tmp']);
    expect(noStore.status).toBe(2);
    expect(noStore.stderr).toContain('--store is required');
    expect(noStore.stderr).toContain('usage:');
    const badCountry = await run(['--watch', '/tmp', '--store', '/tmp/x', '--country', 'zz']);
    expect(badCountry.status).toBe(2);
    expect(badCountry.stderr).toContain('--country');
    const missing = await run(['--watch', path.join(temp('w'), 'nope'), '--store', temp('s'), '--once']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('is not a folder');
  });

  it('--once reads the folder, prints one JSON line per file, exits', async () => {
    const watch = temp('watch');
    const store = temp('store');
    copyFileSync(EINVOICE, path.join(watch, 'e.xml'));
    copyFileSync(TEXT_PDF, path.join(watch, 'text.pdf'));
    copyFileSync(EINVOICE, path.join(watch, 'e-copy.xml'));
    const r = await run(['--watch', watch, '--store', store, '--once', '--country', 'de']);
    expect(r.status).toBe(0);
    const out = lines(r.stdout);
    expect(out.map((l) => path.basename(l.file))).toEqual(['e-copy.xml', 'e.xml', 'text.pdf']);
    expect(out.map((l) => l.status)).toEqual(['done', 'done', 'done']);
    expect(out[0].fields.invoice_no).toBeTruthy();
    expect(out[0].job_id).toBe(out[1].job_id);
    // The two copies are one content: one of them is the duplicate.
    expect([out[0].duplicate, out[1].duplicate].sort()).toEqual([false, true]);
    expect(out[2].duplicate).toBe(false);
    // A second run knows them all: nothing is read again.
    const again = lines((await run(['--watch', watch, '--store', store, '--once'])).stdout);
    expect(again.every((l) => l.duplicate && l.status === 'done')).toBe(true);
  });

  it('a kill in the middle of a read loses nothing: the next start reads it again', async () => {
    const watch = temp('watch');
    const store = temp('store');
    const scans = [
      SCAN,
      path.join(corpusDir, 'scans/ferd-zugferd-1.0/ZUGFeRD_1p0_COMFORT_Einfach.png'),
      path.join(corpusDir, 'scans/akretion-factur-x/invoice_EN16931.png'),
    ];
    for (const f of scans) copyFileSync(f, path.join(watch, path.basename(f)));
    const child = spawn(
      process.execPath,
      [HEADLESS, '--watch', watch, '--store', store, '--once', '--concurrency', '1'],
      {
        stdio: 'ignore',
      },
    );
    const exited = new Promise((r) => child.once('exit', r));
    const dbFile = path.join(store, STORE_FILE);
    const processing = await waitFor(() => {
      if (!existsSync(dbFile)) return undefined;
      const db = new Database(dbFile, { readonly: true, fileMustExist: true });
      try {
        return db.prepare("select id, sha256 from jobs where status = 'processing'").get() as
          | { id: number; sha256: string }
          | undefined;
      } catch {
        return undefined; // the tables are being made
      } finally {
        db.close();
      }
    }, 'a read under way');
    child.kill('SIGKILL');
    await exited;

    const r = await run(['--watch', watch, '--store', store, '--once', '--concurrency', '1']);
    expect(r.status).toBe(0);
    const out = lines(r.stdout);
    expect(out).toHaveLength(scans.length);
    expect(out.every((l) => l.status === 'done' && l.mode === 'ocr')).toBe(true);
    const db = new Database(dbFile, { readonly: true });
    const rows = db.prepare('select id, sha256, status, attempts from jobs order by id').all() as Array<{
      id: number;
      sha256: string;
      status: string;
      attempts: number;
    }>;
    db.close();
    expect(rows.map((x) => x.sha256).sort()).toEqual(scans.map((f) => sha256(readFileSync(f))).sort());
    const killed = rows.find((x) => x.id === processing.id)!;
    expect(killed).toMatchObject({ status: 'done', attempts: 2 });
    // Four OCR reads in two child processes, one at a time: 30 s on a quiet machine, minutes on a
    // busy one (CI shares it). A bound, not a measure.
  }, 300_000);

  it('--once --server sends what it read to the service (the token from the environment)', async () => {
    const server = await startTestServer();
    try {
      const me = await server.session('headless@example.com');
      const watch = temp('watch');
      const store = temp('store');
      copyFileSync(EINVOICE, path.join(watch, 'e.xml'));
      const r = await runChild(
        process.execPath,
        [HEADLESS, '--watch', watch, '--store', store, '--once', '--server', server.url],
        { env: { ...process.env, INVOICE_READER_TOKEN: me.token } },
      );
      expect(r.status, r.stderr).toBe(0);
      expect(lines(r.stdout)).toHaveLength(1);
      expect(r.stderr).toContain('"sent":1');
      const list = await call(server.url, '/api/v1/parse', { bearer: me.token });
      expect(list.body.items).toMatchObject([{ source: 'desktop', filename: 'e.xml', status: 'done' }]);
    } finally {
      await server.stop();
    }
  });

  it('--sign-in mails a link and signs in with the link pasted on stdin', async () => {
    const smtp = await startTestSmtp();
    const server = await startTestServer({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      const child = spawn(
        process.execPath,
        [HEADLESS, '--sign-in', 'cli@example.com', '--server', server.url, '--store', temp('store')],
        { stdio: ['pipe', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      const link = linkIn(await smtp.next('cli@example.com'));
      child.stdin.end(`${link}\n`);
      const code = await new Promise((r) => child.once('exit', r));
      expect(code, stderr).toBe(0);
      expect(stderr).toContain('Signed in as cli@example.com');
      // Without a keychain (as on this machine) the token is printed once, for INVOICE_READER_TOKEN.
      const token = stdout.trim();
      if (token)
        expect((await call(server.url, '/api/v1/me', { bearer: token })).body.email).toBe('cli@example.com');
      else expect(stderr).not.toContain('memory only');
    } finally {
      await server.stop();
      await smtp.close();
    }
  });
});
