// Worker threads run below the host's own thread: on a machine whose cores are all busy reading
// pages, the thread that answers HTTP (or a desktop window) still gets the CPU the moment it has
// work, and the workers take what is left. Linux only: there the nice value belongs to a thread
// (setpriority on the calling thread, or on a thread id); elsewhere it would lower the whole
// process.
import { readdirSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value of the engine's worker threads (0 is the default, 19 the lowest). */
export const WORKER_NICE = 10;

/** Lowers the calling thread (a worker's) to WORKER_NICE; threads it starts later inherit it. */
export function lowerThreadPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(0, WORKER_NICE);
  } catch {
    // Not permitted here (a sandbox): the worker runs at the host's priority, as before.
  }
}

/**
 * Lowers every other thread of the process to WORKER_NICE, leaving the calling one (the server's
 * event loop) alone. Call it at start-up, before any worker exists: the threads then are Node's
 * own helpers. V8's platform threads collect the garbage of every worker's heap and libuv's pool
 * runs sharp, whose libvips threads it starts; at nice 0 they took about a quarter of the CPU
 * time beside busy OCR workers (per-thread times in /proc during `npm run bench:api`, (c)), all
 * of it ahead of the workers. Threads the pool starts later inherit the lower value. Returns how
 * many threads it lowered.
 */
export function lowerHelperThreadPriority(): number {
  if (process.platform !== 'linux') return 0;
  let self: string;
  let tids: string[];
  try {
    // `/proc/thread-self` is `<pid>/task/<tid>` of the calling thread.
    self = readlinkSync('/proc/thread-self').split('/').pop() ?? '';
    tids = readdirSync('/proc/self/task');
  } catch {
    return 0; // no /proc (a container without it): everything stays at the default priority
  }
  let lowered = 0;
  for (const tid of tids) {
    if (tid === self) continue;
    try {
      setPriority(Number(tid), WORKER_NICE);
      lowered += 1;
    } catch {
      // The thread ended meanwhile, or lowering is not permitted: leave it as it is.
    }
  }
  return lowered;
}
