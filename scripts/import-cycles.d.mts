// Types for scripts/import-cycles.mjs.
export function importGraph(files: readonly string[]): Map<string, string[]>;
export function cycles(graph: Map<string, string[]>): string[][];
export function circleThrough(graph: Map<string, string[]>, group: readonly string[]): string[];
export function trackedSources(root: string): string[];
