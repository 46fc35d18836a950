// Throw-away databases for the db and server suites. TEST_ENGINE chooses the engine of a test run
// (unset: the db suite runs both, the server SQLite); a PostgreSQL database is a fresh copy of one
// migrated once, on a throw-away PostgreSQL 15 started once per test file and stopped after it.
import pg from 'pg';
import { afterAll } from 'vitest';
import { openPostgres } from '../packages/db/src/handle-pg.js';
import { type RunningPostgres, startPostgres } from './postgres.mjs';

export const ENGINE_NAMES = ['sqlite', 'postgres'] as const;
export type Engine = (typeof ENGINE_NAMES)[number];

/**
 * The engine TEST_ENGINE names, or undefined when unset or empty. Anything else stops the run: a
 * misspelt engine must not quietly test SQLite.
 */
export function chosenEngine(env: NodeJS.ProcessEnv = process.env): Engine | undefined {
  const value = env.TEST_ENGINE;
  if (!value) return undefined;
  if ((ENGINE_NAMES as readonly string[]).includes(value)) return value as Engine;
  throw new Error(`TEST_ENGINE must be ${ENGINE_NAMES.join(' or ')} (or unset), not "${value}"`);
}

// One server for the test file (each file runs in a process of its own), started by the first
// test that asks for a PostgreSQL database and stopped when the file is done (a hook of the file,
// registered here). Without PostgreSQL's binaries every test that asks fails with
// startPostgres's message: none is skipped.
let started: Promise<RunningPostgres> | undefined;
afterAll(async () => {
  await (await started?.catch(() => undefined))?.stop();
});
// Database names made on that server, and the one migrated once and copied for each test.
let made = 0;
let template: Promise<string> | undefined;

/** The URL of `database` on the test file's server (started on first use). */
async function urlOf(database: string): Promise<string> {
  return (await filePostgres()).url.replace(/\/postgres$/, `/${database}`);
}

/** One statement on the server's `postgres` database (a database is made outside one). */
async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: await urlOf('postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Makes an empty database on the test file's PostgreSQL and answers its URL. */
export async function emptyPostgresDatabase(): Promise<string> {
  const name = `test_${++made}`;
  await admin(`create database ${name}`);
  return await urlOf(name);
}

/** Makes a migrated database on the test file's PostgreSQL (a copy of one migrated once) and
 * answers its URL. */
export async function migratedPostgresDatabase(): Promise<string> {
  template ??= (async () => {
    const url = await emptyPostgresDatabase();
    await (await openPostgres(url)).$client.end();
    return url.slice(url.lastIndexOf('/') + 1);
  })();
  const name = `test_${++made}`;
  await admin(`create database ${name} template ${await template}`);
  return await urlOf(name);
}

/** The test file's PostgreSQL (started on first use), for a test that stops and starts it. */
export async function filePostgres(): Promise<RunningPostgres> {
  started ??= startPostgres();
  return await started;
}
