// Generated artefacts are checked in and must be current (ARCHITECTURE.md "Habits"): the OpenAPI
// document in docs/, and the drizzle migrations of packages/db for SQLite and for PostgreSQL
// (drizzle-kit finds nothing to add).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runChildOk } from '../../../scripts/run-child.mjs';
import { buildOpenApiDocument } from './openapi.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('generated files', () => {
  it('docs/openapi.json is the document the contract builds (npm run openapi)', () => {
    const committed = JSON.parse(readFileSync(path.join(root, 'docs/openapi.json'), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    expect(committed.info).toMatchObject({ title: 'Invoice Reader', version: '0.3.0' });
  });

  it.each([
    ['migrations', 'drizzle.config.ts'],
    ['migrations-pg', 'drizzle.pg.config.ts'],
  ])('packages/db/%s matches its schema (npm run db:generate)', async (folder, config) => {
    const out = mkdtempSync(path.join(tmpdir(), 'ir-migrations-'));
    try {
      cpSync(path.join(root, 'packages/db', folder), out, { recursive: true });
      const before = readdirSync(out).sort();
      await runChildOk(path.join(root, 'node_modules/.bin/drizzle-kit'), ['generate', '--config', config], {
        cwd: path.join(root, 'packages/db'),
        // Relative: drizzle-kit puts `./` before an absolute path, finds nothing, and still exits 0.
        env: { ...process.env, DRIZZLE_OUT: path.relative(path.join(root, 'packages/db'), out) },
      });
      expect(readdirSync(out).sort()).toEqual(before);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
