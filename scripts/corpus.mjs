// Where the shared evaluation corpus lives (beside the project, never copied into it).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const sharedDir = process.env.INVOICE_SHARED_DIR ?? path.resolve(repoRoot, '..', 'shared');
export const corpusDir = path.join(sharedDir, 'corpus');
export const scorer = path.join(sharedDir, 'eval', 'score.mjs');
export const haveCorpus = existsSync(path.join(corpusDir, 'MANIFEST.tsv')) && existsSync(scorer);
