// Types for the parts of scripts/bench-lib.mjs that TypeScript scripts use (export-corpus.ts).
export function readManifest(corpusDir: string): Array<Record<string, string>>;
export function printTable(header: string[], rows: Array<Array<string | number | null | undefined>>): void;
export function median(xs: number[]): number;
export function round(x: number, digits?: number): number | null;
