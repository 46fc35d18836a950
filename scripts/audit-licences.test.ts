// Every package the service ships has a licence that lets it be shipped (npm audit's offline
// stand-in: a new dependency under GPL, or without a licence, fails here until it is reviewed).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runChild } from './run-child.mjs';

const script = fileURLToPath(new URL('./audit-licences.mjs', import.meta.url));

describe('audit:licences', () => {
  it('finds no production package with a licence outside the allowed list', async () => {
    const r = await runChild(process.execPath, [script, '--json']);
    const out = JSON.parse(r.stdout);
    expect(out.refused).toEqual([]);
    expect(out.packages).toBeGreaterThan(50);
    expect(out.rows.some((p: { name: string }) => p.name === 'express')).toBe(true);
    expect(r.status).toBe(0);
  });
});
