#!/usr/bin/env node
// `npm run eval [-- --gate NAME] [-- --verbose]`: scores the reader on the shared corpus with
// ../shared/eval/score.mjs, one gate per category that is built, each with the thresholds it
// has already reached, so that an accuracy regression fails CI. Prints each scorer summary and
// a last line `N passed, N failed` (gates). Skips cleanly when the corpus is absent.
import { spawnSync } from 'node:child_process';
import { corpusDir, haveCorpus, repoRoot, scorer } from './corpus.mjs';

/** Gates: the categories this version reads, and the figures it must keep. */
export const GATES = [
  {
    name: 'einvoice',
    args: [
      '--category',
      'einvoice',
      '--min-recall',
      '0.995',
      '--min-precision',
      '0.999',
      '--min-mode-ok',
      '0.99',
    ],
  },
  { name: 'einvoice-invalid', args: ['--category', 'einvoice-invalid'] },
  { name: 'qr', args: ['--category', 'qr', '--min-mode-ok', '0.95'] },
  // The text-layer reader: figures reached so far (issue 3 targets recall 0.9, precision 0.98;
  // 2026-11-23: 0.877 / 0.956, of which 103 VAT ids are test ids failing their checksum).
  {
    name: 'einvoice-text',
    args: [
      '--category',
      'einvoice',
      '--ext',
      'pdf',
      '--mode',
      'text',
      '--min-recall',
      '0.875',
      '--min-precision',
      '0.955',
    ],
  },
  // The OCR reader with its second read: figures reached so far (2026-11-23: 0.852 / 0.978 with
  // the system's fast models, 0.826 / 0.977 with the best_int models alone, as CI may have them;
  // issue 4 targets recall 0.85, precision 0.97).
  {
    name: 'scan',
    args: ['--category', 'scan', '--min-recall', '0.82', '--min-precision', '0.97', '--min-mode-ok', '0.98'],
  },
  // textpdf's truth is partial (invoice2data's fields only): true values of other fields count as
  // invented, hence the low precision (docs/decisions.md, "Evaluation").
  { name: 'textpdf', args: ['--category', 'textpdf', '--min-recall', '0.95', '--min-precision', '0.62'] },
];

const argv = process.argv.slice(2);
const only = argv.includes('--gate') ? argv[argv.indexOf('--gate') + 1] : undefined;
const extra = argv.filter((a) => a === '--verbose' || a === '--fields');

if (!haveCorpus) {
  console.log(`eval: no corpus at ${corpusDir}; nothing to score`);
  console.log('0 passed, 0 failed');
  process.exit(0);
}
let passed = 0;
let failed = 0;
for (const gate of GATES.filter((g) => !only || g.name === only)) {
  const r = spawnSync(process.execPath, [scorer, '--corpus', corpusDir, ...gate.args, ...extra], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 28,
  });
  process.stdout.write(r.stdout ?? '');
  if (r.status === 0) passed++;
  else {
    failed++;
    console.log(`eval gate ${gate.name} FAILED (exit ${r.status})`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
