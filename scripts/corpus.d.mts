// Types for scripts/corpus.mjs, for the TypeScript scripts (export-corpus.ts).
export const repoRoot: string;
export const sharedDir: string;
export const corpusDir: string;
export const scorer: string;
export const haveCorpus: boolean;
