import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer, waitFor } from '../test-support/server.js';
import { linkIn, startTestSmtp, type TestSmtp } from '../test-support/smtp.js';
import { sqlRows } from '../test-support/sql.js';

let smtp: TestSmtp;
let s: TestServer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  s = await startTestServer({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await s.stop();
  await smtp.close();
});

const start = (email: unknown, lang = 'en') => call(s.url, '/api/v1/auth/start', { json: { email, lang } });
const verify = (token: string) => call(s.url, '/api/v1/auth/verify', { json: { token } });
const cookieOf = (headers: Headers) => headers.get('set-cookie') ?? '';

async function signInLink(email: string, lang = 'en'): Promise<URL> {
  expect((await start(email, lang)).body).toEqual({ ok: true });
  return linkIn(await smtp.next(email));
}

describe('sign-in by e-mailed link', () => {
  it('walks the whole sign-in: mail, page, POST, session, a second POST fails', async () => {
    const link = await signInLink('walk@example.com', 'de');
    expect(link.origin).toBe(s.publicUrl);
    expect(link.searchParams.get('lang')).toBe('de');
    const token = link.searchParams.get('token')!;

    // Opening the link shows a page in the link's language and consumes nothing.
    for (let i = 0; i < 2; i++) {
      const page = await fetch(link);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const html = await page.text();
      expect(html).toContain('<html lang="de">');
      expect(html).toContain('Anmelden');
    }

    const signed = await verify(token);
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({
      ok: true,
      pin_required: false,
      user: { email: 'walk@example.com', lang: 'de' },
    });
    const cookie = cookieOf(signed.headers);
    expect(cookie).toMatch(/^sid=[\w-]{20,};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // The test server listens on 127.0.0.1: no Secure flag on localhost.
    expect(cookie).not.toMatch(/Secure/);
    const sid = cookie.split(';')[0]!;

    const me = await call(s.url, '/api/v1/me', { headers: { cookie: sid } });
    expect(me.body).toMatchObject({
      email: 'walk@example.com',
      lang: 'de',
      tier: 'starter',
      plan_paid: false,
      free_parses_total: 1,
      free_parses_used: 0,
      free_parses_left: 1,
    });
    const byBearer = await call(s.url, '/api/v1/me', { bearer: signed.body.token });
    expect(byBearer.body.id).toBe(me.body.id);

    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: 'invalid_token' });
    const page = await (await fetch(link)).text();
    expect(page).toContain('nicht mehr gültig');
  });

  it('answers start identically for new, known, malformed and limited addresses', async () => {
    await signInLink('known@example.com');
    const answers = [];
    for (const email of ['known@example.com', 'nobody@example.com', 'not an address', '']) {
      const r = await fetch(`${s.url}/api/v1/auth/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      answers.push([r.status, await r.text()]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual([200, '{"ok":true}']);
    // A body that is not StartIn is still a 422.
    expect((await start(42)).status).toBe(422);
  });

  it('takes a browser language tag, and anything else as English', async () => {
    expect((await signInLink('tag@example.com', 'de-DE')).searchParams.get('lang')).toBe('de');
    expect((await signInLink('other@example.com', 'x-klingon-1')).searchParams.get('lang')).toBe('en');
  });

  it('sends at most five links an hour to one address, with the same answer', async () => {
    const email = 'many@example.com';
    for (let i = 0; i < 7; i++) expect((await start(email)).body).toEqual({ ok: true });
    await waitFor(() => smtp.received.filter((m) => m.text?.includes('verify?token')).length > 0, 'mail');
    // Five arrive; the sixth and seventh were not sent. Wait for the five, then for the server
    // to have handled all starts (a later mail to another address arrives after them).
    for (let i = 0; i < 5; i++) await smtp.next(email);
    await signInLink('after-many@example.com');
    const to = (m: (typeof smtp.received)[number]) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text;
    expect(smtp.received.filter((m) => to(m) === email)).toHaveLength(5);
  });

  it('refuses an expired link', async () => {
    const link = await signInLink('late@example.com');
    await sqlRows(
      s.db,
      "update sign_in_links set expires_at = '2000-01-01T00:00:00.000Z' where email = ?",
      'late@example.com',
    );
    expect((await verify(link.searchParams.get('token')!)).body).toEqual({ detail: 'invalid_token' });
    expect(await (await fetch(link)).text()).toContain('no longer valid');
  });

  it('asks for the PIN when one is set; five wrong PINs void the link', async () => {
    const email = 'pin@example.com';
    const first = await verify((await signInLink(email)).searchParams.get('token')!);
    const session = { bearer: first.body.token as string };
    expect((await call(s.url, '/api/v1/auth/pin/status', session)).body).toEqual({
      ok: true,
      enabled: false,
    });
    expect((await call(s.url, '/api/v1/auth/pin/set', { ...session, json: { pin: '12a4' } })).status).toBe(
      422,
    );
    expect((await call(s.url, '/api/v1/auth/pin/set', { ...session, json: { pin: '2468' } })).body).toEqual({
      ok: true,
    });
    expect((await call(s.url, '/api/v1/auth/pin/status', session)).body.enabled).toBe(true);
    // Changing it needs the current one.
    const wrongCurrent = await call(s.url, '/api/v1/auth/pin/set', { ...session, json: { pin: '1357' } });
    expect([wrongCurrent.status, wrongCurrent.body]).toEqual([403, { detail: 'wrong_pin' }]);

    const token = (await signInLink(email)).searchParams.get('token')!;
    const step = await verify(token);
    expect(step.body).toMatchObject({ pin_required: true, user: { email } });
    expect(step.body.token).toBeUndefined();
    expect(cookieOf(step.headers)).toBe('');
    const pin = (p: string) => call(s.url, '/api/v1/auth/pin/verify', { json: { pin: p, token } });
    expect((await pin('0000')).body).toEqual({ detail: 'wrong_pin' });
    const right = await pin('2468');
    expect(right.status).toBe(200);
    expect(cookieOf(right.headers)).toMatch(/^sid=/);
    // The link's PIN step is over once used.
    expect((await pin('2468')).status).toBe(400);

    const token2 = (await signInLink(email)).searchParams.get('token')!;
    expect((await verify(token2)).body.pin_required).toBe(true);
    const pin2 = (p: string) => call(s.url, '/api/v1/auth/pin/verify', { json: { pin: p, token: token2 } });
    for (let i = 0; i < 4; i++) expect((await pin2('1111')).body).toEqual({ detail: 'wrong_pin' });
    expect((await pin2('1111')).body).toEqual({ detail: 'pin_attempts_exceeded' });
    expect((await pin2('2468')).status).toBe(400);

    // An empty PIN (with the current one) turns it off.
    expect(
      (await call(s.url, '/api/v1/auth/pin/set', { ...session, json: { pin: '', current: '2468' } })).body,
    ).toEqual({
      ok: true,
    });
    expect((await call(s.url, '/api/v1/auth/pin/status', session)).body.enabled).toBe(false);
  });

  it("states the service's own time in every verify answer (the desktop measures its clock by it)", async () => {
    const email = 'time@example.com';
    // This process is the service: its clock, read before and after each answer, brackets the time.
    const timed = async (send: () => ReturnType<typeof call>) => {
      const before = Date.now();
      const answer = await send();
      const after = Date.now();
      expect(answer.status).toBe(200);
      expect(answer.body.service_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(answer.body.service_time)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(answer.body.service_time)).toBeLessThanOrEqual(after);
      return answer;
    };
    const signed = await timed(async () => verify((await signInLink(email)).searchParams.get('token')!));
    const session = { bearer: signed.body.token as string };
    const pinSet = await call(s.url, '/api/v1/auth/pin/set', { ...session, json: { pin: '8642' } });
    expect(pinSet.status).toBe(200);
    // With a PIN: the answer asking for it, and the PIN step's own.
    const token = (await signInLink(email)).searchParams.get('token')!;
    expect((await timed(() => verify(token))).body.pin_required).toBe(true);
    await timed(() => call(s.url, '/api/v1/auth/pin/verify', { json: { pin: '8642', token } }));
  });

  it('ends one session with logout and every session with logout_all', async () => {
    const email = 'out@example.com';
    const a = await verify((await signInLink(email)).searchParams.get('token')!);
    const b = await verify((await signInLink(email)).searchParams.get('token')!);
    const c = await verify((await signInLink(email)).searchParams.get('token')!);
    const cookieA = cookieOf(a.headers).split(';')[0]!;
    const out = await call(s.url, '/api/v1/auth/logout', {
      method: 'POST',
      headers: { cookie: cookieA, origin: s.publicUrl },
    });
    expect(out.body).toEqual({ ok: true });
    expect(cookieOf(out.headers)).toMatch(/^sid=;.*Max-Age=0/);
    expect((await call(s.url, '/api/v1/me', { headers: { cookie: cookieA } })).status).toBe(401);
    expect((await call(s.url, '/api/v1/me', { bearer: b.body.token })).status).toBe(200);
    expect(
      (await call(s.url, '/api/v1/auth/logout_all', { bearer: b.body.token, method: 'POST' })).body,
    ).toEqual({
      ok: true,
    });
    for (const t of [b.body.token, c.body.token])
      expect((await call(s.url, '/api/v1/me', { bearer: t })).body).toEqual({ detail: 'not_authenticated' });
  });

  it('refuses a cookie-carried change without the service Origin, not a Bearer one', async () => {
    const p = await s.session('csrf@example.com');
    for (const origin of [undefined, 'https://evil.example']) {
      const r = await call(s.url, '/api/v1/auth/logout', {
        method: 'POST',
        headers: { cookie: p.cookie, ...(origin ? { origin } : {}) },
      });
      expect([r.status, r.body]).toEqual([403, { detail: 'csrf_origin' }]);
    }
    expect((await call(s.url, '/api/v1/me', { headers: { cookie: p.cookie } })).status).toBe(200);
    expect((await call(s.url, '/api/v1/auth/logout', { bearer: p.token, method: 'POST' })).status).toBe(200);
  });

  it('refuses a sign-in posted from another site (login CSRF), and keeps the link for its owner', async () => {
    const link = await signInLink('csrf@example.com');
    const token = link.searchParams.get('token')!;
    // What a form on another site sends: text/plain, the JSON hidden in a field, its own Origin.
    const forged = await call(s.url, '/api/v1/auth/verify', {
      body: JSON.stringify({ token }),
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual({ detail: 'csrf_origin' });
    expect(cookieOf(forged.headers)).toBe('');
    const pin = await call(s.url, '/api/v1/auth/pin/verify', {
      json: { token, pin: '1234' },
      headers: { origin: 'https://evil.example' },
    });
    expect(pin.status).toBe(403);
    // The page's own request (its Origin) and a client without one (the desktop app) still sign in.
    const own = await call(s.url, '/api/v1/auth/verify', {
      json: { token },
      headers: { origin: s.publicUrl },
    });
    expect(own.status).toBe(200);
    expect(cookieOf(own.headers)).toMatch(/sid=/);
    const other = await signInLink('csrf@example.com');
    expect((await verify(other.searchParams.get('token')!)).status).toBe(200);
  });

  it('ends a session 30 days after its last use', async () => {
    const p = await s.session('old@example.com');
    expect((await call(s.url, '/api/v1/me', { bearer: p.token })).status).toBe(200);
    await sqlRows(
      s.db,
      "update sessions set expires_at = '2000-01-01T00:00:00.000Z' where account_id = ?",
      p.accountId,
    );
    expect((await call(s.url, '/api/v1/me', { bearer: p.token })).status).toBe(401);
  });
});

describe('without SMTP', () => {
  it('writes the message to the outbox as an .eml file holding the link', async () => {
    const local = await startTestServer();
    try {
      await call(local.url, '/api/v1/auth/start', { json: { email: 'outbox@example.com', lang: 'ru' } });
      const dir = path.join(local.dataDir, 'outbox');
      const file = await waitFor(() => {
        try {
          return readdirSync(dir).find((f) => f.endsWith('.eml'));
        } catch {
          return undefined;
        }
      }, 'the outbox file');
      const eml = readFileSync(path.join(dir, file));
      const mail = await simpleParser(eml);
      expect(mail.to).toMatchObject({ text: 'outbox@example.com' });
      expect(mail.headers.get('content-language')).toBe('ru');
      expect(mail.subject).toBe('Ссылка для входа в Invoice Reader');
      expect(linkIn(mail).origin).toBe(local.publicUrl);
      // More sign-in attempts from one address than the limit allows are refused.
      const codes = [];
      for (let i = 0; i < 12; i++)
        codes.push(
          (await call(local.url, '/api/v1/auth/start', { json: { email: `x${i}@example.com` } })).status,
        );
      expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    } finally {
      await local.stop();
    }
  });
});
