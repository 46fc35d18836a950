// Native calls a worker thread must not be torn down inside. onnxruntime-node aborts the whole
// process (std::terminate on a Napi::Error) when its worker thread is terminated while a session
// is being created or run, and the pool terminates a worker whose task ran out of time. So a
// worker counts the calls in progress in memory it shares with the pool, and the pool, before
// terminating it, marks it closing and waits for the count to reach zero; a call that would
// start after that is refused instead.
import { workerData } from 'node:worker_threads';
import { ReadError } from '../errors.js';

/** The key of the shared counter in a page worker's `workerData`. */
export const NATIVE_CALLS = 'nativeCalls';

/** Int32 slots of the shared memory: calls in progress, and whether the pool is closing the worker. */
const IN_PROGRESS = 0;
const CLOSING = 1;

/** The shared memory for one worker, created by the pool. */
export function nativeCallsMemory(): SharedArrayBuffer {
  return new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
}

const shared = (workerData as Record<string, unknown> | null)?.[NATIVE_CALLS];
const mine = shared instanceof SharedArrayBuffer ? new Int32Array(shared) : undefined;

/** Runs `call` (a native call that must not be cut off) counted, in a pool's worker; else as is. */
export async function inNativeCall<T>(call: () => Promise<T>): Promise<T> {
  if (!mine) return call();
  Atomics.add(mine, IN_PROGRESS, 1);
  try {
    // Read after counting ourselves in, as the pool reads the count after marking us closing:
    // one of the two always sees the other.
    if (Atomics.load(mine, CLOSING)) throw new ReadError('timeout', 'the worker is being stopped');
    return await call();
  } finally {
    Atomics.sub(mine, IN_PROGRESS, 1);
  }
}

/**
 * For the pool: marks the worker closing and resolves once it is inside no native call (or after
 * `graceMs`, for a call that never returns).
 */
export async function nativeCallsDone(memory: SharedArrayBuffer, graceMs: number): Promise<void> {
  const view = new Int32Array(memory);
  Atomics.store(view, CLOSING, 1);
  const until = Date.now() + graceMs;
  while (Atomics.load(view, IN_PROGRESS) > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 10));
  }
}
