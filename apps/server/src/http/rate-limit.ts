// 120 requests a minute per API key (per client address where no key is sent), counted in
// SQLite fixed windows; every answer carries the RateLimit-* headers, a refusal also Retry-After.
// It runs before authentication, keyed by the hash of the key as sent, so a flood of bad keys is
// turned away without a key lookup.
import { createHash } from 'node:crypto';
import { type Db, hitRateLimit } from '@invoice-reader/db';
import type { RequestHandler } from 'express';
import { HttpError } from './errors.js';

export function rateLimit(db: Db, perMinute: number): RequestHandler {
  return (req, res, next) => {
    const key = req.get('x-api-key');
    const bucket = key
      ? `key:${createHash('sha256').update(key).digest('hex')}`
      : `ip:${req.ip ?? 'unknown'}`;
    const nowMs = Date.now();
    const window = Math.floor(nowMs / 60_000);
    const count = hitRateLimit(db, bucket, window);
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
