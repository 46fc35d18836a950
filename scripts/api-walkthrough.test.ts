// The walkthrough of docs/api.md, run as written: its ```sh blocks, in order, in one bash session,
// against a real server (apps/server/dist/main.js as a child process) on a random port with a
// temporary DATA_DIR. Only `export BASE=http://localhost:8080` is rewritten to the test server's
// address; everything else (the admin command line, curl, the polling loop) is the doc's text, so
// a stale command, a renamed field or a changed answer makes this test fail. Skips cleanly when
// the sample invoice the walkthrough names (in ../shared/corpus) is absent.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const mainJs = path.join(repoRoot, 'apps/server/dist/main.js');
const doc = readFileSync(path.join(repoRoot, 'docs/api.md'), 'utf8');
const BASE_LINE = 'export BASE=http://localhost:8080';

/** The ```sh blocks between "## Walkthrough" and the next "## " heading, in order. */
function walkthroughBlocks(markdown: string): string[] {
  const section = /^## Walkthrough\n([\s\S]*?)(?=^## )/m.exec(markdown)?.[1] ?? '';
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');
}

const blocks = walkthroughBlocks(doc);
const script = blocks.join('\n');
/** The file the walkthrough submits (`export INVOICE=...`), relative to the repository root. */
const invoice = /^export INVOICE=(\S+)/m.exec(script)?.[1];
const haveSample = invoice !== undefined && existsSync(path.resolve(repoRoot, invoice));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runBash(source: string, env: Record<string, string>, timeoutMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-eo', 'pipefail', '-c', source], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('docs/api.md walkthrough', () => {
  it('has sh blocks that set BASE, submit a file and poll it', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    expect(script).toContain(BASE_LINE);
    expect(invoice).toBeDefined();
    expect(script).toMatch(/\/v1\/parse\b/);
  });

  describe.skipIf(!haveSample)('run against a real server', () => {
    let dataDir = '';
    let server: ChildProcess | undefined;
    let base = '';
    let serverLog = '';

    beforeAll(async () => {
      expect(existsSync(mainJs), 'apps/server/dist is built (npm test builds first)').toBe(true);
      dataDir = mkdtempSync(path.join(tmpdir(), 'ir-walkthrough-'));
      server = spawn(process.execPath, [mainJs], {
        cwd: repoRoot,
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stderr?.on('data', (d) => {
        serverLog += d;
      });
      // The server logs one JSON line per event; "listening" carries its address.
      base = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the server did not start\n${serverLog}`)), 30_000);
        server?.once('exit', (code) => reject(new Error(`the server exited (${code})\n${serverLog}`)));
        let buffered = '';
        server?.stdout?.on('data', (d) => {
          buffered += d;
          serverLog += d;
          for (const line of buffered.split('\n')) {
            if (!line.includes('"listening"')) continue;
            try {
              const url = JSON.parse(line).url;
              clearTimeout(timer);
              resolve(url);
            } catch {}
          }
        });
      });
    });

    afterAll(async () => {
      if (server && server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((r) => server?.once('exit', r));
        server.kill('SIGTERM');
        await exited;
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('ends with a done job whose fields name the invoice number', async () => {
      const source = script.replace(BASE_LINE, `export BASE=${base}`);
      // After the doc's blocks: the last poll's answer, for the assertions below.
      const out = path.join(dataDir, 'last-poll.json');
      const run = await runBash(
        `${source}\nprintf '%s' "$JOB" > "$WALKTHROUGH_OUT"\n`,
        {
          DATA_DIR: dataDir,
          WALKTHROUGH_OUT: out,
        },
        90_000,
      );
      const why = `bash exited ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}\n--- server\n${serverLog}`;
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
