#!/usr/bin/env node
// `npm run audit:licences [-- --json]`: the licence of every package the service ships (npm's
// production tree, dev tools left out), checked offline against a list of permissive licences.
// `npm audit` cannot run here (the registry's audit endpoint answers 405); this is the part of a
// dependency review that needs no network. Exit 1 when a package's licence is unknown or not allowed.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './corpus.mjs';

/** SPDX ids that let us ship the package as it is, with its notice. */
const ALLOWED = new Set([
  'MIT',
  'MIT-0',
  'ISC',
  'BSD-2-Clause',
  'BSD-3-Clause',
  '0BSD',
  'Apache-2.0',
  'CC0-1.0',
  'Unlicense',
  'Python-2.0',
  'BlueOak-1.0.0',
  'WTFPL',
  'Zlib',
]);

/** Packages checked by hand: a licence npm cannot read, or one with a condition we meet. */
const REVIEWED = {
  // sharp's prebuilt libvips, loaded as a shared library and not modified: LGPL's terms are met by
  // shipping it as a separate, replaceable file with its licence.
  '@img/sharp-libvips-linux-x64': 'LGPL-3.0-or-later, dynamically linked, unmodified',
  // Redoc's dependencies without a usable `license` field; the LICENSE files they ship say so.
  decko: 'MIT (its LICENSE file)',
  stickyfill: 'MIT (its LICENSE file)',
  'url-template': '"BSD" (BSD-3-Clause in its LICENSE file)',
  // The Inter font of the web app and the public pages: the SIL Open Font License lets it be
  // shipped and served with software, unmodified, with its licence (its LICENSE file).
  '@fontsource-variable/inter': 'OFL-1.1, a font shipped unmodified with its licence',
};

/** Whether an SPDX expression is allowed: an OR of ANDs of ids, all npm packages here use. */
function allowed(expr) {
  return expr
    .replace(/[()]/g, '')
    .split(/\s+OR\s+/)
    .some((alt) => alt.split(/\s+AND\s+/).every((id) => ALLOWED.has(id.trim())));
}

function licenceOf(pkg) {
  const l = pkg.license ?? pkg.licenses;
  if (typeof l === 'string') return l;
  if (Array.isArray(l)) return l.map((x) => x.type ?? x).join(' OR ');
  if (l && typeof l === 'object') return l.type;
  return undefined;
}

const dirs = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
  cwd: repoRoot,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'ignore'],
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\n')
  .filter(Boolean);
const seen = new Map();
for (const dir of new Set(dirs)) {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (pkg.private) continue; // the project's own workspaces
  const key = `${pkg.name}@${pkg.version}`;
  if (seen.has(key)) continue;
  const licence = licenceOf(pkg);
  const status = REVIEWED[pkg.name] ? 'reviewed' : licence && allowed(licence) ? 'ok' : 'refused';
  seen.set(key, { name: pkg.name, version: pkg.version, licence: licence ?? null, status });
}

const rows = [...seen.values()];
const refused = rows.filter((r) => r.status === 'refused');
if (process.argv.includes('--json')) console.log(JSON.stringify({ packages: rows.length, refused, rows }));
else {
  const count = {};
  for (const r of rows) count[r.licence ?? '(none)'] = (count[r.licence ?? '(none)'] ?? 0) + 1;
  console.log(`audit:licences: ${rows.length} production packages`);
  for (const [l, n] of Object.entries(count).sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(n).padStart(4)}  ${l}`);
  for (const r of rows.filter((x) => x.status === 'reviewed'))
    console.log(`  reviewed: ${r.name}@${r.version}: ${REVIEWED[r.name]}`);
  for (const r of refused)
    console.log(`  REFUSED: ${r.name}@${r.version}: ${r.licence ?? 'no licence field'}`);
}
process.exit(refused.length ? 1 : 0);
