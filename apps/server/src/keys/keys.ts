// API keys: made from 24 random bytes, shown once, stored only as a SHA-256 hash with a visible
// prefix. Several keys may belong to one account and share its balance; rotation stops the old
// key at once and issues a new one; revocation stops one key only.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  type ApiKeyRow,
  apiKeyById,
  apiKeysOf,
  type Db,
  insertApiKey,
  inTransaction,
  revokeApiKey,
} from '@invoice-reader/db';

const KEY_PREFIX = 'ir_';
const VISIBLE = KEY_PREFIX.length + 8;

export interface IssuedKey {
  id: number;
  /** The whole key: shown once, never stored. */
  key: string;
  prefix: string;
  label: string;
  created_at: string;
  /** HMAC secret of the callbacks of this key's jobs (decisions §11): shown once with the key. */
  callback_secret: string;
}

export interface KeyListing {
  id: number;
  prefix: string;
  label: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** Derived, not stored: the server's secret and the key's hash give the same secret every time. */
export const callbackSecret = (serverSecret: string, keyHash: string): string =>
  createHmac('sha256', serverSecret).update(`callback:${keyHash}`).digest('base64url');

export async function issueKey(
  db: Db,
  serverSecret: string,
  accountId: number,
  label: string,
): Promise<IssuedKey> {
  const key = KEY_PREFIX + randomBytes(24).toString('base64url');
  const hash = hashKey(key);
  const row = await insertApiKey(db, {
    accountId,
    prefix: key.slice(0, VISIBLE),
    hash,
    label,
    createdAt: new Date().toISOString(),
  });
  return {
    id: row.id,
    key,
    prefix: row.prefix,
    label: row.label,
    created_at: row.createdAt,
    callback_secret: callbackSecret(serverSecret, hash),
  };
}

export class KeyNotFound extends Error {}

/** Stops `keyId` (which must belong to `accountId`) and issues its replacement, atomically. */
export function rotateKey(
  db: Db,
  serverSecret: string,
  accountId: number,
  keyId: number,
): Promise<IssuedKey> {
  return inTransaction(db, async (tx) => {
    const old = await ownKey(tx, accountId, keyId);
    if (!(await revokeApiKey(tx, old.id, 'rotated', new Date().toISOString())))
      throw new KeyNotFound('the key is already stopped');
    return issueKey(tx, serverSecret, accountId, old.label);
  });
}

export async function revokeKey(db: Db, accountId: number, keyId: number): Promise<void> {
  const key = await ownKey(db, accountId, keyId);
  if (!(await revokeApiKey(db, key.id, 'revoked', new Date().toISOString())))
    throw new KeyNotFound('the key is already stopped');
}

export async function listKeys(db: Db, accountId: number): Promise<KeyListing[]> {
  return (await apiKeysOf(db, accountId)).map((k) => ({
    id: k.id,
    prefix: k.prefix,
    label: k.label,
    created_at: k.createdAt,
    last_used_at: k.lastUsedAt,
    revoked_at: k.revokedAt,
    revoked_reason: k.revokedReason,
  }));
}

async function ownKey(db: Db, accountId: number, keyId: number): Promise<ApiKeyRow> {
  const key = await apiKeyById(db, keyId);
  if (!key || key.accountId !== accountId) throw new KeyNotFound(`no key ${keyId} on this account`);
  return key;
}
