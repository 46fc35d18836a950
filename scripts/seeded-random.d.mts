// Types for the parts of scripts/seeded-random.mjs that TypeScript scripts use (cluster.test.ts).
/** mulberry32: a function giving numbers in [0, 1), the same for the same seed. */
export function rng(seed: number): () => number;
