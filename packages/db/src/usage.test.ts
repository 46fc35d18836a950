// The usage journal against a real SQLite file: migration 0011 names the file of each row already
// written and records the web parses counted so far, so that a file charged before the upgrade is
// not charged again once its job is deleted; the API's journal and pages leave the web's rows out.
// Migration 0012 makes such a counted parse its job's charge (`charged` on the job).
// SQLite's own (PostgreSQL's migrations start from today's schema); the journal's reads on both
// engines are in repositories.test.ts.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import {
  closeDatabase,
  deleteJob,
  fileChargedBefore,
  MIGRATIONS_DIR,
  openDatabase,
  pagesUsedTotal,
  usageOf,
} from './index.js';

const dir = mkdtempSync(path.join(tmpdir(), 'ir-db-usage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migrations as they were before 0011. */
function migrationsBefore0011(): string {
  const folder = path.join(dir, 'migrations-0010');
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((e) => e.idx <= 10);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('usage journal', () => {
  it('keeps the file of every charge through migrations 0011 and 0012, also for the web parses counted', async () => {
    const file = path.join(dir, 'upgraded.db');
    const old = new Database(file);
    migrate(drizzle(old), { migrationsFolder: migrationsBefore0011() });
    const at = '2026-01-10T10:00:00.000Z';
    old.prepare("insert into accounts (id, email, created_at) values (1, 'a@example.com', ?)").run(at);
    const job = old.prepare(
      `insert into jobs (id, account_id, source, status, country, size, sha256, pages_scanned, web_parses, created_at, finished_at)
       values (?, 1, ?, ?, 'DE', 1, ?, ?, ?, ?, ?)`,
    );
    job.run(1, 'api', 'done', 'api-scan', 1, 0, at, at);
    job.run(2, 'upload', 'done', 'web-scan', 1, 1, at, at);
    job.run(3, 'upload', 'failed', 'web-failed', 0, 1, at, at);
    job.run(4, 'upload', 'done', 'web-text', 0, 1, at, at);
    const usage = old.prepare(
      `insert into usage (account_id, api_key_id, job_id, pages, free_pages, amount_minor, created_at)
       values (1, 7, ?, 1, 1, 0, ?)`,
    );
    usage.run(1, at);
    // A charge whose job was deleted before the upgrade: its file is not known any more.
    usage.run(99, at);
    old.close();

    const db = openDatabase(file);
    try {
      const rows = db.$client.prepare('select job_id, allowance, sha256, pages from usage order by id').all();
      expect(rows).toEqual([
        { job_id: 1, allowance: 'api', sha256: 'api-scan', pages: 1 },
        { job_id: 99, allowance: 'api', sha256: null, pages: 1 },
        { job_id: 2, allowance: 'web', sha256: 'web-scan', pages: 1 },
      ]);
      // Migration 0012: the web parse counted is its job's charge (`charged`); nothing else moves
      // (the API job's charged pages are its own column's, written when it was debited).
      const charged = db.$client.prepare('select id, charged_pages from jobs order by id').all();
      expect(charged).toEqual([
        { id: 1, charged_pages: 0 },
        { id: 2, charged_pages: 1 },
        { id: 3, charged_pages: 0 },
        { id: 4, charged_pages: 0 },
      ]);
      await deleteJob(db, 1);
      await deleteJob(db, 2);
      expect(await fileChargedBefore(db, 1, 'api-scan')).toBe(true);
      expect(await fileChargedBefore(db, 1, 'web-scan')).toBe(true);
      expect(await fileChargedBefore(db, 1, 'web-failed')).toBe(false);
      expect(await fileChargedBefore(db, 1, 'web-text')).toBe(false);
      expect(await fileChargedBefore(db, 2, 'api-scan')).toBe(false);
      // The API's journal and page count: its own rows only.
      expect((await usageOf(db, 1, 10)).map((u) => u.jobId)).toEqual([99, 1]);
      expect(await pagesUsedTotal(db, 1)).toBe(2);
    } finally {
      closeDatabase(db);
    }
  });
});
