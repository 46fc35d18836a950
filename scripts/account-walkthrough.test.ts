// The account walkthrough of docs/api.md, run as written against a real server (see
// walkthrough-lib.ts): sign in with the outbox, make a key, read an invoice with it, correct a
// field. Skips cleanly when the sample invoice it names (in ../shared/corpus) is absent.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_LINE,
  repoRoot,
  runBash,
  type ServerProcess,
  startServerProcess,
  walkthroughBlocks,
} from './walkthrough-lib.js';

const doc = readFileSync(path.join(repoRoot, 'docs/api.md'), 'utf8');
const blocks = walkthroughBlocks(doc, 'Account walkthrough');
const script = blocks.join('\n');
const invoice = /^export INVOICE=(\S+)/m.exec(script)?.[1];
const haveSample = invoice !== undefined && existsSync(path.resolve(repoRoot, invoice));

describe('docs/api.md account walkthrough', () => {
  it('signs in, makes a key, reads and corrects an invoice', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    expect(script).toContain(BASE_LINE);
    for (const route of [
      '/api/v1/auth/start',
      '/api/v1/auth/verify',
      '/api/v1/api/keys',
      '/v1/parse',
      '/fields',
    ])
      expect(script).toContain(route);
  });

  describe.skipIf(!haveSample)('run against a real server', () => {
    let server: ServerProcess;
    beforeAll(async () => {
      server = await startServerProcess();
    });
    afterAll(() => server?.stop());

    it('ends with the corrected field confirmed', async () => {
      const run = await runBash(
        script.replace(BASE_LINE, `export BASE=${server.base}`),
        { DATA_DIR: server.dataDir },
        90_000,
      );
      const why = `bash exited ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}\n--- server\n${server.log()}`;
      expect(run.code, why).toBe(0);
      const lines = run.stdout.split('\n');
      // The invoice's own buyer, then the corrected one, each printed on a line of its own.
      expect(lines, why).toContain('LE CLIENT');
      expect(lines, why).toContain('Le Client SARL');
      expect(run.stdout).toMatch(/"edited": true/);
      expect(run.stdout).toMatch(/"source": "user"/);
      expect(run.stdout).toMatch(/"status": "confirmed"/);
    }, 120_000);
  });
});
