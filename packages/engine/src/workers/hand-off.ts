// Inside a pool's worker, a task hands part of its work to the pool, so that another worker,
// when one is free, does it meanwhile (one page's recognition split into bands). The task does
// its own part, then asks for the handed-off part back: the pool returns it when no worker has
// taken it (and the task does it itself), else the answer comes from the worker that took it.
// Nothing waits on a part no worker has taken, so a busy pool never deadlocks; outside a pool
// (tests, scripts), the task simply does every part itself.
import { parentPort, workerData } from 'node:worker_threads';
import type { ErrorCode } from '../errors.js';

/** The key in a page worker's `workerData` that says the pool takes hand-offs. */
export const HAND_OFFS = 'handOffs';

/** Worker → pool: a part of the running task (its `bytes` transferred), or a part asked back. */
export type HandOffRequest =
  | { handOff: number; task: Record<string, unknown> & { bytes: Uint8Array } }
  | { reclaim: number };

/** Pool → worker: the part given back undone, or its outcome in another worker. */
export interface HandOffReply {
  handOff: number;
  reclaimed?: true;
  ok?: boolean;
  result?: unknown;
  error?: { code: ErrorCode; message: string };
}

export interface HandedOff<T> {
  /** The part's result: from the worker that took it, or `doHere()` when none did (or it failed). */
  result(doHere: () => Promise<T>): Promise<T>;
}

const inPool = parentPort !== null && (workerData as Record<string, unknown> | null)?.[HAND_OFFS] === true;
const waiting = new Map<number, (reply: HandOffReply) => void>();
let nextKey = 1;

/** Offers `task` (a page task; its `bytes` are transferred, so pass a copy) to the pool's other workers. */
export function handOff<T>(task: Record<string, unknown> & { bytes: Uint8Array }): HandedOff<T> {
  const port = parentPort;
  if (!inPool || !port) return { result: (doHere) => doHere() };
  const key = nextKey++;
  // The pool answers each part exactly once: given back, or done (or failed) elsewhere.
  const answered = new Promise<HandOffReply>((resolve) => waiting.set(key, resolve));
  port.postMessage({ handOff: key, task } satisfies HandOffRequest, [task.bytes.buffer as ArrayBuffer]);
  return {
    async result(doHere) {
      port.postMessage({ reclaim: key } satisfies HandOffRequest);
      const reply = await answered;
      waiting.delete(key);
      return reply.ok ? (reply.result as T) : doHere();
    },
  };
}

/** For the page worker's message handler: true when `message` answered a hand-off (and is handled). */
export function handOffAnswered(message: unknown): boolean {
  const reply = message as Partial<HandOffReply> | null;
  if (typeof reply?.handOff !== 'number') return false;
  waiting.get(reply.handOff)?.(reply as HandOffReply);
  return true;
}
