// Sync with the hosted service (docs/desktop.md): sign in with the e-mailed link (the session
// token as `Authorization: Bearer`), send each locally read result once (POST /api/v1/sync/jobs;
// the file itself never leaves the machine), and pull the corrections made on the service since
// a cursor. What could not be sent waits in the outbox: offline, nothing is lost, and it catches
// up on the next sync. The later edit of a field wins on both sides.
import { applyEdits } from './edits.js';
import {
  editsOf,
  enqueueOutbox,
  getSetting,
  jobById,
  jobBySha,
  type LocalDb,
  outboxCreatedAt,
  outboxFailed,
  outboxRows,
  outboxSent,
  setSetting,
  unsyncedDone,
  updateJob,
} from './store.js';
import type { TokenStore } from './token-store.js';

export interface SyncOptions {
  db: LocalDb;
  /** The service's address, e.g. https://invoices.example (no trailing slash). */
  server: string;
  tokens: TokenStore;
  log?: (message: string, data?: Record<string, unknown>) => void;
}

export interface SyncReport {
  signedIn: boolean;
  /** The service could not be reached: what is unsent stays in the outbox. */
  offline: boolean;
  sent: number;
  pulled: number;
  /** Rows still waiting. */
  waiting: number;
}

/** Sends that failed this often with a refusal (not a network error) are left for a person to look at. */
const MAX_REFUSALS = 5;
const CURSOR_KEY = 'sync_cursor';

export class SyncError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
  ) {
    super(`the service answered ${status}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`);
  }
}

class Offline extends Error {}

export class SyncClient {
  private running: Promise<SyncReport> | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: SyncOptions) {}

  get signedIn(): boolean {
    return !!this.opts.tokens.get();
  }

  /** Asks the service to e-mail a sign-in link. */
  async startSignIn(email: string, lang = 'en'): Promise<void> {
    await this.request('POST', '/api/v1/auth/start', { email, lang }, false);
  }

  /**
   * Finishes signing in with the link from the mail (or the token in it), pasted by the person:
   * POST verify answers the session token, which goes to the keychain. Every locally read result
   * not on the service yet is queued to be sent.
   */
  async finishSignIn(linkOrToken: string): Promise<{ email: string }> {
    const token = tokenOf(linkOrToken);
    const answer = (await this.request('POST', '/api/v1/auth/verify', { token }, false)) as {
      pin_required: boolean;
      token?: string;
      user: { email: string };
    };
    if (answer.pin_required || !answer.token)
      throw new Error(
        'this account asks for a PIN: sign in on the web page, the desktop app cannot do the PIN step yet',
      );
    this.opts.tokens.set(answer.token);
    const at = new Date().toISOString();
    for (const job of unsyncedDone(this.opts.db)) enqueueOutbox(this.opts.db, job.id, at);
    return { email: answer.user.email };
  }

  async signOut(): Promise<void> {
    try {
      if (this.signedIn) await this.request('POST', '/api/v1/auth/logout', {});
    } catch {
      // Offline or already ended: the token is forgotten here all the same.
    }
    this.opts.tokens.clear();
  }

  /** One round: send the outbox, then pull the service's corrections. Never two rounds at once. */
  syncOnce(): Promise<SyncReport> {
    this.running ??= this.round().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Syncs every `intervalMs` (and when `kick` is called) until `stop`. */
  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.kick(), intervalMs);
    this.timer.unref();
  }

  kick(): Promise<SyncReport | undefined> {
    return this.syncOnce().catch((err) => {
      this.log('sync failed', { error: String(err) });
      return undefined;
    });
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => {});
  }

  private async round(): Promise<SyncReport> {
    const report: SyncReport = { signedIn: this.signedIn, offline: false, sent: 0, pulled: 0, waiting: 0 };
    if (report.signedIn) {
      try {
        report.sent = await this.push();
        report.pulled = await this.pull();
      } catch (err) {
        if (!(err instanceof Offline)) throw err;
        report.offline = true;
        this.log('the service cannot be reached; the outbox waits', { error: err.message });
      }
      report.signedIn = this.signedIn;
    }
    report.waiting = outboxRows(this.opts.db).length;
    return report;
  }

  private async push(): Promise<number> {
    const { db } = this.opts;
    let sent = 0;
    for (const row of outboxRows(db)) {
      if (row.attempts >= MAX_REFUSALS) continue;
      const job = jobById(db, row.jobId);
      const queuedAt = outboxCreatedAt(db, row.jobId) ?? new Date().toISOString();
      if (job?.status !== 'done' || !job.result) {
        outboxSent(db, row.jobId, queuedAt);
        continue;
      }
      const result = JSON.parse(job.result);
      let answer: { job_id: number; edits: Record<string, { value: string; at: string }> };
      try {
        answer = (await this.request('POST', '/api/v1/sync/jobs', {
          sha256: job.sha256,
          filename: job.filename.slice(0, 255),
          country: job.country,
          size: job.size,
          file_type: job.fileType,
          mode: job.mode,
          pages: job.pages,
          pages_scanned: job.pagesScanned,
          read_at: job.finishedAt ?? job.createdAt,
          result: {
            document: result.document,
            fields: result.fields,
            fields_detailed: result.fields_detailed,
            checks: result.checks,
            tried: result.tried,
          },
          edits: editsOf(job),
        })) as typeof answer;
      } catch (err) {
        if (err instanceof SyncError && err.status !== 401) {
          outboxFailed(db, row.jobId, err.message);
          this.log('the service refused a result', { job: job.id, error: err.message });
          continue;
        }
        throw err;
      }
      updateJob(db, job.id, { remoteJobId: answer.job_id });
      // The service may hold newer corrections of this invoice (made in the web application).
      applyEdits(db, jobById(db, job.id)!, answer.edits, true);
      outboxSent(db, row.jobId, queuedAt);
      sent++;
    }
    return sent;
  }

  private async pull(): Promise<number> {
    const { db } = this.opts;
    let pulled = 0;
    for (;;) {
      const since = getSetting(db, CURSOR_KEY) ?? '';
      const page = (await this.request('GET', `/api/v1/sync/changes?since=${encodeURIComponent(since)}`)) as {
        items: Array<{
          job_id: number;
          sha256: string;
          edits: Record<string, { value: string; at: string }>;
        }>;
        cursor: string;
        more: boolean;
      };
      for (const item of page.items) {
        const job = jobBySha(db, item.sha256);
        if (job?.status !== 'done') continue;
        const before = job.fieldEdits;
        const after = applyEdits(db, job, item.edits, true);
        if (!job.remoteJobId) updateJob(db, job.id, { remoteJobId: item.job_id });
        if (after.fieldEdits !== before) pulled++;
      }
      setSetting(db, CURSOR_KEY, page.cursor);
      if (!page.more) return pulled;
    }
  }

  private async request(method: string, pathname: string, body?: unknown, auth = true): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (auth) {
      const token = this.opts.tokens.get();
      if (!token) throw new SyncError(401, 'not_authenticated');
      headers.authorization = `Bearer ${token}`;
    }
    let res: Response;
    try {
      res = await fetch(this.opts.server + pathname, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (err) {
      throw new Offline((err as Error)?.message ?? String(err));
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page): kept as text for the message.
    }
    if (res.status >= 500) throw new Offline(`the service answered ${res.status}`);
    if (!res.ok) {
      // A session that ended (logged out elsewhere, expired): sign in again.
      if (res.status === 401 && auth) this.opts.tokens.clear();
      throw new SyncError(res.status, (parsed as { detail?: unknown })?.detail ?? parsed);
    }
    return parsed;
  }

  private log(message: string, data?: Record<string, unknown>): void {
    this.opts.log?.(message, data);
  }
}

/** The token of a sign-in link (`…/api/v1/auth/verify?token=…`), or the pasted token itself. */
export function tokenOf(linkOrToken: string): string {
  const text = linkOrToken.trim();
  if (URL.canParse(text)) {
    const token = new URL(text).searchParams.get('token');
    if (token) return token;
  }
  if (!/^[\w-]{16,200}$/.test(text))
    throw new Error('paste the whole link from the mail, or the token in it');
  return text;
}
