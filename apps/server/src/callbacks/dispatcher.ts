// Delivers job callbacks (decisions §11): when a job that named a `callback_url` ends, the job is
// POSTed there, signed `X-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the
// key's callback secret. Failures are retried with backoff; delivery never holds up a job, and
// pending deliveries survive a restart (they live in the database).
import { createHmac } from 'node:crypto';
import { type LookupAddress, type LookupOptions, lookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
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
  private looking = false;
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
    // One look at the due rows at a time: a second would find the rows the first is starting.
    if (this.looking) return;
    this.looking = true;
    dueCallbacks(this.db, Date.now(), 20)
      .then((due) => {
        for (const cb of due) {
          if (this.inFlight.has(cb.id)) continue;
          this.inFlight.add(cb.id);
          this.deliver(cb)
            .catch((err) => this.log.error('callback crashed', { callback: cb.id, error: String(err) }))
            .finally(() => this.inFlight.delete(cb.id));
        }
      })
      .catch((err) => this.log.warn('callbacks not looked at', { error: String((err as Error)?.message) }))
      .finally(() => {
        this.looking = false;
      });
  }

  private async deliver(cb: Callback): Promise<void> {
    const job = await jobById(this.db, cb.jobId);
    const key = job?.apiKeyId ? await apiKeyById(this.db, job.apiKeyId) : undefined;
    if (!job || !key) {
      await updateCallback(this.db, cb.id, { status: 'failed', lastError: 'job or key gone' });
      return;
    }
    const body = presentJobJson(job);
    const t = Math.floor(Date.now() / 1000);
    let error: string | undefined;
    try {
      const status = await postJson(
        new URL(cb.url),
        body,
        { 'x-signature': signBody(callbackSecret(this.opts.serverSecret, key.hash), body, t) },
        this.opts.allowPrivate,
      );
      if (status < 200 || status >= 300) error = `HTTP ${status}`;
    } catch (err) {
      error = (err as Error)?.message ?? String(err);
    }
    const attempts = cb.attempts + 1;
    if (!error) {
      await updateCallback(this.db, cb.id, {
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
    await updateCallback(this.db, cb.id, {
      attempts,
      lastError: error,
      ...(wait === undefined ? { status: 'failed' as const } : { nextAttemptAt: Date.now() + wait }),
    });
  }
}

/**
 * POSTs `body` to `url` and answers its status, without following a redirect. Unless `allowPrivate`,
 * a loopback, private, link-local or otherwise internal address is refused (no server-side
 * request forgery): an address literal before connecting, a name as it is resolved for the
 * connection itself, so a name that resolves to a public address when checked and to a private
 * one when connecting (DNS rebinding) gets nowhere.
 */
function postJson(url: URL, body: string, headers: Record<string, string>, allowPrivate: boolean) {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) && isPrivateAddress(host))
    return Promise.reject(new Error(`${host} is a private address`));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'invoice-reader-callback/1',
          ...headers,
        },
        signal: AbortSignal.timeout(TIMEOUT_MS),
        ...(allowPrivate ? {} : { lookup: publicLookup }),
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** dns.lookup for a connection, failing when any address found is internal. */
function publicLookup(
  hostname: string,
  options: LookupOptions,
  callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
): void {
  lookup(hostname, options, (err, address, family) => {
    if (err) return callback(err, '');
    const found = typeof address === 'string' ? [address] : address.map((a) => a.address);
    const internal = found.find(isPrivateAddress);
    if (internal) return callback(new Error(`${hostname} is a private address (${internal})`), '');
    callback(null, address, family);
  });
}

/**
 * Addresses a callback may not reach: "this" network, private, shared (carrier NAT), loopback,
 * link-local, IETF protocol, benchmarking, multicast and reserved IPv4 ranges; the unspecified and
 * loopback IPv6 addresses with the IPv4-compatible ones (::/96), NAT64 (64:ff9b::/96), unique
 * local, link-local and multicast IPv6. An IPv4-mapped IPv6 address (::ffff:7f00:1, however it is
 * written) is checked against the IPv4 ranges.
 */
const INTERNAL = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(net, bits, 'ipv6');

export function isPrivateAddress(ip: string): boolean {
  const family = isIP(ip);
  // Not an address at all: nothing to connect to, so nothing allowed.
  if (!family) return true;
  return INTERNAL.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}
