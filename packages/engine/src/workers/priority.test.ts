// The server lowers Node's helper threads at start-up (lowerHelperThreadPriority) and the workers
// lower themselves, so that while pages are read only the event loop's thread runs at the default
// priority. The check runs in a child process: lowering threads cannot be undone by an ordinary
// user, and the test runner's own threads must stay as they are. Linux, where the service runs.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChild } from '../../../../scripts/run-child.mjs';
import { SAMPLE_INVOICE_LINES, textPageImage } from '../test-support/scan-pages.js';
import { WORKER_NICE } from './priority.js';

type Thread = { tid: string; name: string; nice: number };
type Report = { main: string; lowered: number; threads: Thread[]; status: string };

describe('thread priorities of a process that reads scans', () => {
  it('keeps only the calling thread at the default priority, workers and libvips included', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'priority-'));
    const image = path.join(dir, 'scan.png');
    writeFileSync(image, await textPageImage(SAMPLE_INVOICE_LINES, { dpi: 200 }));
    const script = path.join(dir, 'threads.mjs');
    const engine = new URL('../../dist/index.js', import.meta.url).href;
    writeFileSync(
      script,
      `import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
const { lowerHelperThreadPriority, readInvoice, shutdownWorkers } = await import(${JSON.stringify(engine)});
const lowered = lowerHelperThreadPriority();
const r = await readInvoice(new Uint8Array(readFileSync(${JSON.stringify(image)})), { country: 'de' });
// Listed while the workers still exist: each of them, and the threads they started, must be low.
const threads = readdirSync('/proc/self/task').map((tid) => {
  const stat = readFileSync('/proc/self/task/' + tid + '/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const name = readFileSync('/proc/self/task/' + tid + '/comm', 'utf8').trim();
  return { tid, name, nice: Number(fields[16]) };
});
const main = readlinkSync('/proc/thread-self').split('/').pop();
console.log(JSON.stringify({ main, lowered, threads, status: r.status }));
await shutdownWorkers();`,
    );
    const run = await runChild(process.execPath, [script], { timeoutMs: 120_000 });
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as Report;
    expect(report.status).toBe('done');
    // Node starts its helpers (V8's platform threads, libuv's pool) before any code runs.
    expect(report.lowered).toBeGreaterThanOrEqual(4);
    const main = report.threads.find((t) => t.tid === report.main);
    expect(main?.nice).toBe(0);
    const others = report.threads.filter((t) => t.tid !== report.main);
    // The read went through sharp (libvips threads) and the worker pool (worker threads).
    expect(others.some((t) => t.name.startsWith('libvips'))).toBe(true);
    expect(others.length).toBeGreaterThan(report.lowered);
    expect(others.filter((t) => t.nice !== WORKER_NICE)).toEqual([]);
    // A bound for the child's start and OCR read on a busy machine, above the child's own 120 s.
  }, 150_000);
});
