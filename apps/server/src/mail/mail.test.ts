// The connected mailbox end to end over real HTTP: the service and its Gmail emulator both run;
// the tests consent on the emulator's page as a person's browser would, then scan the seeded
// mailbox, send letters and open their tracking picture.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mailAccountOf } from '@invoice-reader/db';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailSteps } from '../test-support/mail-steps.js';
import {
  call,
  type Json,
  junkPng,
  startTestServer,
  type TestServer,
  waitFor,
} from '../test-support/server.js';
import { sqlRows } from '../test-support/sql.js';
import { SAMPLES_DIR } from './gmail-emulator/mailbox.js';
import { openToken } from './token-box.js';

let s: TestServer;

beforeAll(async () => {
  // Bounce notices are looked for at every tick of the letter queue.
  s = await startTestServer({ MAIL_BOUNCE_CHECK_SECONDS: '0' });
});
afterAll(() => s.stop());

const { emu, emulator, connect, account, scan, letters, untilDone, databaseBytes } = mailSteps(() => s);

describe('the connected mailbox', () => {
  it('connects through consent, stores the token encrypted, scans the seeded invoices once, sends and tracks a letter', async () => {
    const who = await s.session('reader@mail.example');
    expect((await account(who)).body).toEqual({
      ok: true,
      connected: false,
      provider: null,
      address: null,
      connected_at: null,
    });
    // Without a mailbox a letter and a scan are refused clearly.
    expect((await scan(who)).body).toEqual({ detail: 'mail_not_connected' });

    await connect(who, 'Reader@Gmail.example');
    const status = (await account(who)).body;
    expect(status).toMatchObject({
      ok: true,
      connected: true,
      provider: 'gmail',
      address: 'reader@gmail.example',
    });

    // The refresh token is stored sealed: the database's bytes never hold it in clear.
    const row = (await mailAccountOf(s.db, who.accountId))!;
    const token = openToken(s.secret, who.accountId, row.tokenCipher);
    expect(token).toMatch(/^1\/\/[\w-]{20,}$/);
    expect(row.tokenCipher).not.toContain(token);
    expect((await databaseBytes()).includes(Buffer.from(token))).toBe(false);
    // Sealed for this account only: another account's id does not open it.
    expect(() => openToken(s.secret, who.accountId + 1, row.tokenCipher)).toThrow();

    // The default query: attachments of the last 14 days. The seed has two such messages (an
    // XRechnung; a CII with a text file beside it); one without attachment; one a month old.
    const first = await scan(who);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      ok: true,
      messages: 2,
      read: 2,
      duplicates: 0,
      skipped: 1,
      more: false,
    });
    const byName = Object.fromEntries(
      first.body.items.map((i: { attachment: string }) => [i.attachment, i]),
    ) as Record<
      string,
      { job_id: number; status: string; sender: string; subject: string; message_id: string }
    >;
    expect(Object.keys(byName).sort()).toEqual([
      'agb-druckservice-nord.txt',
      'xrechnung-ubl-2026-0417.xml',
      'zugferd-cii-RE-88213.xml',
    ]);
    expect(byName['agb-druckservice-nord.txt']).toMatchObject({ status: 'skipped', job_id: null });
    expect(byName['zugferd-cii-RE-88213.xml']).toMatchObject({
      sender: 'Druckservice Nord <buchhaltung@druckservice-nord.example>',
      subject: 'Ihre Rechnung RE-88213',
    });
    const ubl = await untilDone(who, byName['xrechnung-ubl-2026-0417.xml']!.job_id);
    expect(ubl).toMatchObject({ status: 'done', source: 'inbox', mode: 'xml', charged: false });
    expect(ubl.fields).toMatchObject({
      invoice_no: '2026-0417',
      invoice_date: '2026-11-02',
      seller_name: 'Papierwerk Muster GmbH',
      seller_iban: 'DE89370400440532013000',
      gross_amount: '309.40',
      currency: 'EUR',
    });
    const cii = await untilDone(who, byName['zugferd-cii-RE-88213.xml']!.job_id);
    expect(cii.fields).toMatchObject({ invoice_no: 'RE-88213', gross_amount: '535.50', seller_bic: '' });
    const iban = cii.fields_detailed.find((f: { key: string }) => f.key === 'seller_iban');
    expect(iban).toMatchObject({
      status: 'flagged',
      value: 'DE89370400440532013001',
      flags: ['iban_checksum'],
    });

    const listed = await call(s.url, '/api/v1/inbox', { session: who });
    expect(listed.body.total).toBe(3);
    expect(listed.body.items.map((i: { status: string }) => i.status).sort()).toEqual([
      'done',
      'done',
      'skipped',
    ]);
    expect(listed.body.items[0]).toMatchObject({
      attachment: 'xrechnung-ubl-2026-0417.xml',
      date: expect.any(String),
    });

    // A second scan reads nothing twice.
    const jobsBefore = (await call(s.url, '/api/v1/parse', { session: who })).body.total;
    expect((await scan(who)).body).toMatchObject({
      messages: 0,
      read: 0,
      duplicates: 0,
      skipped: 0,
      items: [],
    });
    // The month-old message carries the same XRechnung: its bytes answer the earlier job.
    const older = await scan(who, `?query=${encodeURIComponent('has:attachment older_than:14d')}`);
    expect(older.body).toMatchObject({ messages: 1, read: 0, duplicates: 1 });
    expect(older.body.items[0]).toMatchObject({ job_id: ubl.job_id, duplicate: true, status: 'done' });
    expect((await call(s.url, '/api/v1/parse', { session: who })).body.total).toBe(jobsBefore);
    expect((await call(s.url, '/api/v1/me', { session: who })).body.free_parses_used ?? 0).toBe(0);

    // A letter to the seller about the flagged IBAN, answering the mail the invoice came in.
    const sent = await call(s.url, '/api/v1/letters', { session: who, json: { job_id: cii.job_id } });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      status: 'queued',
      to: 'buchhaltung@druckservice-nord.example',
      lang: 'de',
      subject: 'Bitte um korrigierte Rechnung RE-88213',
      invoice_title: 'RE-88213 — Druckservice Nord e.K.',
      debtor: 'Kunde Beispiel KG',
    });
    const letterId = sent.body.id;
    const out = await waitFor(async () => {
      const l = (await letters(who)).body.items.find((x: { id: number }) => x.id === letterId);
      return l?.status === 'sent' ? l : undefined;
    }, 'the letter to be sent');
    expect(out.sent_at).toEqual(expect.any(String));
    const mailed = await emulator(`/emulator/mailboxes/${encodeURIComponent('reader@gmail.example')}/sent`);
    expect(mailed.messages).toHaveLength(1);
    const mime = await simpleParser(mailed.messages[0].raw);
    expect(mime.to && 'text' in mime.to ? mime.to.text : '').toBe('buchhaltung@druckservice-nord.example');
    expect(mime.from?.text).toBe('reader@gmail.example');
    expect(mime.subject).toBe('Bitte um korrigierte Rechnung RE-88213');
    expect(mime.headers.get('content-language')).toBe('de');
    expect(mime.text).toContain('- IBAN: "DE89370400440532013001" (die Prüfziffer der IBAN stimmt nicht)');
    expect(mime.text).toContain('Rechnung RE-88213 vom 10.11.2026');
    // Only what failed a check is listed: the BIC was simply not given.
    expect(mime.text).not.toContain('BIC');
    const pixel = new RegExp(`src="${s.publicUrl.replace(/[.]/g, '\\.')}/track/([\\w-]{43})\\.gif"`).exec(
      String(mime.html),
    );
    expect(pixel).not.toBeNull();
    // The thread of the invoice's mail is answered.
    expect(mailed.messages[0].threadId).toBe(
      first.body.items.find((i: { attachment: string }) => i.attachment === 'zugferd-cii-RE-88213.xml')
        .message_id,
    );

    // The picture marks the letter opened, the first time only; any token gets the same picture.
    const gif = await fetch(`${s.url}/track/${pixel![1]}.gif`);
    expect(gif.status).toBe(200);
    expect(gif.headers.get('content-type')).toBe('image/gif');
    expect(
      Buffer.from(await gif.arrayBuffer())
        .subarray(0, 6)
        .toString(),
    ).toBe('GIF89a');
    const opened = (await letters(who)).body.items[0];
    expect(opened).toMatchObject({ id: letterId, status: 'opened', opened_at: expect.any(String) });
    await fetch(`${s.url}/track/${pixel![1]}.gif`);
    expect((await letters(who)).body.items[0].opened_at).toBe(opened.opened_at);
    const stranger = await fetch(`${s.url}/track/not-a-letter.gif`);
    expect(stranger.status).toBe(200);
    expect(stranger.headers.get('content-type')).toBe('image/gif');
  });

  it('pages through a large mailbox and stops at the limit', async () => {
    const who = await s.session('pages@mail.example');
    const mailbox = 'pages@gmail.example';
    await connect(who, mailbox);
    const sample = readFileSync(path.join(SAMPLES_DIR, 'xrechnung-ubl-2026-0417.xml'));
    for (let i = 0; i < 4; i++)
      await emulator(`/emulator/mailboxes/${mailbox}/messages`, {
        from: `Seller ${i} <s${i}@example.com>`,
        subject: `Invoice ${i}`,
        // Distinct bytes: each is a job of its own.
        attachments: [
          {
            filename: `inv-${i}.xml`,
            base64: Buffer.concat([sample, Buffer.from(`<!-- ${i} -->`)]).toString('base64'),
          },
        ],
      });
    await emulator('/emulator/controls', { maxPageSize: 2 });
    try {
      const one = await scan(who, '?limit=3');
      expect(one.body).toMatchObject({ messages: 3, more: true });
      const rest = await scan(who, '?limit=50');
      // 4 added + 2 seeded within 14 days = 6 messages, across pages of 2.
      expect(rest.body).toMatchObject({ messages: 3, more: false });
      const all = await call(s.url, '/api/v1/inbox?limit=500', { session: who });
      expect(new Set(all.body.items.map((i: { message_id: string }) => i.message_id)).size).toBe(6);
    } finally {
      await emulator('/emulator/controls', { maxPageSize: 500 });
    }
  });

  it('a scan waits for a scanned parse when none is left, and reads it once there is one', async () => {
    const who = await s.session('allowance@mail.example');
    const mailbox = 'allowance@gmail.example';
    await connect(who, mailbox);
    const used = (n: number) =>
      sqlRows(s.db, 'update accounts set web_free_parses_used = ? where id = ?', n, who.accountId);
    await used(1);
    await emulator(`/emulator/mailboxes/${mailbox}/messages`, {
      from: 'Scanner <scan@example.com>',
      subject: 'Photo of a receipt',
      attachments: [{ filename: 'receipt.png', base64: junkPng(1).toString('base64') }],
    });
    const q = `?query=${encodeURIComponent('subject:receipt')}`;
    const waiting = await scan(who, q);
    expect(waiting.body).toMatchObject({ messages: 1, read: 0, waiting: 1 });
    expect(waiting.body.items[0]).toMatchObject({
      attachment: 'receipt.png',
      status: 'refused',
      error: 'plan_required',
    });
    // Still none left: not looked at again (not a new message), still waiting, recorded once.
    expect((await scan(who, q)).body).toMatchObject({ messages: 0, read: 0, waiting: 1, items: [] });
    expect((await call(s.url, '/api/v1/inbox', { session: who })).body.total).toBe(1);
    await used(0);
    const read = await scan(who, q);
    expect(read.body).toMatchObject({ messages: 0, read: 1, waiting: 0 });
    expect(read.body.items[0]).toMatchObject({
      id: waiting.body.items[0].id,
      error: null,
      job_id: expect.any(Number),
    });
    expect((await scan(who, q)).body).toMatchObject({ messages: 0, read: 0 });
  });

  it('disconnecting revokes at the provider, deletes the token and stops queued letters', async () => {
    const who = await s.session('leaving@mail.example');
    await connect(who, 'leaving@gmail.example');
    const scanned = await scan(who);
    const jobId = scanned.body.items.find((i: { attachment: string }) =>
      i.attachment.endsWith('.xml'),
    ).job_id;
    await untilDone(who, jobId);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const queued = await call(s.url, '/api/v1/letters', {
      session: who,
      json: { job_id: jobId, to: 'seller@example.com', lang: 'en', send_at: later, note: 'Thanks!' },
    });
    expect(queued.body).toMatchObject({
      status: 'queued',
      lang: 'en',
      send_at: later,
      to: 'seller@example.com',
    });
    const token = openToken(s.secret, who.accountId, (await mailAccountOf(s.db, who.accountId))!.tokenCipher);

    const gone = await call(s.url, '/api/v1/mail/account', { session: who, method: 'DELETE' });
    expect(gone.body).toEqual({
      ok: true,
      connected: false,
      provider_revoked: true,
      provider_error: null,
      stopped_letters: 1,
    });
    expect((await letters(who)).body.items[0]).toMatchObject({
      status: 'failed',
      error: 'mail_disconnected',
    });
    expect(await mailAccountOf(s.db, who.accountId)).toBeUndefined();
    expect((await account(who)).body.connected).toBe(false);
    // The grant is over at the provider: its refresh token no longer works there.
    const refresh = await fetch(`${emu().url}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: token,
        client_id: emu().clientId,
        client_secret: emu().clientSecret,
      }),
    });
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as Json).error).toBe('invalid_grant');
    const refused = await call(s.url, '/api/v1/letters', { session: who, json: { job_id: jobId } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: 'mail_not_connected' });
    expect((await call(s.url, '/api/v1/mail/account', { session: who, method: 'DELETE' })).status).toBe(409);
  });
});

describe('letters that do not arrive', () => {
  it('bounces a letter to an address that cannot exist, and fails one whose access was withdrawn before its time', async () => {
    const who = await s.session('bounce@mail.example');
    await connect(who, 'bounce@gmail.example');
    const scanned = await scan(who, `?query=${encodeURIComponent('subject:2026-0417')}`);
    expect(scanned.body).toMatchObject({ messages: 1, read: 1 });
    const jobId = scanned.body.items[0].job_id;
    await untilDone(who, jobId);

    const lost = await call(s.url, '/api/v1/letters', {
      session: who,
      json: { job_id: jobId, to: 'nobody@nowhere.invalid', lang: 'it' },
    });
    expect(lost.body).toMatchObject({
      status: 'queued',
      lang: 'it',
      subject: 'Richiesta di fattura corretta 2026-0417',
    });
    const bounced = await waitFor(async () => {
      const l = (await letters(who)).body.items.find((x: { id: number }) => x.id === lost.body.id);
      return l?.status === 'bounced' ? l : undefined;
    }, 'the bounce');
    expect(bounced).toMatchObject({ error: 'delivery_failed', sent_at: expect.any(String) });

    const later = await call(s.url, '/api/v1/letters', {
      session: who,
      json: { job_id: jobId, lang: 'ru', send_at: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(later.body).toMatchObject({
      status: 'queued',
      to: 'rechnung@papierwerk-muster.example',
      lang: 'ru',
    });
    await emulator('/emulator/mailboxes/bounce@gmail.example/revoke', {});
    // Its time comes (moved forward in the database rather than waited for).
    await sqlRows(
      s.db,
      'update letters set send_at = ? where id = ?',
      new Date().toISOString(),
      later.body.id,
    );
    s.letters.kick();
    const failed = await waitFor(async () => {
      const l = (await letters(who)).body.items.find((x: { id: number }) => x.id === later.body.id);
      return l?.status === 'failed' ? l : undefined;
    }, 'the letter to fail');
    expect(failed).toMatchObject({ error: 'mail_token_revoked', sent_at: null });
    const sent = await emulator('/emulator/mailboxes/bounce@gmail.example/sent');
    expect(sent.messages).toHaveLength(1);
  });
});
