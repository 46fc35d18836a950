// The operators' command line, run as a real process on a temporary data folder and the test
// run's database (TEST_ENGINE); its backup is SQLite's and is tried on a SQLite file of its own.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChild } from '../../../scripts/run-child.mjs';
import { freshDatabaseEnv, type Json, repoRoot } from './test-support/server.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ir-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let databaseEnv: Record<string, string> = {};
beforeAll(async () => {
  databaseEnv = await freshDatabaseEnv();
});

async function admin(...args: string[]): Promise<{ code: number | null; out: Json }> {
  return adminWith(databaseEnv, ...args);
}

async function adminWith(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number | null; out: Json }> {
  const r = await runChild(
    process.execPath,
    [path.join(repoRoot, 'apps/server/dist/admin.js'), ...args, '--json'],
    {
      env: { ...process.env, DATA_DIR: dataDir, ...env },
    },
  );
  return { code: r.status, out: JSON.parse(r.stdout) };
}

describe('admin command line', () => {
  it('creates an account, keys, top-ups; rotates and revokes', async () => {
    expect(await admin('create-account', '--email', 'Ops@Example.com')).toEqual({
      code: 0,
      out: { account_id: 1, email: 'ops@example.com', free_pages: 5 },
    });
    expect(await admin('create-account', '--email', 'ops@example.com')).toMatchObject({
      code: 1,
      out: { error: 'account_exists' },
    });
    const key = await admin('create-key', '--email', 'ops@example.com', '--label', 'erp');
    expect(key.code).toBe(0);
    expect(key.out.key).toMatch(/^ir_[A-Za-z0-9_-]{32}$/);
    expect(key.out).toMatchObject({ label: 'erp' });
    const topUp = await admin('top-up', '--email', 'ops@example.com', '--amount-eur', '12.50');
    expect(topUp.out).toMatchObject({ amount: '12.50', balance: '12.50' });
    // Under the minimum: refused (1), as docs/api.md gives the exit codes; a malformed amount is
    // wrong usage (2).
    expect(await admin('top-up', '--email', 'ops@example.com', '--amount-eur', '7.99')).toMatchObject({
      code: 1,
      out: { error: 'below_minimum' },
    });
    expect(await admin('top-up', '--email', 'ops@example.com', '--amount-eur', '7,99')).toMatchObject({
      code: 2,
      out: { error: 'usage' },
    });
    const rotated = await admin('rotate-key', '--email', 'ops@example.com', '--key-id', String(key.out.id));
    expect(rotated.out.key).not.toBe(key.out.key);
    const revoked = await admin(
      'revoke-key',
      '--email',
      'ops@example.com',
      '--key-id',
      String(rotated.out.id),
    );
    expect(revoked.code).toBe(0);
    const keys = (await admin('list-keys', '--email', 'ops@example.com')).out.keys;
    expect(keys.map((k: { revoked_reason: string }) => k.revoked_reason)).toEqual(['rotated', 'revoked']);
    expect(JSON.stringify(keys)).not.toContain(key.out.key);
    expect(await admin('create-key', '--email', 'nobody@example.com')).toMatchObject({
      code: 1,
      out: { error: 'account_not_found' },
    });
    expect(await admin('frobnicate')).toMatchObject({ code: 2, out: { error: 'usage' } });
  });

  it('says where the files are when they are kept in a bucket (BLOB_URL), and copies the database', async () => {
    const sqliteDir = path.join(dataDir, 'sqlite');
    const onSqlite = { DATA_DIR: sqliteDir };
    expect((await adminWith(onSqlite, 'create-account', '--email', 'kept@example.com')).code).toBe(0);
    const to = path.join(dataDir, 'backup-s3');
    // The bucket is not asked for: a backup copies the database only.
    const r = await adminWith(
      { ...onSqlite, BLOB_URL: 's3://invoices/tenant?endpoint=http://127.0.0.1:9' },
      'backup',
      '--to',
      to,
    );
    expect(r).toMatchObject({ code: 0, out: { blobs: 0, blobs_in: 's3://invoices/tenant/' } });
    expect(existsSync(path.join(to, 'invoice-reader.sqlite'))).toBe(true);
  });

  it('refuses backup and restore on PostgreSQL, pointing at pg_dump and pg_restore', async () => {
    // Refused before any connection: the URL need not reach a server.
    const onPostgres = { DATABASE_URL: 'postgres://ir@127.0.0.1:9/ir' };
    const backup = await adminWith(onPostgres, 'backup', '--to', path.join(dataDir, 'never'));
    expect(backup).toMatchObject({ code: 1, out: { error: 'backup_refused' } });
    expect(backup.out.message).toMatch(/pg_dump/);
    expect(existsSync(path.join(dataDir, 'never'))).toBe(false);
    const restore = await adminWith(onPostgres, 'restore', '--from', path.join(dataDir, 'never'));
    expect(restore).toMatchObject({ code: 1, out: { error: 'backup_refused' } });
    expect(restore.out.message).toMatch(/pg_restore/);
  });
});
