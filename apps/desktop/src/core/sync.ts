// Sync with the hosted service (docs/desktop.md): sign in with the e-mailed link (the session
// token as `Authorization: Bearer`), send each locally read result once (POST /api/v1/sync/jobs;
// the file itself never leaves the machine), and pull the corrections made on the service since
// a cursor. What could not be sent waits in the outbox: offline, nothing is lost, and it catches
// up on the next sync. The later edit of a field wins on both sides, in the service's time: each
// answer (its `service_time`, else its `Date` header) measures this machine's clock against the
// service's (service-clock.ts).
import { applyEdits } from './edits.js';
import {
  type AnswerTime,
  type Clock,
  type ClockSample,
  clockSample,
  moreCertain,
  saveClockOffset,
} from './service-clock.js';
import {
  anyRemote,
  deleteSetting,
  editsOf,
  enqueueOutbox,
  forgetRemote,
  getSetting,
  jobById,
  jobBySha,
  type LocalDb,
  outboxCreatedAt,
  outboxFailed,
  outboxRetryLater,
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
  /** First wait before a result whose send failed (not a refusal) is sent again; doubled each time, up to an hour. */
  retryBaseMs?: number;
  /** This machine's clock (a test's instead of `Date.now`), measured against the service's. */
  clock?: Clock;
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
  /** The service answered this round with an error other than a refusal of one result (e.g. 400 on the cursor). */
  error?: string;
}

/** Results the service refused this often (422: the item itself) are left for a person to look at. */
export const MAX_REFUSALS = 5;
const CURSOR_KEY = 'sync_cursor';
/** The account (e-mail) this store last synced with: its remote job numbers and cursor are that account's. */
export const ACCOUNT_KEY = 'sync_account';
const MAX_RETRY_MS = 60 * 60_000;

export class SyncError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
  ) {
    super(`the service answered ${status}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`);
  }
}

class Offline extends Error {}

/** Who signed in; `pinRequired` when the account asks for its PIN first (nothing is kept yet). */
export interface SignedIn {
  email: string;
  switchedFrom?: string;
  pinRequired?: boolean;
}

/** What the app shows of a device sign-in (the device code itself stays in the SyncClient). */
export interface DeviceSignIn {
  userCode: string;
  verificationUri: string;
  verificationUriComplete: string;
  expiresAt: string;
  intervalSeconds: number;
}

/** The service's answer that carries a session (verify, the PIN step, a device poll). */
interface SessionAnswer {
  token?: string;
  user: { email: string };
}

export class SyncClient {
  /** The secret of the device sign-in under way (never leaves this process but to the service). */
  private deviceCode: string | null = null;
  private running: Promise<SyncReport> | null = null;
  private timer: NodeJS.Timeout | undefined;
  /** The most certain clock measurement of this round (a stated time, with the shortest round trip). */
  private clockBest: ClockSample | null = null;

  constructor(private readonly opts: SyncOptions) {}

  private get retryBaseMs(): number {
    return this.opts.retryBaseMs ?? 60_000;
  }

  get signedIn(): boolean {
    return !!this.opts.tokens.get();
  }

  /** Asks the service to e-mail a sign-in link. */
  async startSignIn(email: string, lang = 'en'): Promise<void> {
    await this.request('POST', '/api/v1/auth/start', { email, lang }, false);
  }

  /**
   * Finishes signing in with the link from the mail (or the token in it), pasted by the person:
   * POST verify answers the session token, which goes to the keychain, or that the account asks
   * for its PIN (`pinRequired`: then `finishSignInWithPin` with the same link). Every locally read
   * result not on the service yet is queued to be sent. Its answer measures the clock afresh (its
   * `service_time`, as a sync answer's, else its `Date` header): edits made before the first
   * round are stamped by it.
   */
  async finishSignIn(linkOrToken: string): Promise<SignedIn> {
    const token = tokenOf(linkOrToken);
    this.clockBest = null;
    const answer = (await this.request('POST', '/api/v1/auth/verify', { token }, false)) as SessionAnswer & {
      pin_required: boolean;
    };
    if (answer.pin_required || !answer.token) return { email: answer.user.email, pinRequired: true };
    return this.signedInAs(answer as Required<SessionAnswer>);
  }

  /** The PIN step of a sign-in whose link asked for it (a wrong PIN: 403 `wrong_pin`). */
  async finishSignInWithPin(linkOrToken: string, pin: string): Promise<SignedIn> {
    this.clockBest = null;
    const answer = (await this.request(
      'POST',
      '/api/v1/auth/pin/verify',
      { token: tokenOf(linkOrToken), pin },
      false,
    )) as Required<SessionAnswer>;
    return this.signedInAs(answer);
  }

  /**
   * Starts a device sign-in: the service answers a code pair; the device code stays here (it is
   * the app's secret), the short user code is for the person to confirm on the web page.
   */
  async startDeviceSignIn(client: string): Promise<DeviceSignIn> {
    const answer = (await this.request('POST', '/api/v1/auth/device/start', { client }, false)) as {
      device_code: string;
      user_code: string;
      verification_uri: string;
      verification_uri_complete: string;
      expires_in: number;
      interval: number;
    };
    this.deviceCode = answer.device_code;
    return {
      userCode: answer.user_code,
      verificationUri: answer.verification_uri,
      verificationUriComplete: answer.verification_uri_complete,
      expiresAt: new Date(Date.now() + answer.expires_in * 1000).toISOString(),
      intervalSeconds: answer.interval,
    };
  }

  /**
   * Asks once whether the code was confirmed on the web: `pending`, or signed in (the session as
   * from a sign-in link). An expired or unknown code throws the service's refusal (400
   * `expired_token`, `invalid_token`); no device sign-in started: `no_device_sign_in`.
   */
  async pollDeviceSignIn(): Promise<{ pending: true } | SignedIn> {
    if (!this.deviceCode) throw new SyncError(400, 'no_device_sign_in');
    this.clockBest = null;
    const answer = (await this.request(
      'POST',
      '/api/v1/auth/device/token',
      { device_code: this.deviceCode },
      false,
    ).catch((err: unknown) => {
      if (err instanceof SyncError) this.deviceCode = null;
      throw err;
    })) as SessionAnswer & { status: 'pending' | 'signed_in' };
    if (answer.status === 'pending' || !answer.token) return { pending: true };
    this.deviceCode = null;
    return this.signedInAs(answer as Required<SessionAnswer>);
  }

  /**
   * A session received (by link, PIN or device code): the token goes to the keychain. When it is
   * another account than the store synced with, the earlier account's numbers and cursor are
   * forgotten and every local result is queued for this one.
   */
  private signedInAs(answer: Required<SessionAnswer>): SignedIn {
    this.opts.tokens.set(answer.token);
    const { db } = this.opts;
    const at = new Date().toISOString();
    const email = (answer.user.email ?? '').toLowerCase();
    const before = getSetting(db, ACCOUNT_KEY);
    let switchedFrom: string | undefined;
    if (before !== email) {
      // Another account (or a store synced before the account was kept): the remote job numbers
      // and the cursor are the earlier account's. Forgotten; every result goes to this account.
      const hadState = !!before || !!getSetting(db, CURSOR_KEY) || anyRemote(db);
      if (hadState) {
        forgetRemote(db, at);
        deleteSetting(db, CURSOR_KEY);
        switchedFrom = before ?? 'an earlier account';
        this.log('signed in as another account: every result is sent to it', { from: switchedFrom });
      }
      setSetting(db, ACCOUNT_KEY, email);
    }
    for (const job of unsyncedDone(db)) enqueueOutbox(db, job.id, at);
    return switchedFrom ? { email: answer.user.email, switchedFrom } : { email: answer.user.email };
  }

  /** The account this store syncs with (kept after signing out, to notice a switch). */
  get account(): string | null {
    return getSetting(this.opts.db, ACCOUNT_KEY) ?? null;
  }

  async signOut(): Promise<void> {
    try {
      if (this.signedIn) await this.request('POST', '/api/v1/auth/logout', {});
    } catch {
      // Offline or already ended: the token is forgotten here all the same.
    }
    this.opts.tokens.clear();
  }

  /**
   * Deletes a synced job on the service (the person confirmed it). Answers `deleted`, `gone` (the
   * service has no such job any more), or `offline`; another refusal throws it with its code.
   */
  async deleteRemote(remoteJobId: number): Promise<'deleted' | 'gone' | 'offline'> {
    try {
      await this.request('DELETE', `/api/v1/parse/${remoteJobId}`);
      return 'deleted';
    } catch (err) {
      if (err instanceof Offline) return 'offline';
      if (err instanceof SyncError && err.status === 404) return 'gone';
      throw err;
    }
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
    // Measured afresh every round: a clock set right (or wrong) since is followed.
    this.clockBest = null;
    const report: SyncReport = { signedIn: this.signedIn, offline: false, sent: 0, pulled: 0, waiting: 0 };
    if (report.signedIn) {
      try {
        report.sent = await this.push();
        report.pulled = await this.pull();
      } catch (err) {
        if (err instanceof SyncError) {
          // An answer, not a crash: the round says what the service said (a 401 also signed out).
          report.error = err.message;
          this.log('the service refused the sync', { error: err.message });
        } else if (err instanceof Offline) {
          report.offline = true;
          this.log('the service cannot be reached; the outbox waits', { error: err.message });
        } else throw err;
      }
      report.signedIn = this.signedIn;
    }
    report.waiting = outboxRows(this.opts.db).length;
    return report;
  }

  private async push(): Promise<number> {
    const { db } = this.opts;
    let sent = 0;
    const now = new Date().toISOString();
    for (const row of outboxRows(db)) {
      if (row.attempts >= MAX_REFUSALS) continue;
      if (row.retryAt && row.retryAt > now) continue;
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
          // Only what the service keeps: it makes fields, fields_detailed and checks from the
          // document again (a many-line invoice's fields_detailed alone is megabytes).
          result: { document: result.document, tried: result.tried },
          edits: editsOf(job),
        })) as typeof answer;
      } catch (err) {
        if (err instanceof SyncError && err.status === 422) {
          // The result itself is refused: kept with the reason, given up after MAX_REFUSALS.
          outboxFailed(db, row.jobId, err.message);
          this.log('the service refused a result', { job: job.id, error: err.message });
          continue;
        }
        if (err instanceof SyncError && err.status !== 401) {
          // 408, 409, 413, 429, a proxy's 404…: passes; sent again later, never given up.
          const delay = Math.min(this.retryBaseMs * 2 ** Math.min(row.retries, 20), MAX_RETRY_MS);
          outboxRetryLater(db, row.jobId, err.message, new Date(Date.now() + delay).toISOString());
          this.log('a result could not be sent; it is sent again later', { job: job.id, error: err.message });
          if (err.status === 429) break;
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
    const clock = this.opts.clock ?? Date.now;
    const sentAt = clock();
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
    // When the headers came: the service stated its time before it sent them.
    const receivedAt = clock();
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page): kept as text for the message.
    }
    // Only the service's own answers measure its clock (not a proxy's error page).
    if (res.ok) {
      const serviceTime = (parsed as { service_time?: unknown } | null)?.service_time;
      this.measureClock({ serviceTime, date: res.headers.get('date') }, sentAt, receivedAt);
    }
    if (res.status >= 500) throw new Offline(`the service answered ${res.status}`);
    if (!res.ok) {
      // A session that ended (logged out elsewhere, expired): sign in again.
      if (res.status === 401 && auth) this.opts.tokens.clear();
      throw new SyncError(res.status, (parsed as { detail?: unknown })?.detail ?? parsed);
    }
    return parsed;
  }

  /**
   * Keeps the offset of the most certain answer so far this round: one stating the service's time
   * over one with only a `Date` header, then the shortest round trip (an answer to a large upload
   * came long after the request left, and says less about when the service answered).
   */
  private measureClock(answer: AnswerTime, sentAt: number, receivedAt: number): void {
    const sample = clockSample(answer, sentAt, receivedAt);
    if (!sample || !moreCertain(sample, this.clockBest)) return;
    if (!this.opts.db.$client.open) return; // the store closed meanwhile (the core restarting)
    this.clockBest = sample;
    saveClockOffset(this.opts.db, sample.offsetMs);
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
