import { configDefaults, defineConfig } from 'vitest/config';

// Tests of SQLite's own file, which PostgreSQL has no counterpart of: the run with
// TEST_ENGINE=postgres leaves them out (each says so in its header; docs/server.md).
const SQLITE_ONLY = ['apps/server/src/backup/backup.test.ts', 'apps/server/src/http/sqlite-busy.test.ts'];

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_ENGINE === 'postgres' ? SQLITE_ONLY : [])],
    testTimeout: 60_000,
    // A test server's start may first start the file's throw-away PostgreSQL and copy its database
    // (TEST_ENGINE=postgres): seconds on a busy machine, past the default 10 s.
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
