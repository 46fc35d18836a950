// Request limits counted in SQLite fixed one-minute windows. Every answer carries the
// RateLimit-* headers, a refusal also Retry-After. The /v1 limit (120 a minute per API key, per
// client address where no key applies) runs before authentication: a key as sent counts as a key
// only when it is one of ours (one indexed lookup of its hash), so a client sending a new made-up
// key with each request is counted by its address, not given a fresh limit each time.
import { createHash } from 'node:crypto';
import { apiKeyByHash, type Db, hitRateLimit } from '@invoice-reader/db';
import type { Request, RequestHandler } from 'express';
import { HttpError } from './errors.js';

/** A limit of `perMinute` requests per bucket; `bucketOf` names the bucket of a request. */
export function rateLimitBy(
  db: Db,
  perMinute: number,
  bucketOf: (req: Request) => string | Promise<string>,
): RequestHandler {
  return async (req, res, next) => {
    const nowMs = Date.now();
    const window = Math.floor(nowMs / 60_000);
    const count = await hitRateLimit(db, await bucketOf(req), window);
    const reset = Math.max(1, Math.ceil(((window + 1) * 60_000 - nowMs) / 1000));
    res.set({
      'RateLimit-Limit': String(perMinute),
      'RateLimit-Remaining': String(Math.max(0, perMinute - count)),
      'RateLimit-Reset': String(reset),
    });
    if (count > perMinute) throw new HttpError(429, 'rate_limited', { 'Retry-After': String(reset) });
    next();
  };
}

export const clientIp = (req: Request): string => req.ip ?? 'unknown';

/** The public API's limit: per API key when the key sent is one of ours, else per client address. */
export function rateLimit(db: Db, perMinute: number): RequestHandler {
  return rateLimitBy(db, perMinute, async (req) => {
    const key = req.get('x-api-key');
    const hash = key && key.length <= 200 ? createHash('sha256').update(key).digest('hex') : undefined;
    return hash && (await apiKeyByHash(db, hash)) ? `key:${hash}` : `ip:${clientIp(req)}`;
  });
}
