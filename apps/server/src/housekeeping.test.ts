// Housekeeping against a running service and its database: sign-in links, sessions and mailbox
// consent states are deleted a day after they ended, at start and on the hourly pass, and nothing
// live is touched (a live session still signs in, an ended one is refused as before).
import { type Db, insertConnectState, insertSession, insertSignInLink } from '@invoice-reader/db';
import { afterEach, describe, expect, it } from 'vitest';
import { ENDED_KEPT_MS } from './housekeeping.js';
import { call, startTestServer, type TestServer } from './test-support/server.js';
import { sqlRow } from './test-support/sql.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const rows = async (db: Db, table: string) => (await sqlRow(db, `SELECT count(*) AS n FROM ${table}`))?.n;
const counts = async (db: Db) => ({
  signInLinks: await rows(db, 'sign_in_links'),
  sessions: await rows(db, 'sessions'),
  connectStates: await rows(db, 'mail_connect_states'),
});
const iso = (ms: number) => new Date(ms).toISOString();

/** A sign-in link and a consent state that end `endsInMs` from `nowMs` (negative: ended already). */
async function endingRows(
  db: Db,
  accountId: number,
  tag: string,
  nowMs: number,
  endsInMs: number,
): Promise<void> {
  const ends = iso(nowMs + endsInMs);
  await insertSignInLink(db, {
    hash: `link-${tag}`,
    email: `${tag}@example.com`,
    lang: 'en',
    createdAt: iso(nowMs),
    expiresAt: ends,
  });
  await insertConnectState(db, {
    accountId,
    nonceHash: `state-${tag}`,
    expiresAt: ends,
    createdAt: iso(nowMs),
  });
}

describe('housekeeping', () => {
  it('deletes sign-in links, sessions and consent states a day after they ended, and nothing live', async () => {
    server = await startTestServer();
    const { db, clock, url } = server;
    const live = await server.session('live@example.com');
    const ended = await server.session('ended@example.com');
    expect((await call(url, '/api/v1/auth/logout', { method: 'POST', session: ended })).status).toBe(200);
    await endingRows(db, live.accountId, 'soon', clock.now().getTime(), 15 * MINUTE);
    expect(await counts(db)).toEqual({ signInLinks: 1, sessions: 2, connectStates: 1 });

    // Ended (the logout) or ending within minutes, but not a day ago: all kept.
    expect(await server.housekeeping.prune()).toEqual({
      signInLinks: 0,
      sessions: 0,
      connectStates: 0,
      deviceCodes: 0,
    });
    clock.advance(ENDED_KEPT_MS - MINUTE);
    expect(await server.housekeeping.prune()).toEqual({
      signInLinks: 0,
      sessions: 0,
      connectStates: 0,
      deviceCodes: 0,
    });

    // A day after the logout and the link's and the state's expiry: those go, the live session stays.
    clock.advance(20 * MINUTE);
    expect(await server.housekeeping.prune()).toEqual({
      signInLinks: 1,
      sessions: 1,
      connectStates: 1,
      deviceCodes: 0,
    });
    expect(await counts(db)).toEqual({ signInLinks: 0, sessions: 1, connectStates: 0 });
    expect((await call(url, '/api/v1/me', { session: live })).status).toBe(200);
    expect((await call(url, '/api/v1/me', { session: ended })).status).toBe(401);

    // Unused for its 30 days and one more: the live session has ended too.
    clock.advance(31 * DAY);
    expect(await server.housekeeping.prune()).toEqual({
      signInLinks: 0,
      sessions: 1,
      connectStates: 0,
      deviceCodes: 0,
    });
  });

  it('deletes what ended over a day ago as the service starts, and keeps what ended since', async () => {
    const first = await startTestServer();
    const now = Date.now();
    const { accountId } = await first.session('someone@example.com');
    await endingRows(first.db, accountId, 'old', now, -(DAY + MINUTE));
    await endingRows(first.db, accountId, 'recent', now, -MINUTE); // still counts to the hourly link limit
    await insertSession(first.db, {
      accountId,
      hash: 'old-session',
      createdAt: iso(now - 40 * DAY),
      expiresAt: iso(now - 2 * DAY),
    });
    expect(await counts(first.db)).toEqual({ signInLinks: 2, sessions: 2, connectStates: 2 });
    await first.close();

    server = await startTestServer({ DATA_DIR: first.dataDir, SECRET: first.secret, ...first.databaseEnv });
    expect(await counts(server.db)).toEqual({ signInLinks: 1, sessions: 1, connectStates: 1 });
  });
});
