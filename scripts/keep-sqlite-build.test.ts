// The compiled SQLite binding kept in npm's cache (a temporary one here): packed as the download
// better-sqlite3's installer looks for, which that installer then takes from the cache, loads and
// unpacks, with no network and no compiler.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedPrebuildPath, keepSqliteBuild } from './keep-sqlite-build.mjs';
import { runChild } from './run-child.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'keep-sqlite-build-'));
const cache = path.join(dir, 'npm-cache');
const before = process.env.npm_config_cache;
process.env.npm_config_cache = cache;
afterAll(() => {
  if (before === undefined) delete process.env.npm_config_cache;
  else process.env.npm_config_cache = before;
  rmSync(dir, { recursive: true, force: true });
});

const pkgDir = path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
const compiled = existsSync(path.join(pkgDir, 'build/Release/better_sqlite3.node'));

describe.skipIf(!compiled)('keep-sqlite-build', () => {
  it("keeps the binary once, under the name better-sqlite3's installer looks for", async () => {
    const target = cachedPrebuildPath();
    expect(target.startsWith(path.join(cache, '_prebuilds') + path.sep)).toBe(true);
    const { version } = createRequire(import.meta.url)('better-sqlite3/package.json') as { version: string };
    expect(path.basename(target)).toMatch(
      new RegExp(
        `-better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}\\.tar\\.gz$`,
      ),
    );
    expect(await keepSqliteBuild()).toContain('kept the compiled SQLite binding');
    expect(existsSync(target)).toBe(true);
    expect(await keepSqliteBuild()).toContain("already in npm's cache");
  });

  it('is what the installer then unpacks and loads, without downloading or compiling', async () => {
    const into = path.join(dir, 'install');
    mkdirSync(into);
    copyFileSync(path.join(pkgDir, 'package.json'), path.join(into, 'package.json'));
    const installer = createRequire(path.join(pkgDir, 'package.json')).resolve('prebuild-install/bin.js');
    const r = await runChild(process.execPath, [installer, '--path', into, '--verbose'], {
      cwd: pkgDir,
      env: { ...process.env, npm_config_cache: cache },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('found cached prebuild');
    expect(r.stderr).toMatch(/required .*better_sqlite3\.node successfully/);
    expect(existsSync(path.join(into, 'build/Release/better_sqlite3.node'))).toBe(true);
  });
});
