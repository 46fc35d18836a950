// The mail tests' shared steps over real HTTP: the service's Gmail emulator, consent posted on its
// page as a person's browser would, the callback followed, and the account's mail routes. Bound to
// the test file's server through a getter, since each file starts its own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { call, type Json, type TestServer, type TestSession, waitFor } from './server.js';
import { sqlRows } from './sql.js';

export function mailSteps(server: () => TestServer) {
  const emu = () => server().gmailEmulator!;
  const emulator = (p: string, body?: unknown): Promise<Json> =>
    fetch(`${emu().url}${p}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }).then(
      (r) => r.json(),
    );

  /** Asks for the consent link and presses a button on the emulator's page; answers the callback URL. */
  async function consent(
    who: TestSession,
    mailbox: string,
    action: 'allow' | 'deny' = 'allow',
  ): Promise<string> {
    const r = await call(server().url, '/api/v1/mail/account/connect', { session: who, method: 'POST' });
    expect(r.status).toBe(200);
    const link = new URL(r.body.url);
    expect(link.origin).toBe(new URL(emu().url).origin);
    expect(link.searchParams.get('access_type')).toBe('offline');
    expect(link.searchParams.get('scope')?.split(' ')).toEqual([
      'https://www.googleapis.com/auth/gmail.readonly',
      'https://www.googleapis.com/auth/gmail.send',
    ]);
    expect(link.searchParams.get('redirect_uri')).toBe(`${server().publicUrl}/oauth/callback`);
    const page = await (await fetch(link)).text();
    expect(page).toContain('<button name="action" value="allow">Allow</button>');
    const pressed = await fetch(link, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(link.searchParams), login: mailbox, action }),
      redirect: 'manual',
    });
    expect(pressed.status).toBe(302);
    const back = pressed.headers.get('location')!;
    expect(back.startsWith(`${server().publicUrl}/oauth/callback?`)).toBe(true);
    return back;
  }

  async function connect(who: TestSession, mailbox: string): Promise<void> {
    const done = await fetch(await consent(who, mailbox), { redirect: 'manual' });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(`${server().publicUrl}/app/?mail=connected`);
  }

  const account = (who: TestSession) => call(server().url, '/api/v1/mail/account', { session: who });
  const scan = (who: TestSession, query = '') =>
    call(server().url, `/api/v1/inbox/scan${query}`, { session: who, method: 'POST' });
  const letters = (who: TestSession) => call(server().url, '/api/v1/letters', { session: who });
  const job = (who: TestSession, id: number) => call(server().url, `/api/v1/parse/${id}`, { session: who });
  const untilDone = (who: TestSession, id: number) =>
    waitFor(async () => {
      const j = await job(who, id);
      return j.body.status === 'done' || j.body.status === 'failed' ? j.body : undefined;
    }, `job ${id}`);

  /** What the database holds, as bytes: on SQLite its file and write-ahead log (checkpointed
   * first), on PostgreSQL every row of every table as text. */
  const databaseBytes = async (): Promise<Buffer> => {
    const db = server().db;
    if (db.engine === 'postgres') {
      const tables = await sqlRows(
        db,
        "select table_name as t from information_schema.tables where table_schema = 'public'",
      );
      const texts = await Promise.all(
        tables.map(async ({ t }) =>
          (await sqlRows(db, `select r::text as row from "${t}" r`)).map((r) => r.row).join('\n'),
        ),
      );
      return Buffer.from(texts.join('\n'));
    }
    await sqlRows(db, 'pragma wal_checkpoint(TRUNCATE)');
    return Buffer.concat(
      ['invoice-reader.sqlite', 'invoice-reader.sqlite-wal'].map((f) => {
        try {
          return readFileSync(path.join(server().dataDir, f));
        } catch {
          return Buffer.alloc(0);
        }
      }),
    );
  };

  return { emu, emulator, consent, connect, account, scan, letters, job, untilDone, databaseBytes };
}
