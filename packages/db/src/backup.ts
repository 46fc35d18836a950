// SQLite's online backup: a consistent copy of a live database, taken between transactions while
// the service goes on writing; and the check a restore runs on a copy before trusting it.
import Database from 'better-sqlite3';

export async function backupDatabase(file: string, to: string): Promise<void> {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(to);
  } finally {
    db.close();
  }
}

export function checkDatabase(file: string): { ok: boolean; problem: string; jobs: number } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const result = String(db.pragma('integrity_check', { simple: true }));
    const jobs = (db.prepare('select count(*) as n from jobs').get() as { n: number }).n;
    return { ok: result === 'ok', problem: result === 'ok' ? '' : result, jobs };
  } finally {
    db.close();
  }
}
