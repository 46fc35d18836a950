// Statements prepared once per open database: each database answers from its own rows (two open
// in one process), a reopened file gets fresh statements, and the rate-limit upsert counts, also
// when many requests count at once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, countJobs, hitRateLimit, openDatabase } from './index.js';

const dir = mkdtempSync(path.join(tmpdir(), 'ir-db-prepared-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('prepared statements', () => {
  it('belong to their own database, and survive a reopen of the file', async () => {
    const a = openDatabase(path.join(dir, 'a.sqlite'));
    const b = openDatabase(path.join(dir, 'b.sqlite'));
    expect([
      await hitRateLimit(a, 'k', 1),
      await hitRateLimit(a, 'k', 1),
      await hitRateLimit(a, 'k', 1),
    ]).toEqual([1, 2, 3]);
    expect(await hitRateLimit(b, 'k', 1)).toBe(1);
    expect(await hitRateLimit(a, 'k', 2)).toBe(1);
    // Fifty at once: each gets its own count.
    const counts = await Promise.all(Array.from({ length: 50 }, () => hitRateLimit(b, 'many', 1)));
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await countJobs(a, 'queued')).toBe(0);
    closeDatabase(a);
    const again = openDatabase(path.join(dir, 'a.sqlite'));
    expect(await hitRateLimit(again, 'k', 1)).toBe(4);
    closeDatabase(again);
    closeDatabase(b);
  });
});
