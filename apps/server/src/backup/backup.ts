// Backups of a data folder while the service runs: SQLite's online backup of the database (a
// consistent copy, taken between transactions), then the blobs (content-addressed and never
// changed, so every blob a backed-up job needs is there: a blob is stored before its job is
// inserted), and the secret. Restore refuses to overwrite data unless told to.
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { backupDatabase, checkDatabase } from '@invoice-reader/db';

export const DB_FILE = 'invoice-reader.sqlite';

export interface BackupReport {
  dir: string;
  jobs: number;
  blobs: number;
  created_at: string;
}

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
    (e) => e.isFile() && !e.name.endsWith('.tmp'),
  ).length;
}

export class BackupRefused extends Error {}

export async function backupTo(dataDir: string, dir: string): Promise<BackupReport> {
  if (existsSync(dir) && readdirSync(dir).length) throw new BackupRefused(`${dir} is not empty`);
  const source = path.join(dataDir, DB_FILE);
  if (!existsSync(source)) throw new BackupRefused(`no database in ${dataDir}`);
  mkdirSync(dir, { recursive: true });
  await backupDatabase(source, path.join(dir, DB_FILE));
  const blobs = path.join(dataDir, 'blobs');
  if (existsSync(blobs))
    cpSync(blobs, path.join(dir, 'blobs'), { recursive: true, filter: (f) => !f.endsWith('.tmp') });
  if (existsSync(path.join(dataDir, 'secret')))
    copyFileSync(path.join(dataDir, 'secret'), path.join(dir, 'secret'));
  const { jobs } = checkDatabase(path.join(dir, DB_FILE));
  const report = {
    dir,
    jobs,
    blobs: countFiles(path.join(dir, 'blobs')),
    created_at: new Date().toISOString(),
  };
  writeFileSync(path.join(dir, 'backup.json'), `${JSON.stringify(report, null, 2)}\n`);
  return report;
}

export function restoreFrom(dir: string, dataDir: string, opts: { force?: boolean } = {}): BackupReport {
  const source = path.join(dir, DB_FILE);
  if (!existsSync(source)) throw new BackupRefused(`${dir} holds no backup`);
  const { ok, problem, jobs } = checkDatabase(source);
  if (!ok) throw new BackupRefused(`the backup's database fails its integrity check: ${problem}`);
  const target = path.join(dataDir, DB_FILE);
  if (existsSync(target) && !opts.force)
    throw new BackupRefused(
      `${dataDir} already holds a database; stop the service and pass --force to replace it`,
    );
  mkdirSync(dataDir, { recursive: true });
  for (const f of [target, `${target}-wal`, `${target}-shm`]) rmSync(f, { force: true });
  copyFileSync(source, target);
  if (existsSync(path.join(dir, 'blobs')))
    cpSync(path.join(dir, 'blobs'), path.join(dataDir, 'blobs'), { recursive: true });
  if (existsSync(path.join(dir, 'secret')))
    copyFileSync(path.join(dir, 'secret'), path.join(dataDir, 'secret'));
  return {
    dir: dataDir,
    jobs,
    blobs: countFiles(path.join(dataDir, 'blobs')),
    created_at: new Date().toISOString(),
  };
}
