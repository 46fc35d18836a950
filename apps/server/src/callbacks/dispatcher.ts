// Delivers job callbacks (decisions §11): when a job that named a `callback_url` ends, the job is
// POSTed there, signed `X-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the
// key's callback secret. Failures are retried with backoff; delivery never holds up a job, and
// pending deliveries survive a restart (they live in the database).
import { createHmac } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import {
  apiKeyById,
  type Callback,
  type Db,
  dueCallbacks,
  jobById,
  updateCallback,
} from '@invoice-reader/db';
import { presentJobJson } from '../jobs/present.js';
import { callbackSecret } from '../keys/keys.js';
import type { Logger } from '../log.js';

/** Waits before the 2nd, 3rd, ... try; after the last the delivery is given up. */
export const BACKOFF_MS = [1_000, 5_000, 30_000, 120_000, 600_000, 3_600_000];
const TIMEOUT_MS = 10_000;

export interface DispatcherOptions {
  serverSecret: string;
  allowPrivate: boolean;
  backoffMs?: readonly number[];
}

export function signBody(secret: string, body: string, t: number): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

export class CallbackDispatcher {
  private readonly inFlight = new Set<number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly opts: DispatcherOptions,
  ) {}

  start(everyMs = 500): void {
    this.timer = setInterval(() => this.tick(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
  }

  /** Sends every delivery that is due (and not already on its way). */
  tick(): void {
    for (const cb of dueCallbacks(this.db, Date.now(), 20)) {
      if (this.inFlight.has(cb.id)) continue;
      this.inFlight.add(cb.id);
      this.deliver(cb)
        .catch((err) => this.log.error('callback crashed', { callback: cb.id, error: String(err) }))
        .finally(() => this.inFlight.delete(cb.id));
    }
  }

  private async deliver(cb: Callback): Promise<void> {
    const job = jobById(this.db, cb.jobId);
    const key = job?.apiKeyId ? apiKeyById(this.db, job.apiKeyId) : undefined;
    if (!job || !key) {
      updateCallback(this.db, cb.id, { status: 'failed', lastError: 'job or key gone' });
      return;
    }
    const body = presentJobJson(job);
    const t = Math.floor(Date.now() / 1000);
    let error: string | undefined;
    try {
      await this.checkTarget(cb.url);
      const res = await fetch(cb.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'invoice-reader-callback/1',
          'x-signature': signBody(callbackSecret(this.opts.serverSecret, key.hash), body, t),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}`;
    } catch (err) {
      error = (err as Error)?.message ?? String(err);
    }
    const attempts = cb.attempts + 1;
    if (!error) {
      updateCallback(this.db, cb.id, {
        status: 'delivered',
        attempts,
        deliveredAt: new Date().toISOString(),
        lastError: null,
      });
      return;
    }
    const backoff = this.opts.backoffMs ?? BACKOFF_MS;
    const wait = backoff[attempts - 1];
    this.log.warn('callback failed', { job: job.id, attempts, error, retry_in_ms: wait ?? null });
    updateCallback(this.db, cb.id, {
      attempts,
      lastError: error,
      ...(wait === undefined ? { status: 'failed' as const } : { nextAttemptAt: Date.now() + wait }),
    });
  }

  /** Refuses loopback, private and link-local targets unless allowed (no server-side request forgery). */
  private async checkTarget(url: string): Promise<void> {
    if (this.opts.allowPrivate) return;
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
    if (addresses.some(isPrivateAddress)) throw new Error(`${host} is a private address`);
  }
}

export function isPrivateAddress(ip: string): boolean {
  if (ip.includes(':')) {
    const v = ip.toLowerCase();
    if (v.startsWith('::ffff:')) return isPrivateAddress(v.slice(7));
    return v === '::1' || v === '::' || v.startsWith('fc') || v.startsWith('fd') || v.startsWith('fe80');
  }
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 10 ||
    a === 127 ||
    a === 0 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}
