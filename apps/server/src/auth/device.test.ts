// The device sign-in against a real service: a code pair, `pending` until a signed-in web session
// confirms the user code (typed in any case, with or without its dash), then the app's session
// once; a used, unknown or expired code refused; the device code kept only as its hash; a code
// confirmed by nobody else; the start rate-limited per client address.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../test-support/server.js';
import { sqlRows } from '../test-support/sql.js';
import { newUserCode, normaliseUserCode } from './device.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '5' });
});
afterAll(async () => {
  await s.stop();
});

const start = () =>
  call(s.url, '/api/v1/auth/device/start', { json: { client: 'Invoice Reader desktop on test' } });
const poll = (device_code: string) => call(s.url, '/api/v1/auth/device/token', { json: { device_code } });

describe('device sign-in', () => {
  it('is pending until a web session confirms the code, then gives the app its session once', async () => {
    const started = await start();
    expect(started.status).toBe(200);
    const { device_code, user_code, verification_uri, verification_uri_complete, expires_in, interval } =
      started.body;
    expect(user_code).toMatch(/^[B-DF-HJ-NP-TV-XZ]{4}-[B-DF-HJ-NP-TV-XZ]{4}$/);
    expect(verification_uri).toBe(`${s.publicUrl}/app/device`);
    expect(verification_uri_complete).toBe(`${verification_uri}?code=${user_code}`);
    expect([expires_in, interval]).toEqual([600, 5]);
    // Only the hash of the device code is stored.
    const stored = (await sqlRows(s.db, 'select device_hash from device_codes')).map(
      (r) => Object.values(r)[0],
    );
    expect(stored).toEqual([createHash('sha256').update(device_code).digest('hex')]);

    expect((await poll(device_code)).body).toMatchObject({ ok: true, status: 'pending' });
    expect((await poll(device_code)).body).not.toHaveProperty('token');

    const person = await s.session('anna@device.example');
    const typed = user_code.toLowerCase().replace('-', ' ');
    const confirmed = await call(s.url, '/api/v1/auth/device/confirm', {
      session: person,
      json: { user_code: typed },
    });
    expect(confirmed).toMatchObject({
      status: 200,
      body: { ok: true, client: 'Invoice Reader desktop on test' },
    });
    // A second confirmation of the same code (by anyone) finds nothing waiting.
    const other = await s.session('mallory@device.example');
    const again = await call(s.url, '/api/v1/auth/device/confirm', { session: other, json: { user_code } });
    expect(again).toMatchObject({ status: 404, body: { detail: 'invalid_code' } });

    const signedIn = await poll(device_code);
    expect(signedIn.body).toMatchObject({ status: 'signed_in', user: { email: 'anna@device.example' } });
    expect(signedIn.body.service_time).toMatch(/Z$/);
    expect(signedIn.headers.get('set-cookie')).toBeNull();
    const me = await call(s.url, '/api/v1/me', { bearer: signedIn.body.token });
    expect(me.body.email).toBe('anna@device.example');
    // Once: the next poll is told the code is used.
    expect(await poll(device_code)).toMatchObject({ status: 400, body: { detail: 'invalid_token' } });
  });

  it('refuses an unknown code, an expired one, and a confirmation without a session', async () => {
    expect(await poll('not-a-code')).toMatchObject({ status: 400, body: { detail: 'invalid_token' } });
    const { device_code, user_code } = (await start()).body;
    expect((await call(s.url, '/api/v1/auth/device/confirm', { json: { user_code } })).status).toBe(401);
    await sqlRows(
      s.db,
      "update device_codes set expires_at = '2000-01-01T00:00:00.000Z' where user_code = ?",
      user_code,
    );
    expect(await poll(device_code)).toMatchObject({ status: 400, body: { detail: 'expired_token' } });
    const person = await s.session('late@device.example');
    const late = await call(s.url, '/api/v1/auth/device/confirm', { session: person, json: { user_code } });
    expect(late).toMatchObject({ status: 404, body: { detail: 'invalid_code' } });
    // Swept by the housekeeping a day after it expired.
    expect((await s.housekeeping.prune()).deviceCodes).toBeGreaterThanOrEqual(1);
  });

  it('limits the starts per client address', async () => {
    let status = 200;
    for (let i = 0; i < 10 && status === 200; i++) status = (await start()).status;
    expect(status).toBe(429);
  });

  it('writes user codes the way people type them back', () => {
    const code = newUserCode();
    expect(normaliseUserCode(code.toLowerCase())).toBe(code);
    expect(normaliseUserCode(` ${code.replace('-', '')} `)).toBe(code);
    expect(normaliseUserCode('ab-c')).toBe('ABC');
  });
});
