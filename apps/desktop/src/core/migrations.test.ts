// The local store's migrations are checked in and must match its schema: drizzle-kit finds
// nothing to add (run `npx drizzle-kit generate` in apps/desktop after changing schema.ts).
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runChildOk } from '../../../../scripts/run-child.mjs';

const app = fileURLToPath(new URL('../../', import.meta.url));

describe('the local store migrations', () => {
  it('match the schema', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'ir-desktop-migrations-'));
    try {
      cpSync(path.join(app, 'migrations'), out, { recursive: true });
      const before = readdirSync(out).sort();
      expect(before).toContain('0000_local_store.sql');
      await runChildOk(path.join(app, '../../node_modules/.bin/drizzle-kit'), ['generate'], {
        cwd: app,
        // Relative: drizzle-kit prefixes `./` to the folder it is given, so an absolute one breaks.
        env: { ...process.env, DRIZZLE_OUT: path.relative(app, out) },
      });
      expect(readdirSync(out).sort()).toEqual(before);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
