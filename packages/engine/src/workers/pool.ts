// A small pool of worker threads the engine owns for heavy work (page rendering, QR detection,
// OCR): warm workers reused across reads, a queue, a hard time limit per task (the task fails at
// once; the worker is terminated, once out of any native call, and replaced), and a crash in a
// worker fails only its task.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type ErrorCode, ReadError } from '../errors.js';
import { NATIVE_CALLS, nativeCallsDone, nativeCallsMemory } from './native-calls.js';

/**
 * How long a worker being ended may take to leave a native call (native-calls.ts): creating an
 * ONNX session or running one on a page takes well under a second.
 */
const NATIVE_GRACE_MS = 10_000;

export interface TaskReply<T> {
  id: number;
  ok: boolean;
  result?: T;
  error?: { code: ErrorCode; message: string };
}

interface Pending<T> {
  id: number;
  message: Record<string, unknown>;
  transfer: ArrayBuffer[];
  timeoutMs: number;
  resolve: (value: T) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Shared with the worker: its native calls in progress (native-calls.ts). */
  nativeCalls: SharedArrayBuffer;
  busy?: { task: Pending<unknown>; timer: NodeJS.Timeout };
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending<unknown>[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly script: URL,
    readonly size = Math.max(1, Math.min(4, availableParallelism())),
  ) {}

  /** Runs one task; rejects with a ReadError (the worker's code, `timeout`, or `internal_error`). */
  run<T>(
    message: Record<string, unknown>,
    opts: { timeoutMs: number; transfer?: ArrayBuffer[] },
  ): Promise<T> {
    if (this.closed) return Promise.reject(new ReadError('internal_error', 'the worker pool is shut down'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        message,
        transfer: opts.transfer ?? [],
        timeoutMs: Math.max(1, opts.timeoutMs),
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.dispatch();
    });
  }

  /** Ends every worker; queued and running tasks fail. Hosts call it on graceful shutdown. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.queue.splice(0))
      t.reject(new ReadError('internal_error', 'the worker pool is shut down'));
    await Promise.all(this.slots.splice(0).map((s) => this.retire(s, 'the worker pool is shut down')));
  }

  private dispatch(): void {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const task = this.queue.shift()!;
      const timer = setTimeout(() => {
        void this.retire(slot!, `the task took longer than ${task.timeoutMs} ms`, 'timeout');
        this.dispatch();
      }, task.timeoutMs);
      slot.busy = { task, timer };
      slot.worker.ref();
      slot.worker.postMessage({ ...task.message, id: task.id }, task.transfer);
    }
  }

  private spawn(): Slot {
    const nativeCalls = nativeCallsMemory();
    const worker = new Worker(this.script, { workerData: { [NATIVE_CALLS]: nativeCalls } });
    const slot: Slot = { worker, nativeCalls };
    worker.on('message', (reply: TaskReply<unknown>) => {
      const busy = slot.busy;
      if (!busy || busy.task.id !== reply.id) return;
      clearTimeout(busy.timer);
      slot.busy = undefined;
      // An idle worker must not keep a command-line process alive.
      worker.unref();
      if (reply.ok) busy.task.resolve(reply.result);
      else
        busy.task.reject(
          new ReadError(reply.error?.code ?? 'internal_error', reply.error?.message ?? 'worker failed'),
        );
      this.dispatch();
    });
    // A worker that dies (an uncaught error inside a library) fails only the task it was running.
    const died = (why: string) => {
      void this.retire(slot, why, 'internal_error');
      this.dispatch();
    };
    worker.on('error', (err) => died(`a worker failed: ${err.message}`));
    worker.on('exit', (code) => died(`a worker exited with code ${code}`));
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private async retire(slot: Slot, why: string, code: ErrorCode = 'internal_error'): Promise<void> {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    const busy = slot.busy;
    slot.busy = undefined;
    if (busy) {
      clearTimeout(busy.timer);
      busy.task.reject(new ReadError(code, why));
    }
    slot.worker.removeAllListeners('exit');
    // The task has its answer already; the worker is ended once it is out of native code.
    await nativeCallsDone(slot.nativeCalls, NATIVE_GRACE_MS);
    await slot.worker.terminate().catch(() => {});
  }
}
