import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ReadError } from '../errors.js';
import { SLOW_NATIVE_CALL } from './native-calls.js';
import { WorkerPool } from './pool.js';

// A real worker script speaking the pool's protocol: echo, fail with a code, hang, crash, stay
// inside a (pretend) native call, or hand part of a task off with the engine's own hand-off.ts
// (from dist, as the page workers load it).
const dir = mkdtempSync(path.join(tmpdir(), 'pool-test-'));
const script = path.join(dir, 'worker.mjs');
const handOffModule = new URL('../../dist/workers/hand-off.js', import.meta.url).href;
writeFileSync(
  script,
  `import { existsSync, writeFileSync } from 'node:fs';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { handOff, handOffAnswered } from '${handOffModule}';
const native = new Int32Array(workerData.nativeCalls);
parentPort.on('message', async (t) => {
  if (handOffAnswered(t)) return;
  // A task in two parts: the second handed off, the first done here (pretend work until the test's
  // release file exists, when given), then the second's result, from wherever it was done.
  if (t.kind === 'split') {
    const part = handOff({ kind: 'part', bytes: new Uint8Array([1, 2, 3]), fail: t.failPart });
    if (t.release) while (!existsSync(t.release)) await new Promise((r) => setTimeout(r, 5));
    const second = await part.result(async () => ({ threadId, size: 3 }));
    parentPort.postMessage({ id: t.id, ok: true, result: { threadId, second } });
  }
  if (t.kind === 'part' && t.fail) parentPort.postMessage({ id: t.id, ok: false, error: { code: 'internal_error', message: 'part failed' } });
  else if (t.kind === 'part') parentPort.postMessage({ id: t.id, ok: true, result: { threadId, size: t.bytes.length } });
  // Inside a native call (counted as native-calls.ts counts one) until the test creates the
  // release file, then a mark on disk: the test decides when the call ends, not a clock.
  if (t.kind === 'native') {
    Atomics.add(native, 0, 1);
    const poll = setInterval(() => {
      if (!existsSync(t.release)) return;
      clearInterval(poll);
      writeFileSync(t.mark, 'left');
      Atomics.sub(native, 0, 1);
    }, 5);
  }
  if (t.kind === 'echo') parentPort.postMessage({ id: t.id, ok: true, result: { value: t.value, threadId } });
  if (t.kind === 'fail') parentPort.postMessage({ id: t.id, ok: false, error: { code: 'malformed_pdf', message: 'bad page' } });
  if (t.kind === 'hang') setInterval(() => {}, 1000);
  if (t.kind === 'crash') Promise.reject(new Error('boom'));
});`,
);
const pools: WorkerPool[] = [];
const newPool = (size = 2, nativeWarnMs?: number) => {
  const p = new WorkerPool(pathToFileURL(script), size, nativeWarnMs);
  pools.push(p);
  return p;
};
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

/** Polls `done` until it holds; the bound only catches a hang, it measures nothing. */
async function until(done: () => boolean, what: string, boundMs = 30_000): Promise<void> {
  const end = Date.now() + boundMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

interface Split {
  threadId: number;
  second: { threadId: number; size: number };
}

async function errorOf(p: Promise<unknown>): Promise<ReadError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ReadError) return err;
    throw err;
  }
  throw new Error('expected a rejection');
}

describe('WorkerPool', () => {
  it('runs tasks and reuses its workers', async () => {
    const pool = newPool(1);
    const a = await pool.run<{ value: number; threadId: number }>(
      { kind: 'echo', value: 1 },
      { timeoutMs: 30_000 },
    );
    const b = await pool.run<{ value: number; threadId: number }>(
      { kind: 'echo', value: 2 },
      { timeoutMs: 30_000 },
    );
    expect([a.value, b.value]).toEqual([1, 2]);
    expect(b.threadId).toBe(a.threadId);
  });

  it('queues more tasks than workers and answers each', async () => {
    const pool = newPool(2);
    const values = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        pool.run<{ value: number }>({ kind: 'echo', value: i }, { timeoutMs: 30_000 }),
      ),
    );
    expect(values.map((v) => v.value)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("passes a worker's error code through", async () => {
    const err = await errorOf(newPool().run({ kind: 'fail' }, { timeoutMs: 30_000 }));
    expect([err.code, err.message]).toEqual(['malformed_pdf', 'bad page']);
  });

  it('ends a task that takes too long with timeout, and goes on with a fresh worker', async () => {
    const pool = newPool(1);
    const err = await errorOf(pool.run({ kind: 'hang' }, { timeoutMs: 200 }));
    expect(err.code).toBe('timeout');
    const after = await pool.run<{ value: number }>({ kind: 'echo', value: 42 }, { timeoutMs: 30_000 });
    expect(after.value).toBe(42);
  });

  it('answers a timeout at once but ends the worker only once it has left its native call', async () => {
    const pool = newPool(1);
    const mark = path.join(dir, 'left-native-call');
    const release = path.join(dir, 'release-native-call');
    // A worker that has loaded (the echo) enters the call as soon as the task arrives; the limit
    // leaves a busy machine ample time for that. The worker then stays inside until `release`
    // exists, so the timeout is answered while it is still inside: "at once" means before the
    // call ends, whatever the machine's speed.
    await pool.run({ kind: 'echo', value: 0 }, { timeoutMs: 30_000 });
    const err = await errorOf(pool.run({ kind: 'native', mark, release }, { timeoutMs: 2_000 }));
    expect(err.code).toBe('timeout');
    expect(existsSync(mark)).toBe(false);
    writeFileSync(release, 'go');
    // Terminated in the middle, the worker would never have written its mark.
    await until(() => existsSync(mark), 'the worker to leave its native call and write its mark');
    const after = await pool.run<{ value: number }>({ kind: 'echo', value: 3 }, { timeoutMs: 30_000 });
    expect(after.value).toBe(3);
  });

  it('waits for a native call however long it takes, and says so once it is long', async () => {
    // The pool reports a stopped worker still inside its call after 50 ms; terminating it then
    // (a 10 s limit did, on a busy CI machine) would abort the process with onnxruntime-node.
    const pool = newPool(1, 50);
    const mark = path.join(dir, 'left-long-native-call');
    const release = path.join(dir, 'release-long-native-call');
    const warnings: Error[] = [];
    const onWarning = (w: Error & { code?: string }) => {
      if (w.code === SLOW_NATIVE_CALL) warnings.push(w);
    };
    process.on('warning', onWarning);
    try {
      await pool.run({ kind: 'echo', value: 0 }, { timeoutMs: 30_000 });
      const err = await errorOf(pool.run({ kind: 'native', mark, release }, { timeoutMs: 1_000 }));
      expect(err.code).toBe('timeout');
      await until(() => warnings.length > 0, 'the warning of a long native call');
      expect(existsSync(mark)).toBe(false);
      writeFileSync(release, 'go');
      await until(() => existsSync(mark), 'the worker to leave its native call and write its mark');
      expect(warnings).toHaveLength(1);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('fails only the task of a worker that crashes', async () => {
    const pool = newPool(1);
    const err = await errorOf(pool.run({ kind: 'crash' }, { timeoutMs: 30_000 }));
    expect(err.code).toBe('internal_error');
    expect(err.message).toMatch(/boom/);
    const after = await pool.run<{ value: number }>({ kind: 'echo', value: 7 }, { timeoutMs: 30_000 });
    expect(after.value).toBe(7);
  });

  it('has a part a task hands off done by a free worker meanwhile', async () => {
    const r = await newPool(2).run<Split>({ kind: 'split' }, { timeoutMs: 30_000 });
    expect(r.second.size).toBe(3);
    expect(r.second.threadId).not.toBe(r.threadId);
  });

  it('gives a handed-off part back to its task when no worker is free', async () => {
    const alone = await newPool(1).run<Split>({ kind: 'split' }, { timeoutMs: 30_000 });
    expect(alone.second).toEqual({ threadId: alone.threadId, size: 3 });
    // Two workers, the other one busy until the task is done with its own part.
    const pool = newPool(2);
    const release = path.join(dir, 'release-split');
    const busy = pool.run({ kind: 'hang' }, { timeoutMs: 60_000 }).catch(() => undefined);
    const split = pool.run<Split>({ kind: 'split', release }, { timeoutMs: 30_000 });
    writeFileSync(release, 'go');
    const r = await split;
    expect(r.second).toEqual({ threadId: r.threadId, size: 3 });
    await pool.close();
    await busy;
  });

  it('does a handed-off part itself when the worker that took it fails', async () => {
    const r = await newPool(2).run<Split>({ kind: 'split', failPart: true }, { timeoutMs: 30_000 });
    expect(r.second).toEqual({ threadId: r.threadId, size: 3 });
  });

  it('refuses work after close and fails what was queued', async () => {
    const pool = newPool(1);
    const hanging = errorOf(pool.run({ kind: 'hang' }, { timeoutMs: 60_000 }));
    const queued = errorOf(pool.run({ kind: 'echo', value: 1 }, { timeoutMs: 60_000 }));
    await pool.close();
    expect((await hanging).message).toMatch(/shut down/);
    expect((await queued).message).toMatch(/shut down/);
    expect((await errorOf(pool.run({ kind: 'echo' }, { timeoutMs: 1000 }))).message).toMatch(/shut down/);
  });
});
