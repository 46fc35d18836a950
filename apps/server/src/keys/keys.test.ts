// API keys over real HTTP: several keys share an account; rotation stops the old key at once;
// revocation stops one key only; only hashes are stored.
import { apiKeysOf } from '@invoice-reader/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../test-support/server.js';
import { hashKey, issueKey, KeyNotFound, listKeys, revokeKey, rotateKey } from './keys.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

describe('API keys', () => {
  it('stores only the hash and a visible prefix', async () => {
    const { accountId, key } = await s.account('hash@example.com');
    const [row] = await apiKeysOf(s.db, accountId);
    expect(row?.hash).toBe(hashKey(key));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(key.startsWith(row?.prefix ?? 'x')).toBe(true);
    expect((await listKeys(s.db, accountId))[0]).not.toHaveProperty('hash');
  });

  it('several keys share one account; revoking one leaves the others working', async () => {
    const { accountId, key, keyId } = await s.account('two-keys@example.com');
    const second = await issueKey(s.db, s.secret, accountId, 'second system');
    expect((await call(s.url, '/v1/usage', { key: second.key })).status).toBe(200);
    await revokeKey(s.db, accountId, keyId);
    expect(await call(s.url, '/v1/usage', { key })).toMatchObject({
      status: 401,
      body: { detail: 'invalid_api_key' },
    });
    expect((await call(s.url, '/v1/usage', { key: second.key })).status).toBe(200);
    await expect(revokeKey(s.db, accountId, keyId)).rejects.toThrow(KeyNotFound);
  });

  it('rotation stops the old key at once and the new one works', async () => {
    const { accountId, key, keyId } = await s.account('rotate@example.com');
    const fresh = await rotateKey(s.db, s.secret, accountId, keyId);
    expect(fresh.key).not.toBe(key);
    expect(await call(s.url, '/v1/usage', { key })).toMatchObject({
      status: 401,
      body: { detail: 'invalid_api_key' },
    });
    expect((await call(s.url, '/v1/usage', { key: fresh.key })).status).toBe(200);
    expect((await listKeys(s.db, accountId)).map((k) => k.revoked_reason)).toEqual(['rotated', null]);
  });

  it('refuses to rotate or revoke another account’s key', async () => {
    const a = await s.account('mine@example.com');
    const b = await s.account('theirs@example.com');
    await expect(rotateKey(s.db, s.secret, a.accountId, b.keyId)).rejects.toThrow(KeyNotFound);
    await expect(revokeKey(s.db, a.accountId, b.keyId)).rejects.toThrow(KeyNotFound);
  });
});
