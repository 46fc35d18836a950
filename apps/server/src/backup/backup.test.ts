// SQLite only (a copy of its file; excluded from the PostgreSQL run, vitest.config.ts): a backup
// taken while jobs are being written restores into a data folder that opens, passes SQLite's
// integrity check, holds the file of every job it knows, and whose books balance.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accountById, closeDatabase, ledgerTotals, openDatabase } from '@invoice-reader/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileBlobStore } from '../blobs/files.js';
import {
  call,
  corpusFile,
  form,
  haveCorpus,
  SAMPLE_XML,
  startTestServer,
  type TestServer,
} from '../test-support/server.js';
import { BackupRefused, backupTo, restoreFrom } from './backup.js';

let s: TestServer;
const scratch = mkdtempSync(path.join(tmpdir(), 'ir-backup-'));
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe.skipIf(!haveCorpus)('backup and restore', () => {
  it('backs up while jobs are written, and restores a consistent copy', async () => {
    const { key } = await s.account('backup@example.com', { balanceMinor: 800 });
    const xml = corpusFile(SAMPLE_XML).toString('utf8');
    let stop = false;
    let submitted = 0;
    // Distinct files (a comment differs), submitted one after another until the backup is done.
    const writer = (async () => {
      for (let i = 0; !stop; i++) {
        const bytes = Buffer.from(xml.replace('?>', `?><!-- ${i} -->`));
        const r = await call(s.url, '/v1/parse', { key, body: form(bytes) });
        expect(r.status).toBe(200);
        submitted++;
      }
    })();
    // Some jobs first, then the backup while the writer goes on.
    while (submitted < 5) await new Promise((r) => setImmediate(r));
    const dir = path.join(scratch, 'backup');
    const report = await backupTo(s.dataDir, dir);
    const during = submitted;
    while (submitted < during + 3) await new Promise((r) => setImmediate(r));
    stop = true;
    await writer;
    expect(report.jobs).toBeGreaterThanOrEqual(5);
    expect(existsSync(path.join(dir, 'secret'))).toBe(true);

    const restored = path.join(scratch, 'restored');
    const r = restoreFrom(dir, restored);
    expect(r.jobs).toBe(report.jobs);
    const db = openDatabase(path.join(restored, 'invoice-reader.sqlite'));
    try {
      expect(db.$client.pragma('integrity_check', { simple: true })).toBe('ok');
      const blobs = new FileBlobStore(path.join(restored, 'blobs'));
      const jobs = db.$client.prepare('select id, sha256, account_id from jobs').all() as Array<{
        sha256: string;
        account_id: number;
      }>;
      expect(jobs.length).toBe(report.jobs);
      for (const j of jobs) expect(existsSync(blobs.pathOf(j.sha256))).toBe(true);
      const account = (await accountById(db, jobs[0]!.account_id))!;
      const totals = await ledgerTotals(db, account.id);
      expect([totals.balanceMinor, totals.heldMinor, totals.freePages, totals.heldFreePages]).toEqual([
        account.balanceMinor,
        account.heldMinor,
        account.freePages,
        account.heldFreePages,
      ]);
    } finally {
      closeDatabase(db);
    }
    // A folder that holds data is not overwritten unless told; a non-empty backup target is refused.
    expect(() => restoreFrom(dir, restored)).toThrow(BackupRefused);
    expect(() => restoreFrom(dir, restored, { force: true })).not.toThrow();
    await expect(backupTo(s.dataDir, dir)).rejects.toThrow(BackupRefused);
  });
});
