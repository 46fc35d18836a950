// The service's choice of database and role: the SQLite file in DATA_DIR by default; DATABASE_URL
// selects PostgreSQL (anything but a postgres:// URL is refused with a reason that does not repeat
// it); the scaled-out roles (api, worker) refuse to start without one. The bound of a
// submission's search for a payment QR code.
import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig } from './config.js';

const base = { DATA_DIR: '/tmp/ir-none', SECRET: 'x'.repeat(32) };
const url = 'postgres://ir:s3cret@db.example/ir';

describe('the database setting', () => {
  it('is the SQLite file in DATA_DIR when DATABASE_URL is unset or empty', () => {
    expect(loadConfig(base).databaseFile).toBe('/tmp/ir-none/invoice-reader.sqlite');
    expect(loadConfig(base).databaseUrl).toBeUndefined();
    expect(loadConfig({ ...base, DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('is PostgreSQL for a postgres:// or postgresql:// URL, masked in the logged configuration', () => {
    const url = 'postgres://ir:s3cret@db.example/ir';
    expect(loadConfig({ ...base, DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgresql://db.example/ir' }).databaseUrl).toBe(
      'postgresql://db.example/ir',
    );
    expect(JSON.stringify(describeConfig(loadConfig({ ...base, DATABASE_URL: url })))).not.toMatch(/s3cret/);
  });

  it('refuses any other DATABASE_URL without repeating it', () => {
    const url = 'mysql://ir:s3cret@db.example/ir';
    expect(() => loadConfig({ ...base, DATABASE_URL: url })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, DATABASE_URL: url })).toThrow(
      /DATABASE_URL: a postgres:\/\/ or postgresql:\/\/ URL/,
    );
    expect(() => loadConfig({ ...base, DATABASE_URL: url })).not.toThrow(/s3cret/);
  });
});

describe('the role', () => {
  it('is everything in one process by default', () => {
    expect(loadConfig(base).role).toBe('all');
  });

  it('refuses the api and worker roles without a shared PostgreSQL', () => {
    for (const ROLE of ['api', 'worker']) {
      expect(() => loadConfig({ ...base, ROLE })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, ROLE })).toThrow(/needs DATABASE_URL/);
      expect(loadConfig({ ...base, ROLE, DATABASE_URL: url }).role).toBe(ROLE);
    }
  });

  it('refuses an unknown role', () => {
    expect(() => loadConfig({ ...base, ROLE: 'both' })).toThrow(/ROLE/);
  });
});

describe('QR_SEARCH_MS', () => {
  it("is the engine's 5 s by default, and any whole number of milliseconds from 1 s to 10 min", () => {
    expect(loadConfig(base).qrSearchMs).toBe(5000);
    expect(loadConfig({ ...base, QR_SEARCH_MS: '120000' }).qrSearchMs).toBe(120_000);
    expect(loadConfig({ ...base, QR_SEARCH_MS: '1000' }).qrSearchMs).toBe(1000);
    expect(loadConfig({ ...base, QR_SEARCH_MS: '600000' }).qrSearchMs).toBe(600_000);
  });

  it('refuses a bound under 1 s (most QR bills would be refused for balance), over 10 min, or no number', () => {
    for (const QR_SEARCH_MS of ['999', '0', '-5000', '600001', '2.5', 'soon'])
      expect(() => loadConfig({ ...base, QR_SEARCH_MS }), QR_SEARCH_MS).toThrow(/QR_SEARCH_MS/);
    expect(() => loadConfig({ ...base, QR_SEARCH_MS: '999' })).toThrow(ConfigError);
  });
});
