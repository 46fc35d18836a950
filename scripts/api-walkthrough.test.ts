// The walkthrough of docs/api.md, run as written: its ```sh blocks, in order, in one bash session,
// against a real server (apps/server/dist/main.js as a child process) on a random port with a
// temporary DATA_DIR. Only `export BASE=http://localhost:8080` is rewritten to the test server's
// address; everything else (the admin command line, curl, the polling loop) is the doc's text, so
// a stale command, a renamed field or a changed answer makes this test fail. Skips cleanly when
// the sample invoice the walkthrough names (in ../shared/corpus) is absent.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_LINE,
  mainJs,
  repoRoot,
  runBash,
  type ServerProcess,
  startServerProcess,
  walkthroughBlocks,
} from './walkthrough-lib.js';

const doc = readFileSync(path.join(repoRoot, 'docs/api.md'), 'utf8');
const blocks = walkthroughBlocks(doc);
const script = blocks.join('\n');
/** The file the walkthrough submits (`export INVOICE=...`), relative to the repository root. */
const invoice = /^export INVOICE=(\S+)/m.exec(script)?.[1];
const haveSample = invoice !== undefined && existsSync(path.resolve(repoRoot, invoice));

describe('docs/api.md walkthrough', () => {
  it('has sh blocks that set BASE, submit a file and poll it', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    expect(script).toContain(BASE_LINE);
    expect(invoice).toBeDefined();
    expect(script).toMatch(/\/v1\/parse\b/);
  });

  describe.skipIf(!haveSample)('run against a real server', () => {
    let server: ServerProcess;

    beforeAll(async () => {
      expect(existsSync(mainJs), 'apps/server/dist is built (npm test builds first)').toBe(true);
      server = await startServerProcess();
    });

    afterAll(() => server?.stop());

    it('ends with a done job whose fields name the invoice number', async () => {
      const source = script.replace(BASE_LINE, `export BASE=${server.base}`);
      // After the doc's blocks: the last poll's answer, for the assertions below.
      const out = path.join(server.dataDir, 'last-poll.json');
      const run = await runBash(
        `${source}\nprintf '%s' "$JOB" > "$WALKTHROUGH_OUT"\n`,
        {
          DATA_DIR: server.dataDir,
          WALKTHROUGH_OUT: out,
        },
        90_000,
      );
      const why = `bash exited ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}\n--- server\n${server.log()}`;
      expect(run.code, why).toBe(0);
      expect(existsSync(out), why).toBe(true);
      const job = JSON.parse(readFileSync(out, 'utf8'));
      expect(job.ok).toBe(true);
      expect(job.status, why).toBe('done');
      expect(typeof job.fields.invoice_no).toBe('string');
      expect(job.fields.invoice_no.length).toBeGreaterThan(0);
      // The doc prints the invoice number on a line of its own.
      expect(run.stdout.split('\n')).toContain(job.fields.invoice_no);
    }, 120_000);
  });
});
