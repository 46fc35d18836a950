// The PostgreSQL schema is SQLite's, table by table: the same columns (an SQLite integer is a
// bigint, a boolean stays a boolean), nullability, defaults, keys, unique columns, indexes and
// foreign keys. Then its checked-in migrations are applied by drizzle's migrator to a real
// PostgreSQL 15 (started for the test), which must hold exactly those columns and indexes.

import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { type PgTable, getTableConfig as pgConfig } from 'drizzle-orm/pg-core';
import { type SQLiteTable, getTableConfig as sqliteConfig } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningPostgres, startPostgres } from '../../../scripts/postgres.mjs';
import * as sqliteSchema from './schema.js';
import * as pgSchema from './schema-pg.js';

const PG_MIGRATIONS = fileURLToPath(new URL('../migrations-pg', import.meta.url));

/** The column kinds that correspond: SQLite's on the left, PostgreSQL's on the right. */
const KINDS: Record<string, string> = {
  SQLiteInteger: 'PgBigInt53',
  SQLiteText: 'PgText',
  SQLiteBoolean: 'PgBoolean',
};

const tablesOf = (schema: Record<string, unknown>, isTable: (v: unknown) => boolean) =>
  Object.fromEntries(Object.entries(schema).filter(([, v]) => isTable(v)));
const sqliteTables = tablesOf(sqliteSchema, (v) => !!v && typeof v === 'object' && 'getSQL' in v) as Record<
  string,
  SQLiteTable
>;
const pgTables = tablesOf(pgSchema, (v) => !!v && typeof v === 'object' && 'getSQL' in v) as Record<
  string,
  PgTable
>;

/** A table described in engine-neutral words, from either schema. */
function describeTable(c: ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>, pgSide: boolean) {
  return {
    name: c.name,
    columns: Object.fromEntries(
      c.columns.map((col) => [
        col.name,
        {
          kind: pgSide ? col.columnType : (KINDS[col.columnType] ?? `unmapped ${col.columnType}`),
          notNull: col.notNull,
          primary: col.primary,
          default: col.default,
          unique: col.isUnique,
          enumValues: col.enumValues ?? null,
          // SQLite's AUTOINCREMENT is PostgreSQL's identity: ids are made by the database.
          madeByDatabase: pgSide
            ? !!(col as { generatedIdentity?: unknown }).generatedIdentity
            : !!(col as { autoIncrement?: boolean }).autoIncrement,
        },
      ]),
    ),
    primaryKeys: c.primaryKeys.map((k) => k.columns.map((x) => x.name)),
    indexes: c.indexes
      .map((i) => ({
        name: i.config.name ?? '',
        unique: !!i.config.unique,
        columns: i.config.columns.map((x) => (x as { name: string }).name),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    foreignKeys: c.foreignKeys
      .map((fk) => {
        const r = fk.reference();
        return {
          columns: r.columns.map((x) => x.name),
          table: pgSide
            ? pgConfig(r.foreignTable as PgTable).name
            : sqliteConfig(r.foreignTable as SQLiteTable).name,
          foreignColumns: r.foreignColumns.map((x) => x.name),
        };
      })
      .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
  };
}

describe('the PostgreSQL schema', () => {
  it('has the tables of the SQLite schema, under the same names', () => {
    expect(Object.keys(pgTables).sort()).toEqual(Object.keys(sqliteTables).sort());
    expect(Object.keys(sqliteTables).length).toBeGreaterThan(20);
  });

  it.each(Object.keys(sqliteTables))('%s: the same columns, keys, defaults and indexes', (name) => {
    expect(describeTable(pgConfig(pgTables[name]!), true)).toEqual(
      describeTable(sqliteConfig(sqliteTables[name]!), false),
    );
  });
});

describe('the PostgreSQL migrations', () => {
  let server: RunningPostgres;
  let client: pg.Client;
  beforeAll(async () => {
    server = await startPostgres();
    client = new pg.Client({ connectionString: server.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await server?.stop();
  });

  it('make every table, column and index of the schema in PostgreSQL 15, once', async () => {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: PG_MIGRATIONS });
    // A second start finds nothing to do.
    await migrate(db, { migrationsFolder: PG_MIGRATIONS });
    const version = await client.query<{ server_version_num: string }>('show server_version_num');
    expect(Number(version.rows[0]!.server_version_num)).toBeGreaterThanOrEqual(150000);
    const columns = await client.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
    }>(
      "select table_name, column_name, data_type, is_nullable from information_schema.columns where table_schema = 'public'",
    );
    const indexes = await client.query<{ tablename: string; indexname: string }>(
      "select tablename, indexname from pg_indexes where schemaname = 'public'",
    );
    const SQL_TYPES: Record<string, string> = { PgBigInt53: 'bigint', PgText: 'text', PgBoolean: 'boolean' };
    for (const table of Object.values(pgTables)) {
      const c = pgConfig(table);
      const made = columns.rows
        .filter((r) => r.table_name === c.name)
        .map((r) => [r.column_name, r.data_type, r.is_nullable === 'NO'])
        .sort();
      const wanted = c.columns.map((col) => [col.name, SQL_TYPES[col.columnType], col.notNull]).sort();
      expect(made, c.name).toEqual(wanted);
      const madeIndexes = indexes.rows.filter((r) => r.tablename === c.name).map((r) => r.indexname);
      for (const i of c.indexes) expect(madeIndexes, c.name).toContain(i.config.name);
    }
  });
});
