// Native calls a worker thread must not be torn down inside. onnxruntime-node aborts the whole
// process (std::terminate on a Napi::Error) when its worker thread is terminated while a session
// is being created or run, and the pool terminates a worker whose task ran out of time. So a
// worker counts the calls in progress in memory it shares with the pool, and the pool, before
// terminating it, marks it closing and waits for the count to reach zero, however long that takes;
// a call that would start after that is refused instead.
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

/** The `code` of the process warning for a worker that stays long in a native call while stopped. */
export const SLOW_NATIVE_CALL = 'INVOICE_SLOW_NATIVE_CALL';

/**
 * For the pool: marks the worker closing and resolves once it is inside no native call. There is
 * no time limit: a worker terminated inside a call takes the whole process down, and on a machine
 * whose cores are taken by other work a call of the (nice 10) workers can take many times its
 * usual second (a 10 s limit was passed in CI with the load at 7, and the test process aborted).
 * A call still running after `warnAfterMs` is reported once, as a process warning.
 */
export async function nativeCallsDone(memory: SharedArrayBuffer, warnAfterMs: number): Promise<void> {
  const view = new Int32Array(memory);
  Atomics.store(view, CLOSING, 1);
  const warnAt = Date.now() + warnAfterMs;
  let warned = false;
  while (Atomics.load(view, IN_PROGRESS) > 0) {
    if (!warned && Date.now() >= warnAt) {
      warned = true;
      process.emitWarning(
        `a worker being stopped is still inside a native call after ${warnAfterMs} ms; it is ended when the call returns`,
        { code: SLOW_NATIVE_CALL },
      );
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}
