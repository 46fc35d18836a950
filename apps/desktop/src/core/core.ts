// The desktop core, plain Node (no Electron): watches folders, adds each stable file's content to
// the local store once, reads queued files with the engine (a bounded number at a time; the engine
// runs its heavy work in its own worker pool), moves a read file when asked, and keeps edits.
// The Electron utility process and the headless command both run exactly this.
import { EventEmitter } from 'node:events';
import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { canonicalEditTime, editTimeAfter, readInvoice } from '@invoice-reader/engine';
import { type FSWatcher, watch } from 'chokidar';
import { ADDED_DIR, acceptedName, keepAddedFile, removeReadFile } from './added-files.js';
import { applyEdits, reapplyEdits } from './edits.js';
import { isJunkPath, readStable, sha256, signature, waitUntilStable, walk } from './files.js';
import { moveInto, targetOf } from './move.js';
import { type Clock, serviceNow } from './service-clock.js';
import {
  addJob,
  claimNext,
  closeStore,
  deleteJobRow,
  dropSupersededFailures,
  editsOf,
  enqueueOutbox,
  type FieldEdits,
  finishJob,
  jobById,
  jobBySha,
  type LocalDb,
  type LocalJob,
  openStore,
  type ReadEnd,
  requeueProcessing,
  updateJob,
} from './store.js';

export interface CoreOptions {
  /** Folder of the local store (the SQLite file). */
  storeDir: string;
  /** Watched folders. */
  folders: string[];
  /** The receiving business's country (ISO alpha-2): decides the field set. */
  country: string;
  /** Files read at the same time. */
  concurrency?: number;
  /** How long a file must stay unchanged before it is read (a copy or a scanner still writing). */
  quietMs?: number;
  /** How often the folders are walked again, for events a file system did not report. */
  rescanMs?: number;
  /** Where a read file goes, relative to its watched folder (`done/`, `{seller}/{date}_{no}.pdf`); none: it stays. */
  movePattern?: string | null;
  /** Upper bound of one read. */
  timeoutMs?: number;
  /** Larger files are refused (`file_too_large`) without being read: the service's own upload limit. */
  maxFileBytes?: number;
  /** This machine's clock (a test's instead of `Date.now`); edits are stamped in the service's time from it. */
  clock?: Clock;
  log?: (message: string, data?: Record<string, unknown>) => void;
}

/**
 * The largest file read: as the service's MAX_UPLOAD_BYTES (20 MB), so that every result read here
 * can also be synced (its sync route takes the result of a file that large).
 */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Bytes of added files kept in memory for their read. */
const FRESH_MAX_BYTES = 64 * 1024 * 1024;

/** Files hashed and added at the same time during a walk. */
const OFFERS_AT_ONCE = 8;

export interface Offered {
  file: string;
  job: LocalJob;
  /** The same content was already in the store (read earlier, or another copy of it). */
  duplicate: boolean;
}

/** A person's request the core refuses, with the service's status and code for the same case. */
export class ActionRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class DesktopCore extends EventEmitter<{ job: [LocalJob] }> {
  readonly db: LocalDb;
  private readonly opts: Required<Omit<CoreOptions, 'log' | 'movePattern' | 'clock'>> &
    Pick<CoreOptions, 'log' | 'movePattern' | 'clock'>;
  private watcher: FSWatcher | undefined;
  private rescanTimer: NodeJS.Timeout | undefined;
  private running = 0;
  private stopped = false;
  private readonly pending = new Set<string>();
  /** Size and time of each file last offered: a rescan skips files that did not change. */
  private readonly seen = new Map<string, string>();
  private idleWaiters: Array<() => void> = [];
  /** Bytes of files added and not read yet, by job (at most FRESH_MAX_BYTES in all). */
  private readonly fresh = new Map<number, Buffer>();
  private freshBytes = 0;
  private queuedQuery: import('better-sqlite3').Statement | undefined;

  constructor(options: CoreOptions) {
    super();
    this.opts = {
      concurrency: 2,
      quietMs: 1000,
      rescanMs: 5 * 60_000,
      timeoutMs: 120_000,
      maxFileBytes: MAX_FILE_BYTES,
      ...options,
    };
    this.db = openStore(options.storeDir);
    // Rows a kill left `processing` are read again: nothing read halfway is lost.
    const requeued = requeueProcessing(this.db, new Date().toISOString());
    if (requeued) this.log('reading again files cut off by a stop', { requeued });
  }

  /**
   * The watched folders' real paths: a watched folder may itself be a link (macOS's /var, a
   * mapped share), which is resolved, while links inside it are not followed.
   */
  get folders(): string[] {
    return this.opts.folders.map((f) => {
      const abs = path.resolve(f);
      try {
        return realpathSync(abs);
      } catch {
        return abs;
      }
    });
  }

  /** Watches the folders (new and changed files) and walks them now and then; reads what is queued. */
  watch(): void {
    const roots = this.folders;
    this.watcher = watch(roots, {
      ignored: (p: string) => roots.some((r) => isJunkPath(r, p)),
      ignoreInitial: false,
      alwaysStat: false,
      // A link inside a watched folder may point anywhere (a share, the home folder): it is not
      // followed, as the walk of `scan` does not follow it either.
      followSymlinks: false,
    });
    const offer = (file: string) =>
      void this.offer(file).catch((err) => this.log('offer failed', { file, error: String(err) }));
    this.watcher.on('add', offer).on('change', offer);
    this.watcher.on('error', (err) => this.log('watcher error', { error: String(err) }));
    this.rescanTimer = setInterval(() => void this.scan().catch(() => {}), this.opts.rescanMs);
    this.rescanTimer.unref();
    this.pump();
  }

  /** Resolves once the watcher has walked the folders the first time. */
  ready(): Promise<void> {
    return new Promise((resolve) => (this.watcher ? this.watcher.once('ready', () => resolve()) : resolve()));
  }

  /** Walks the folders and offers every file (unchanged ones already seen are skipped). */
  async scan(): Promise<Offered[]> {
    const files: string[] = [];
    for (const root of this.folders) files.push(...(await walk(root)));
    // Several offers at a time: a file still being written waits alone, the others go on (and are
    // read while the rest are hashed). The answer keeps the walk's order.
    const out: Array<Offered | null> = new Array(files.length).fill(null);
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const i = next++;
        out[i] = await this.offer(files[i]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(OFFERS_AT_ONCE, files.length) }, worker));
    return out.filter((o): o is Offered => o !== null);
  }

  /**
   * Adds a file's content to the store once it stopped changing; answers the job (or the earlier
   * job of the same content), or null for junk, a file that went away or one already waiting.
   */
  async offer(file: string): Promise<Offered | null> {
    const abs = path.resolve(file);
    if (this.stopped || this.pending.has(abs)) return null;
    if (this.folders.some((r) => isJunkPath(r, abs))) return null;
    this.pending.add(abs);
    try {
      // A link (to a file or through a linked folder) whose target is outside the watched folder
      // is not read: the walk and the watcher agree, and nothing outside is moved in.
      if (!(await this.insideFolder(abs))) return null;
      const sig = await waitUntilStable(abs, this.opts.quietMs);
      if (!sig || this.seen.get(abs) === sig) return null;
      const size = Number(sig.split(':')[0]);
      if (size > this.opts.maxFileBytes) return this.tooLarge(abs, sig, size);
      const bytes = await readStable(abs);
      if (!bytes || !sig || this.stopped) return null;
      const hash = sha256(bytes);
      this.seen.set(abs, sig);
      const { job, duplicate } = addJob(this.db, {
        status: 'queued',
        country: this.opts.country,
        path: abs,
        filename: path.basename(abs),
        size: bytes.length,
        sha256: hash,
        createdAt: new Date().toISOString(),
      });
      // Kept for the read (bounded): the file is not opened and hashed a second time.
      if (!duplicate) this.queueRead(job, bytes);
      return { file: abs, job, duplicate };
    } finally {
      this.pending.delete(abs);
    }
  }

  /**
   * A file over the limit is not read (not even hashed): one `failed` row says so. Its key is the
   * path with size and time instead of the content's hash, so a rescan (or a restart) finds the
   * row and adds nothing, while a changed file gets a row of its own.
   */
  private tooLarge(abs: string, sig: string, size: number): Offered | null {
    if (this.stopped) return null;
    this.seen.set(abs, sig);
    const { job, duplicate } = addJob(this.db, {
      status: 'failed',
      country: this.opts.country,
      path: abs,
      filename: path.basename(abs),
      size,
      sha256: `unread:${sha256(Buffer.from(`${abs}\0${sig}`))}`,
      createdAt: new Date().toISOString(),
    });
    if (!duplicate) {
      const end = {
        status: 'failed' as const,
        error: 'file_too_large',
        message: `the file is ${size} bytes, larger than ${this.opts.maxFileBytes}: it is not read`,
        finishedAt: new Date().toISOString(),
      };
      this.finish(job, end);
      this.log('file too large, not read', { file: abs, size });
    }
    return { file: abs, job: jobById(this.db, job.id) ?? job, duplicate };
  }

  /**
   * A file added in the window (dropped, or chosen in the dialog): kept in the app's folder and
   * read like a watched one. Refused as the service's upload refuses it (empty, too large, not an
   * invoice type); the same content already in the store answers its job (`duplicate`).
   */
  async addFile(name: string, bytes: Buffer, country?: string): Promise<Offered> {
    if (this.stopped) throw new ActionRefused(503, 'busy', 'the app is stopping');
    if (!bytes.length) throw new ActionRefused(400, 'empty_file', 'the file is empty');
    if (bytes.length > this.opts.maxFileBytes)
      throw new ActionRefused(
        413,
        'file_too_large',
        `the file is larger than ${this.opts.maxFileBytes} bytes`,
      );
    if (!acceptedName(name))
      throw new ActionRefused(415, 'unsupported_file_type', 'only PDF, PNG, JPEG and XML files are read');
    const hash = sha256(bytes);
    const earlier = jobBySha(this.db, hash);
    if (earlier) return { file: earlier.path, job: earlier, duplicate: true };
    const file = await keepAddedFile(this.opts.storeDir, name, bytes);
    const { job, duplicate } = addJob(this.db, {
      status: 'queued',
      country: country ?? this.opts.country,
      path: file,
      filename: path.basename(name),
      size: bytes.length,
      sha256: hash,
      createdAt: new Date().toISOString(),
    });
    if (!duplicate) this.queueRead(job, bytes);
    return { file, job, duplicate };
  }

  /**
   * Reads a stored invoice again, for `country` (another one, or the same after a fix): only from
   * the very content that was read, so a moved, removed or changed file is refused and the earlier
   * reading stays. The corrections that still pass in the country are kept (see `finish`).
   */
  async reread(jobId: number, country: string): Promise<LocalJob> {
    const job = jobById(this.db, jobId);
    if (!job) throw new ActionRefused(404, 'not_found', `no invoice ${jobId}`);
    if (job.status === 'queued' || job.status === 'processing')
      throw new ActionRefused(409, 'job_running', 'the invoice is being read');
    if (job.sha256.startsWith('unread:'))
      throw new ActionRefused(413, 'file_too_large', 'the file is too large to be read');
    const bytes = await readStable(job.path);
    if (!bytes) throw new ActionRefused(409, 'file_missing', `the file ${job.path} is gone`);
    if (sha256(bytes) !== job.sha256)
      throw new ActionRefused(409, 'file_changed', `the file ${job.path} changed since it was read`);
    updateJob(this.db, job.id, {
      status: 'queued',
      country,
      error: null,
      message: null,
      startedAt: null,
      finishedAt: null,
      attempts: 0,
    });
    const queued = jobById(this.db, job.id)!;
    this.queueRead(queued, bytes);
    return queued;
  }

  /**
   * Deletes an invoice here: its row, what waits to be sent of it, and its file (the app's copy of
   * an added file, or the file in a watched folder while it is still the content that was read;
   * otherwise a rescan would read it again). Answers whether the file was removed.
   */
  async remove(jobId: number): Promise<{ job: LocalJob; fileRemoved: boolean }> {
    const job = jobById(this.db, jobId);
    if (!job) throw new ActionRefused(404, 'not_found', `no invoice ${jobId}`);
    if (job.status === 'queued' || job.status === 'processing')
      throw new ActionRefused(409, 'job_running', 'the invoice is being read');
    deleteJobRow(this.db, job.id);
    this.seen.delete(job.path);
    const roots = [path.join(this.opts.storeDir, ADDED_DIR), ...this.folders];
    const fileRemoved = await removeReadFile(job.path, job.sha256, roots).catch((err) => {
      this.log('the file of a deleted invoice could not be removed', { path: job.path, error: String(err) });
      return false;
    });
    return { job, fileRemoved };
  }

  /** Keeps the bytes for the read (bounded), says the job changed, and starts reading. */
  private queueRead(job: LocalJob, bytes: Buffer): void {
    if (this.freshBytes + bytes.length <= FRESH_MAX_BYTES) {
      this.fresh.set(job.id, bytes);
      this.freshBytes += bytes.length;
    }
    this.emit('job', job);
    this.pump();
  }

  /** Resolves when nothing is queued or being read. */
  async drain(): Promise<void> {
    this.pump();
    if (this.running === 0 && !this.hasQueued()) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * A person's corrections (checked); queued for sync. Stamped now in the service's time, and after
   * the field's edit the person saw (even one whose time is later): the typed value is the field's
   * value. An explicit `at` (ISO) is taken as it is, and then the later edit wins as in a merge.
   */
  edit(jobId: number, values: Record<string, string>, at?: string): LocalJob {
    const job = jobById(this.db, jobId);
    if (!job) throw new Error(`no job ${jobId}`);
    const held = editsOf(job);
    const now = serviceNow(this.db, this.opts.clock);
    const edits: FieldEdits = Object.fromEntries(
      Object.entries(values).map(([k, value]) => [
        k,
        { value, at: at === undefined ? editTimeAfter(held[k], now) : canonicalEditTime(at) },
      ]),
    );
    const edited = applyEdits(this.db, job, edits);
    enqueueOutbox(this.db, job.id, new Date().toISOString());
    this.emit('job', edited);
    return edited;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.rescanTimer);
    await this.watcher?.close();
    await this.drainRunning();
    closeStore(this.db);
  }

  private hasQueued(): boolean {
    this.queuedQuery ??= this.db.$client.prepare("select 1 from jobs where status = 'queued' limit 1");
    return !!this.queuedQuery.get();
  }

  private async drainRunning(): Promise<void> {
    if (this.running === 0) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (!this.stopped && this.running < this.opts.concurrency) {
      const job = claimNext(this.db, new Date().toISOString());
      if (!job) break;
      this.running++;
      this.emit('job', job);
      void this.read(job).finally(() => {
        this.running--;
        this.pump();
        if (this.running === 0 && (this.stopped || !this.hasQueued())) {
          for (const w of this.idleWaiters.splice(0)) w();
        }
      });
    }
  }

  private async read(job: LocalJob): Promise<void> {
    const at = () => new Date().toISOString();
    const fail = (error: string, message: string) =>
      this.finish(job, { status: 'failed', error, message, finishedAt: at() });
    try {
      const kept = this.fresh.get(job.id);
      if (kept) {
        this.fresh.delete(job.id);
        this.freshBytes -= kept.length;
      }
      if (!kept) {
        // The file may have grown since it was added: never read a huge one whole.
        const now = await signature(job.path);
        const size = now ? Number(now.sig.split(':')[0]) : 0;
        if (size > this.opts.maxFileBytes)
          return fail('file_too_large', `the file is ${size} bytes, larger than ${this.opts.maxFileBytes}`);
      }
      const bytes = kept ?? (await readStable(job.path));
      if (!bytes) return fail('file_missing', `the file ${job.path} is gone`);
      if (!kept && sha256(bytes) !== job.sha256)
        return fail(
          'file_changed',
          'the file changed before it was read; its new content is read on its own',
        );
      const r = await readInvoice(bytes, {
        country: job.country,
        filename: job.filename,
        timeoutMs: this.opts.timeoutMs,
        maxBytes: this.opts.maxFileBytes,
      });
      if (this.stopped && !this.db.$client.open) return;
      this.finish(job, {
        status: r.status,
        mode: r.mode,
        fileType: r.file_type,
        pages: r.pages,
        pagesScanned: r.pages_scanned,
        error: r.error ?? null,
        message: r.message ?? null,
        readMs: Math.round(r.ms),
        finishedAt: at(),
        result: JSON.stringify({
          fields: r.fields,
          fields_detailed: r.fields_detailed,
          document: r.document,
          checks: r.checks,
          tried: r.tried,
          file_type: r.file_type,
          ...(r.signature ? { signature: r.signature } : {}),
          ...(r.embedded_file ? { embedded_file: r.embedded_file } : {}),
        }),
      });
      if (r.status === 'done' && this.opts.movePattern) await this.move(job.id);
    } catch (err) {
      // Whatever one file does, it fails alone: the queue goes on with the next.
      this.log('read crashed', { job: job.id, error: String((err as Error)?.stack ?? err) });
      try {
        fail('internal_error', `the read failed unexpectedly: ${(err as Error)?.message ?? err}`);
      } catch {
        // The store is closed (stopping): the row stays `processing` and is read again on start.
      }
    }
  }

  private finish(job: LocalJob, set: Partial<ReadEnd> & Pick<ReadEnd, 'status' | 'finishedAt'>): void {
    const end: ReadEnd = {
      mode: null,
      fileType: null,
      pages: 0,
      pagesScanned: 0,
      error: null,
      message: null,
      readMs: null,
      result: null,
      ...set,
    };
    finishJob(this.db, job.id, end);
    // Read again after corrections: those that still pass in the (maybe new) country stay.
    if (set.status === 'done' && job.fieldEdits !== '{}') reapplyEdits(this.db, jobById(this.db, job.id)!);
    if (set.status === 'done') enqueueOutbox(this.db, job.id, new Date().toISOString());
    // A file read again at the same path (it was still being written when a pause made it look
    // whole, or it changed) replaces the failed row of its earlier content.
    const dropped = dropSupersededFailures(this.db, job.path);
    if (dropped)
      this.log('failed rows of an earlier content of the file removed', { path: job.path, dropped });
    this.emit('job', { ...job, ...set });
  }

  /** Moves a read file by the move pattern, within the watched folder it came from. */
  async move(jobId: number): Promise<LocalJob | undefined> {
    const job = jobById(this.db, jobId);
    const pattern = this.opts.movePattern;
    if (job?.status !== 'done' || !pattern) return job;
    const root = this.folders.find((r) => job.path.startsWith(r + path.sep));
    if (!root) return job;
    // Only a file really inside its watched folder is moved (a folder replaced by a link since the
    // read must not bring files from elsewhere in).
    if (!(await this.insideFolder(job.path, root))) {
      this.log('move refused: the file is outside its watched folder', { job: job.id, path: job.path });
      return job;
    }
    const fields = (JSON.parse(job.result ?? '{}').fields ?? {}) as Record<string, string>;
    try {
      const moved = await moveInto(job.path, root, targetOf(pattern, fields, job.filename));
      // The watcher sees the moved file as new: known, and the same content, so it is not read twice.
      const sig = await signature(moved);
      if (sig) this.seen.set(moved, sig.sig);
      updateJob(this.db, job.id, { path: moved });
    } catch (err) {
      this.log('move failed', { job: job.id, error: String(err) });
    }
    return jobById(this.db, jobId);
  }

  /** Whether the real path of `file` (links resolved) lies inside the real path of a watched folder. */
  private async insideFolder(file: string, root?: string): Promise<boolean> {
    const roots = root ? [root] : this.folders.filter((r) => file.startsWith(r + path.sep));
    let real: string;
    try {
      real = await realpath(file);
    } catch {
      return true; // gone: the read answers file_missing as before
    }
    for (const r of roots) {
      const realRoot = await realpath(r).catch(() => null);
      if (realRoot && real.startsWith(realRoot + path.sep)) return true;
    }
    return false;
  }

  private log(message: string, data?: Record<string, unknown>): void {
    this.opts.log?.(message, data);
  }
}
