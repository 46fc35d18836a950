#!/usr/bin/env node
// `npm run setup` runs this after `npm install`: better-sqlite3 has no prebuilt binary this
// machine can download, so its install compiles SQLite from source (five to six minutes on a busy
// two-core machine). This keeps the binary it compiled in npm's cache, packed and named as the
// download its installer (prebuild-install) looks for there before going to the network, so the
// next install on this machine (a fresh clone, CI) unpacks it in a second. The installer loads the
// binary before taking it, so one that does not fit is compiled again as before.
import { createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkgDir = path.join(repoRoot, 'node_modules', 'better-sqlite3');
const BINARY = 'build/Release/better_sqlite3.node';

/** Where prebuild-install would look for this install's binary in npm's cache. */
export function cachedPrebuildPath() {
  const fromPkg = createRequire(path.join(pkgDir, 'package.json'));
  const pkg = fromPkg('./package.json');
  const prebuild = createRequire(fromPkg.resolve('prebuild-install/package.json'));
  const opts = { ...prebuild('./rc.js')(pkg), pkg };
  const util = prebuild('./util.js');
  return util.cachedPrebuild(util.getDownloadUrl(opts));
}

/** Keeps the compiled binary in npm's cache unless it is there; says what it did. */
export async function keepSqliteBuild() {
  if (!existsSync(path.join(pkgDir, BINARY)))
    return 'better-sqlite3 has no compiled binary here; nothing to keep';
  const target = cachedPrebuildPath();
  if (existsSync(target)) return `${path.basename(target)} already in npm's cache`;
  const fromPkg = createRequire(path.join(pkgDir, 'package.json'));
  const tar = createRequire(fromPkg.resolve('prebuild-install/package.json'))('tar-fs');
  mkdirSync(path.dirname(target), { recursive: true });
  const part = `${target}.${process.pid}.tmp`;
  await pipeline(tar.pack(pkgDir, { entries: [BINARY] }), createGzip(), createWriteStream(part));
  renameSync(part, target);
  return `kept the compiled SQLite binding as ${target}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  keepSqliteBuild().then(
    (said) => console.log(`keep-sqlite-build: ${said}`),
    // A cache only: setup goes on without it.
    (err) => console.log(`keep-sqlite-build: not kept (${err.message})`),
  );
}
