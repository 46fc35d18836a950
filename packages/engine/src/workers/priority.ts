// Worker threads run below the host's own thread: on a machine whose cores are all busy reading
// pages, the thread that answers HTTP (or a desktop window) still gets the CPU the moment it has
// work, and the workers take what is left. Linux only: there the nice value belongs to a thread
// (setpriority on the calling thread); elsewhere it would lower the whole process.
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
