// A read cut off by its time limit while its worker is inside ONNX Runtime (creating or running
// a PP-OCR session) ends with `timeout`, and the process lives on: onnxruntime-node aborts the
// whole process when its thread is terminated in the middle of a call (workers/native-calls.ts).
// The reads run in a child process, since the failure being guarded against is that process
// dying, over a range of time limits so that some fall inside a native call on any machine.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runChild } from '../../../scripts/run-child.mjs';
import { SAMPLE_INVOICE_LINES, textPageImage } from './test-support/scan-pages.js';
import { WorkerPool } from './workers/pool.js';

const LIMITS_MS = [100, 200, 300, 500, 700, 900, 1100, 1300, 1600, 2000, 2500];

describe('a read timing out inside ONNX Runtime', () => {
  it('answers timeout (or done) at every time limit and never takes the process down', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'native-timeout-'));
    const image = path.join(dir, 'scan.png');
    writeFileSync(image, await textPageImage(SAMPLE_INVOICE_LINES, { dpi: 200 }));
    const script = path.join(dir, 'reads.mjs');
    const engine = new URL('../dist/index.js', import.meta.url).href;
    writeFileSync(
      script,
      `import { readFileSync } from 'node:fs';
const { readInvoice, shutdownWorkers } = await import(${JSON.stringify(engine)});
const bytes = new Uint8Array(readFileSync(${JSON.stringify(image)}));
for (const timeoutMs of ${JSON.stringify(LIMITS_MS)}) {
  const r = await readInvoice(bytes, { country: 'de', timeoutMs });
  console.log(JSON.stringify({ timeoutMs, status: r.status, error: r.error ?? null }));
}
await shutdownWorkers();
console.log('END');`,
    );
    // The hybrid backend creates and runs the PP-OCR detection session on every page.
    const run = await runChild(process.execPath, [script], {
      env: { ...process.env, INVOICE_OCR_BACKEND: 'hybrid' },
      timeoutMs: 120_000,
    });
    expect(run.stderr).not.toMatch(/terminate called/);
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('END');
    const reads = lines.slice(0, -1).map((l) => JSON.parse(l) as { status: string; error: string | null });
    expect(reads).toHaveLength(LIMITS_MS.length);
    for (const r of reads) expect(r.status === 'done' || r.error === 'timeout', JSON.stringify(r)).toBe(true);
    expect(reads.some((r) => r.error === 'timeout')).toBe(true);
  }, 150_000);

  // Loading the binding is a native call too: a worker terminated while it loads aborts the
  // process (seen in CI, when a read's first page timed out that early). A time limit cannot be
  // made to land inside the load on every machine, so this checks the load is counted.
  it('counts loading onnxruntime-node as a native call the worker is not ended inside', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'native-load-'));
    const script = path.join(dir, 'worker.mjs');
    const models = new URL('../dist/ocr/onnx-models.js', import.meta.url).href;
    writeFileSync(
      script,
      `import { parentPort, workerData } from 'node:worker_threads';
import { loadOrt } from ${JSON.stringify(models)};
const calls = new Int32Array(workerData.nativeCalls);
parentPort.on('message', async (t) => {
  const load = loadOrt();
  const during = Atomics.load(calls, 0);
  const ort = await load;
  const after = Atomics.load(calls, 0);
  const again = loadOrt() === load;
  parentPort.postMessage({ id: t.id, ok: true, result: { during, after, again, session: typeof ort.InferenceSession } });
});`,
    );
    const pool = new WorkerPool(pathToFileURL(script), 1);
    try {
      const r = await pool.run({}, { timeoutMs: 30_000 });
      expect(r).toEqual({ during: 1, after: 0, again: true, session: 'function' });
    } finally {
      await pool.close();
    }
  }, 60_000);
});
