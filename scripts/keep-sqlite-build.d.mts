// Types for scripts/keep-sqlite-build.mjs.
export function cachedPrebuildPath(): string;
export function keepSqliteBuild(): Promise<string>;
