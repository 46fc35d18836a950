// Test helpers: a real service on a random loopback port with a temporary data folder, accounts
// and keys made through the same functions the admin command line uses, and small HTTP helpers.
// The database is TEST_ENGINE's: the SQLite file in the data folder (the default), or a fresh
// migrated database on the test file's throw-away PostgreSQL (scripts/test-databases.ts).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { accountByEmail } from '@invoice-reader/db';
import { chosenEngine, migratedPostgresDatabase } from '../../../../scripts/test-databases.js';
import { createAccount, normaliseEmail } from '../accounts/accounts.js';
import { createSession, SESSION_COOKIE } from '../auth/sessions.js';
import { topUp } from '../billing/billing.js';
import { loadConfig } from '../config.js';
import { issueKey } from '../keys/keys.js';
import { createLogger } from '../log.js';
import { type RunningServer, startServer } from '../server.js';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const corpusDir = path.resolve(repoRoot, '../shared/corpus');
export const SAMPLE_XML = path.join(corpusDir, 'einvoice/akretion-factur-x/factur-x-en16931.xml');
export const SAMPLE_SCAN = path.join(corpusDir, 'scans/ferd-zugferd-2.0/zugferd_2p0_MINIMUM.png');
export const haveCorpus = existsSync(SAMPLE_XML) && existsSync(SAMPLE_SCAN);
export const corpusFile = (file: string): Buffer => readFileSync(file);

/** A JSON answer; tests check its shape with assertions. */
// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field by the tests
export type Json = any;

export interface TestServer extends RunningServer {
  dataDir: string;
  /** The env that reaches this server's database: DATABASE_URL on PostgreSQL, nothing on SQLite
   * (its file is in DATA_DIR). A second server or a child process on the same data passes it. */
  databaseEnv: Record<string, string>;
  secret: string;
  account(
    email: string,
    /** `freePages`: the account's free scanned pages (else the service's FREE_API_PAGES). */
    opts?: { balanceMinor?: number; freePages?: number },
  ): Promise<{ accountId: number; key: string; keyId: number }>;
  /** A signed-in person (account made when new): the session token, as cookie and as Bearer. */
  session(email: string): Promise<TestSession>;
  stop(): Promise<void>;
}

export interface TestSession {
  accountId: number;
  token: string;
  /** `sid=…`, for the `cookie` header. */
  cookie: string;
}

/**
 * The env of a fresh database of the test run's engine (TEST_ENGINE): none for SQLite (the file
 * in DATA_DIR), DATABASE_URL of a new migrated database for PostgreSQL.
 */
export async function freshDatabaseEnv(): Promise<Record<string, string>> {
  return chosenEngine() === 'postgres' ? { DATABASE_URL: await migratedPostgresDatabase() } : {};
}

/** `env` may name the database (another server's `databaseEnv`); else the server gets a fresh one. */
export async function startTestServer(
  env: Record<string, string> = {},
  /** Receives every log line (at LOG_LEVEL, default silent) instead of stdout. */
  logTo?: (line: string) => void,
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ir-server-'));
  const databaseEnv = 'DATABASE_URL' in env ? {} : await freshDatabaseEnv();
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    JOB_CONCURRENCY: '2',
    // Tests wait for the search for a payment QR code to end rather than race the service's 5 s:
    // on a loaded machine a QR bill would be refused for balance. A test of the bound sets its own.
    QR_SEARCH_MS: '120000',
    ...databaseEnv,
    ...env,
  });
  const server = await startServer(config, createLogger(logTo ? config.logLevel : 'silent', logTo));
  // The run's engine, or the test passes on the other one without saying so.
  const engine = chosenEngine() ?? 'sqlite';
  if (!('DATABASE_URL' in env) && server.db.engine !== engine) {
    await server.close();
    throw new Error(`the test server runs on ${server.db.engine}, not on TEST_ENGINE's ${engine}`);
  }
  return {
    ...server,
    dataDir,
    databaseEnv: config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {},
    secret: config.secret,
    async account(email, opts = {}) {
      const a = await createAccount(server.db, email, opts.freePages ?? config.freeApiPages);
      if (opts.balanceMinor) await topUp(server.db, a.id, opts.balanceMinor, new Date());
      const k = await issueKey(server.db, config.secret, a.id, 'test');
      return { accountId: a.id, key: k.key, keyId: k.id };
    },
    async session(email) {
      const a =
        (await accountByEmail(server.db, normaliseEmail(email))) ??
        (await createAccount(server.db, email, config.freeApiPages));
      const s = await createSession(server.db, a.id, 'test');
      return { accountId: a.id, token: s.token, cookie: `${SESSION_COOKIE}=${s.token}` };
    },
    async stop() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function form(bytes: Uint8Array, fields: Record<string, string> = {}, filename = 'invoice'): FormData {
  const f = new FormData();
  f.set('file', new Blob([bytes]), filename);
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

export async function call(
  base: string,
  pathname: string,
  init: {
    key?: string;
    /** A session token sent as `Authorization: Bearer`. */
    bearer?: string;
    /** A session sent as the browser sends it: the cookie, with `Origin` set to `base`. */
    session?: TestSession;
    method?: string;
    body?: FormData | string;
    /** Sent as JSON (with its content type). */
    json?: unknown;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: Json; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (init.key) headers['x-api-key'] = init.key;
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  if (init.session) {
    headers.cookie = init.session.cookie;
    headers.origin = new URL(base).origin;
  }
  let payload = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(init.json);
  }
  Object.assign(headers, init.headers);
  const res = await fetch(base + pathname, {
    method: init.method ?? (payload !== undefined ? 'POST' : 'GET'),
    headers,
    body: payload,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body, headers: res.headers };
}

/**
 * Polls `check` until it answers something truthy, and answers that. The bound only catches a
 * hang: tests wait for events, never for a number of milliseconds (CI shares a busy machine).
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  what: string,
  boundMs = 60_000,
): Promise<NonNullable<T>> {
  const end = Date.now() + boundMs;
  for (let wait = 10; ; wait = Math.min(wait * 2, 250)) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, wait));
  }
}

/** Polls a job until it ends (done or failed), slowing down so a long read stays under the rate limit. */
export async function waitForJob(
  base: string,
  key: string,
  jobId: number,
  timeoutMs = 60_000,
): Promise<Json> {
  const until = Date.now() + timeoutMs;
  for (let wait = 20; ; wait = Math.min(wait * 2, 500)) {
    const r = await call(base, `/v1/parse/${jobId}`, { key });
    if (r.status !== 200) throw new Error(`poll answered ${r.status}: ${JSON.stringify(r.body)}`);
    if (r.body.status === 'done' || r.body.status === 'failed') return r.body;
    if (Date.now() > until) throw new Error(`job ${jobId} still ${r.body.status}`);
    await new Promise((r) => setTimeout(r, wait));
  }
}

/** A distinct, tiny "PNG" (signature and junk): estimated as one scanned page, fails fast on reading. */
export const junkPng = (n: number): Buffer =>
  Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from(`junk ${n} ${Math.random()}`)]);
