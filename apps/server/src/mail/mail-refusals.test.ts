// What the connected mailbox refuses, over real HTTP against the Gmail emulator: a forged,
// replayed or denied consent, an expired code, a revoked or unreadable token, parameters out of
// range. Each fails clearly and changes nothing.
import { mailAccountOf } from '@invoice-reader/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailSteps } from '../test-support/mail-steps.js';
import { call, startTestServer, type TestServer } from '../test-support/server.js';
import { sqlRows } from '../test-support/sql.js';
import { sealToken } from './token-box.js';

let s: TestServer;

beforeAll(async () => {
  // Bounce notices are looked for at every tick of the letter queue.
  s = await startTestServer({ MAIL_BOUNCE_CHECK_SECONDS: '0' });
});
afterAll(() => s.stop());

const { emulator, consent, connect, account, scan, letters, untilDone } = mailSteps(() => s);

describe('refusals change nothing', () => {
  it('a forged state, a replayed state, a denied consent and an expired code each fail clearly', async () => {
    const who = await s.session('careful@mail.example');
    const other = await s.session('victim@mail.example');

    // Forged: the state names another account (its signature no longer holds).
    const back = new URL(await consent(who, 'careful@gmail.example'));
    const state = back.searchParams.get('state')!;
    const forged = new URL(back);
    forged.searchParams.set('state', state.replace(/^\d+/, String(other.accountId)));
    const f = await fetch(forged, { redirect: 'manual' });
    expect(f.status).toBe(400);
    expect(await f.text()).toContain('data-error="invalid_state"');
    const garbage = await fetch(`${s.url}/oauth/callback?code=x&state=nonsense`, { redirect: 'manual' });
    expect(garbage.status).toBe(400);
    expect((await account(other)).body.connected).toBe(false);
    expect((await account(who)).body.connected).toBe(false);

    // Opened in a browser signed in as another account: refused (that account is not given the mailbox).
    const mismatch = await fetch(back, { redirect: 'manual', headers: { cookie: other.cookie } });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain('data-error="state_account_mismatch"');
    expect((await account(other)).body.connected).toBe(false);

    // The real one works once; replayed, it is refused and the connection stays as it was.
    expect((await fetch(back, { redirect: 'manual' })).status).toBe(302);
    const connectedAt = (await account(who)).body.connected_at;
    const cipher = (await mailAccountOf(s.db, who.accountId))!.tokenCipher;
    const replay = await fetch(back, { redirect: 'manual' });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('data-error="state_used"');
    expect((await account(who)).body.connected_at).toBe(connectedAt);
    expect((await mailAccountOf(s.db, who.accountId))!.tokenCipher).toBe(cipher);

    // Denied at the consent page.
    const denied = await fetch(await consent(other, 'victim@gmail.example', 'deny'), { redirect: 'manual' });
    expect(denied.status).toBe(400);
    expect(await denied.text()).toContain('data-error="access_denied"');
    expect((await account(other)).body.connected).toBe(false);

    // A code that expired before the person came back.
    const late = await consent(other, 'victim@gmail.example');
    await emulator('/emulator/codes/expire', {});
    const expired = await fetch(late, { redirect: 'manual' });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain('data-error="mail_code_invalid"');
    expect((await account(other)).body.connected).toBe(false);
    expect(await mailAccountOf(s.db, other.accountId)).toBeUndefined();
  });

  it('a token revoked at the provider: scans and letters are refused and nothing is stored', async () => {
    const who = await s.session('revoked@mail.example');
    await connect(who, 'revoked@gmail.example');
    const first = await scan(who, `?query=${encodeURIComponent('subject:RE-88213')}`);
    expect(first.body.read).toBe(1);
    const jobId = first.body.items.find((i: { job_id: number | null }) => i.job_id).job_id;
    await untilDone(who, jobId);
    // The person removes the access in their Google account.
    expect((await emulator('/emulator/mailboxes/revoked@gmail.example/revoke', {})).revoked).toBe(1);

    const refused = await scan(who);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: 'mail_token_revoked' });
    expect((await call(s.url, '/api/v1/inbox', { session: who })).body.total).toBe(2);
    const letter = await call(s.url, '/api/v1/letters', { session: who, json: { job_id: jobId } });
    expect(letter.status).toBe(409);
    expect(letter.body).toEqual({ detail: 'mail_token_revoked' });
    expect((await letters(who)).body.items).toEqual([]);
    // Disconnecting still works here, and says the provider had already ended the grant.
    const gone = await call(s.url, '/api/v1/mail/account', { session: who, method: 'DELETE' });
    expect(gone.body).toMatchObject({ ok: true, connected: false, provider_revoked: false });
    expect(gone.body.provider_error).toMatch(/^mail_/);
  });

  it('a stored token that no longer opens (SECRET changed) asks for a new connection', async () => {
    const who = await s.session('rekeyed@mail.example');
    await connect(who, 'rekeyed@gmail.example');
    const foreign = sealToken('another-secret-of-at-least-thirty-two-chars', who.accountId, '1//x');
    await sqlRows(
      s.db,
      'update mail_accounts set token_cipher = ? where account_id = ?',
      foreign,
      who.accountId,
    );
    const refused = await scan(who);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: 'mail_token_revoked' });
    expect((await call(s.url, '/api/v1/inbox', { session: who })).body.total).toBe(0);
    const gone = await call(s.url, '/api/v1/mail/account', { session: who, method: 'DELETE' });
    expect(gone.body).toMatchObject({ ok: true, connected: false, provider_revoked: false });
  });

  it('answers 422 for parameters out of range, and 404 for another account job', async () => {
    const who = await s.session('strict@mail.example');
    for (const q of ['?limit=0', '?limit=51', '?limit=abc', `?query=${'x'.repeat(501)}`]) {
      const r = await scan(who, q);
      expect(r.status, q).toBe(422);
      expect(r.body.detail[0].loc[0]).toBe('query');
    }
    for (const q of ['?limit=0', '?limit=501', '?offset=-1'])
      expect((await call(s.url, `/api/v1/inbox${q}`, { session: who })).status, q).toBe(422);
    for (const q of ['?limit=0', '?limit=501'])
      expect((await call(s.url, `/api/v1/letters${q}`, { session: who })).status, q).toBe(422);
    expect((await call(s.url, '/api/v1/letters', { session: who, json: { job_id: 'x' } })).status).toBe(422);
    expect(
      (await call(s.url, '/api/v1/letters', { session: who, json: { job_id: 1, to: 'not-an-address' } }))
        .status,
    ).toBe(422);
    expect(
      (await call(s.url, '/api/v1/letters', { session: who, json: { job_id: 1, lang: 'xx' } })).status,
    ).toBe(422);
    expect((await call(s.url, '/api/v1/letters', { session: who, json: { job_id: 999999 } })).body).toEqual({
      detail: 'job_not_found',
    });
    expect((await call(s.url, '/api/v1/inbox', { session: who })).body).toEqual({
      ok: true,
      total: 0,
      items: [],
    });
    expect((await letters(who)).body).toEqual({ ok: true, items: [] });
  });
});
