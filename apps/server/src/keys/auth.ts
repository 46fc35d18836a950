// Authenticates /v1 requests by `X-Api-Key` (decisions §6): 401 `missing_api_key` without one,
// 401 `invalid_api_key` for an unknown, revoked or rotated-away key. The key is hashed and looked
// up by its hash; the stored hash is then compared in constant time.
import { timingSafeEqual } from 'node:crypto';
import { apiKeyByHash, type Db, touchApiKey } from '@invoice-reader/db';
import type { RequestHandler, Response } from 'express';
import { HttpError } from '../http/errors.js';
import { hashKey } from './keys.js';

export interface Caller {
  accountId: number;
  keyId: number;
  keyHash: string;
}

/** `last_used_at` is written at most this often per key, so polling does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

export function requireApiKey(db: Db): RequestHandler {
  return async (req, res, next) => {
    const key = req.get('x-api-key');
    if (!key) throw new HttpError(401, 'missing_api_key');
    const hash = hashKey(key);
    const row = await apiKeyByHash(db, hash);
    if (!row || row.revokedAt || !timingSafeEqual(Buffer.from(row.hash), Buffer.from(hash)))
      throw new HttpError(401, 'invalid_api_key');
    const now = Date.now();
    if (!row.lastUsedAt || now - Date.parse(row.lastUsedAt) > TOUCH_EVERY_MS)
      await touchApiKey(db, row.id, new Date(now).toISOString());
    res.locals.caller = { accountId: row.accountId, keyId: row.id, keyHash: row.hash } satisfies Caller;
    next();
  };
}

export function callerOf(res: Response): Caller {
  const caller = res.locals.caller as Caller | undefined;
  if (!caller) throw new HttpError(401, 'missing_api_key');
  return caller;
}
