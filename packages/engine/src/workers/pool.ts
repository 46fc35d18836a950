// A small pool of worker threads the engine owns for heavy work (page rendering, QR detection,
// OCR): warm workers reused across reads, a queue, a hard time limit per task (the task fails at
// once; the worker is terminated, once out of any native call, and replaced), and a crash in a
// worker fails only its task. A running task may hand part of its work to another worker
// (hand-off.ts): the part goes ahead of the queue and the task takes it back if no worker is free.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type ErrorCode, ReadError } from '../errors.js';
import { HAND_OFFS, type HandOffReply, type HandOffRequest } from './hand-off.js';
import { NATIVE_CALLS, nativeCallsDone, nativeCallsMemory } from './native-calls.js';

/**
 * After this long a worker being ended that is still inside a native call is reported (it is
 * ended only once it has left it, native-calls.ts): creating an ONNX session or running one on a
 * page takes well under a second on an idle machine.
 */
const NATIVE_WARN_MS = 10_000;

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
  /** For a part handed off by a running task: the worker running that task, and the part's key. */
  from?: { slot: Slot; key: number };
}

interface Slot {
  worker: Worker;
  /** Shared with the worker: its native calls in progress (native-calls.ts). */
  nativeCalls: SharedArrayBuffer;
  busy?: { task: Pending<unknown>; timer: NodeJS.Timeout; deadline: number };
}

/**
 * The script of a worker beside `from` (a tasks module's `import.meta.url`): the built one in
 * dist, also when the module itself runs from source under a test runner, since a worker thread
 * cannot load TypeScript.
 */
export function workerScript(from: string, file: string): URL {
  const here = new URL(from);
  if (fileURLToPath(here).endsWith('.ts')) return new URL(`../../dist/workers/${file}`, here);
  return new URL(`./${file}`, here);
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending<unknown>[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly script: URL,
    readonly size = Math.max(1, Math.min(4, availableParallelism())),
    private readonly nativeWarnMs = NATIVE_WARN_MS,
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
      slot.busy = { task, timer, deadline: Date.now() + task.timeoutMs };
      slot.worker.ref();
      slot.worker.postMessage({ ...task.message, id: task.id }, task.transfer);
    }
  }

  private spawn(): Slot {
    const nativeCalls = nativeCallsMemory();
    const worker = new Worker(this.script, {
      workerData: { [NATIVE_CALLS]: nativeCalls, [HAND_OFFS]: true },
    });
    const slot: Slot = { worker, nativeCalls };
    worker.on('message', (reply: TaskReply<unknown> | HandOffRequest) => {
      if ('handOff' in reply) return this.handOff(slot, reply);
      if ('reclaim' in reply) return this.reclaim(slot, reply.reclaim);
      const busy = slot.busy;
      if (!busy || busy.task.id !== reply.id) return;
      clearTimeout(busy.timer);
      slot.busy = undefined;
      this.dropHandOffs(slot);
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

  /**
   * A part of the task `slot` is running, handed off to the pool: queued first (it finishes a
   * task already under way) with the rest of that task's time; its answer goes back to `slot`
   * as long as it still runs that task.
   */
  private handOff(slot: Slot, request: Extract<HandOffRequest, { handOff: number }>): void {
    const parent = slot.busy;
    if (!parent) return;
    const key = request.handOff;
    const answer = (reply: HandOffReply) => {
      if (slot.busy?.task.id === parent.task.id) slot.worker.postMessage(reply);
    };
    const bytes = request.task.bytes;
    this.queue.unshift({
      id: this.nextId++,
      message: request.task,
      transfer: bytes instanceof Uint8Array ? [bytes.buffer as ArrayBuffer] : [],
      timeoutMs: Math.max(1, parent.deadline - Date.now()),
      resolve: (result) => answer({ handOff: key, ok: true, result }),
      reject: (err) =>
        answer({
          handOff: key,
          ok: false,
          error: { code: err instanceof ReadError ? err.code : 'internal_error', message: err.message },
        }),
      from: { slot, key },
    });
    this.dispatch();
  }

  /** A part no worker has taken yet goes back to the task that handed it off, to be done there. */
  private reclaim(slot: Slot, key: number): void {
    const i = this.queue.findIndex((t) => t.from?.slot === slot && t.from.key === key);
    if (i < 0) return; // taken: its answer comes when the worker that took it is done
    this.queue.splice(i, 1);
    slot.worker.postMessage({ handOff: key, reclaimed: true } satisfies HandOffReply);
  }

  /** Parts still queued for a task that has ended (answered, failed or stopped): nobody waits for them. */
  private dropHandOffs(slot: Slot): void {
    for (let i = this.queue.length - 1; i >= 0; i--)
      if (this.queue[i]!.from?.slot === slot) this.queue.splice(i, 1);
  }

  private async retire(slot: Slot, why: string, code: ErrorCode = 'internal_error'): Promise<void> {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    this.dropHandOffs(slot);
    const busy = slot.busy;
    slot.busy = undefined;
    if (busy) {
      clearTimeout(busy.timer);
      busy.task.reject(new ReadError(code, why));
    }
    slot.worker.removeAllListeners('exit');
    // The task has its answer already; the worker is ended once it is out of native code.
    await nativeCallsDone(slot.nativeCalls, this.nativeWarnMs);
    await slot.worker.terminate().catch(() => {});
  }
}
