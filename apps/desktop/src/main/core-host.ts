// The main process's side of the utility process: forks it, relays requests to it and answers
// to whoever asked, forwards its job events, and starts it again if it dies (a reading crash
// never takes the windows down). Rows it left `processing` are read again when it restarts.
import { type UtilityProcess, utilityProcess } from 'electron';
import type { CoreMessage, CoreMethod, JobView } from '../ipc.js';

export class CoreHost {
  private child: UtilityProcess | undefined;
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private quitting = false;
  private backoffMs = 0;

  constructor(
    private readonly entry: string,
    private readonly storeDir: string,
    private readonly onJob: (job: JobView) => void,
    /** The utility process's environment (the packaged app's models folder); Electron's own when not given. */
    private readonly env?: NodeJS.ProcessEnv,
  ) {}

  start(): void {
    const child = utilityProcess.fork(this.entry, [this.storeDir], {
      serviceName: 'invoice-reader-core',
      ...(this.env ? { env: this.env } : {}),
    });
    child.on('message', (m: CoreMessage) => {
      if ('event' in m) return this.onJob(m.job);
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.ok) w?.resolve(m.value);
      else w?.reject(new Error(m.error));
    });
    const startedAt = Date.now();
    child.on('exit', () => {
      for (const w of this.waiting.values()) w.reject(new Error('the core stopped; try again'));
      this.waiting.clear();
      if (this.quitting) return;
      // A core that dies right after starting is started again more and more slowly, not in a loop.
      this.backoffMs = Date.now() - startedAt < 10_000 ? Math.min(this.backoffMs * 2 || 1000, 60_000) : 0;
      setTimeout(() => this.start(), this.backoffMs);
    });
    this.child = child;
  }

  call(method: CoreMethod, args: unknown[]): Promise<unknown> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child?.postMessage({ id, method, args });
    });
  }

  stop(): void {
    this.quitting = true;
    this.child?.kill();
  }
}
