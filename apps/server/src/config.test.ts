// The service's choice of database: the SQLite file in DATA_DIR; DATABASE_URL (PostgreSQL) is
// refused with a clear reason until the service runs on it, never ignored.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const base = { DATA_DIR: '/tmp/ir-none', SECRET: 'x'.repeat(32) };

describe('the database setting', () => {
  it('is the SQLite file in DATA_DIR when DATABASE_URL is unset or empty', () => {
    expect(loadConfig(base).databaseFile).toBe('/tmp/ir-none/invoice-reader.sqlite');
    expect(loadConfig({ ...base, DATABASE_URL: '' }).databaseFile).toBe('/tmp/ir-none/invoice-reader.sqlite');
  });

  it('refuses DATABASE_URL without repeating it', () => {
    const url = 'postgres://ir:s3cret@db.example/ir';
    expect(() => loadConfig({ ...base, DATABASE_URL: url })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, DATABASE_URL: url })).toThrow(
      /DATABASE_URL: the service does not run on PostgreSQL yet/,
    );
    expect(() => loadConfig({ ...base, DATABASE_URL: url })).not.toThrow(/s3cret/);
  });
});
