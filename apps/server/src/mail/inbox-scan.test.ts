// The inbox scan when Gmail fails or mail is unusual, over real HTTP against the Gmail emulator
// (its `faults` control makes Gmail answer an error, or never answer): a failure part way through
// a message loses none of it, a hung request ends the scan (GOOGLE_TIMEOUT_MS), attachments
// waiting for a scanned parse do not hold up the free ones behind them, nameless attachments are
// read by their type, and a mailbox with more messages read before than a scan lists is still got
// through by repeated scans, new mail first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { mailSteps } from '../test-support/mail-steps.js';
import { call, type Json, junkPng, startTestServer, type TestServer } from '../test-support/server.js';
import { sqlRows } from '../test-support/sql.js';
import { SAMPLES_DIR } from './gmail-emulator/mailbox.js';
import type { GmailEmulatorFault } from './gmail-emulator/server.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());
afterEach(async () => {
  await faults([]);
  await emulator('/emulator/controls', { maxPageSize: 500 });
  s.letters.connections.provider.timeoutMs = 30_000;
});

const { emulator, connect, scan, untilDone } = mailSteps(() => s);

const faults = (list: GmailEmulatorFault[]): Promise<Json> =>
  emulator('/emulator/controls', { faults: list });
const sample = readFileSync(path.join(SAMPLES_DIR, 'zugferd-cii-RE-88213.xml'), 'utf8');
/** A distinct e-invoice (its own bytes, so its own job). */
const einvoice = (n: number) => Buffer.from(sample.replace('RE-88213', `RE-${n}`)).toString('base64');
const inbox = (who: Parameters<typeof scan>[0]) =>
  call(s.url, '/api/v1/inbox?limit=500', { session: who }).then((r) => r.body);
const names = (items: Array<{ attachment: string }>) => items.map((i) => i.attachment).sort();

/** A connected mailbox whose seeded messages were scanned out of the way. */
async function mailbox(name: string) {
  const who = await s.session(`${name}@mail.example`);
  const address = `${name}@gmail.example`;
  await connect(who, address);
  expect((await scan(who)).status).toBe(200);
  const add = (m: Json) => emulator(`/emulator/mailboxes/${address}/messages`, m);
  const allowance = (used: number) =>
    sqlRows(s.db, 'update accounts set web_free_parses_used = ? where id = ?', used, who.accountId);
  /** Many messages at once (`date`: ISO); answers their ids. */
  const addMany = async (messages: Json[]): Promise<string[]> =>
    (await emulator(`/emulator/mailboxes/${address}/messages`, { messages })).messages.map((m: Json) => m.id);
  /** As if earlier scans had read these messages. */
  const markSeen = async (ids: string[]) => {
    const at = new Date().toISOString();
    await sqlRows(
      s.db,
      `insert into inbox_messages (account_id, message_id, scanned_at) values ${ids.map(() => '(?, ?, ?)').join(', ')}`,
      ...ids.flatMap((id) => [who.accountId, id, at]),
    );
  };
  const seenIds = async (ids: string[]) =>
    (
      await sqlRows(
        s.db,
        `select message_id from inbox_messages where account_id = ? and message_id in (${ids.map(() => '?').join(',')})`,
        who.accountId,
        ...ids,
      )
    )
      .map((r) => (r as { message_id: string }).message_id)
      .sort();
  return { who, add, allowance, addMany, markSeen, seenIds };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

describe('the inbox scan when Gmail fails', () => {
  it('a failed attachment fetch records none of its message, and the next scan reads every attachment', async () => {
    const { who, add } = await mailbox('partial');
    await add({
      subject: 'three',
      attachments: [1, 2, 3].map((i) => ({ filename: `t${i}.xml`, base64: einvoice(1000 + i) })),
    });
    // The second attachment's fetch fails, every retry of it too.
    await faults([{ match: '/attachments/', status: 500, skip: 1 }]);
    const failed = await scan(who, '?query=subject:three');
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ detail: 'mail_provider_error' });
    expect((await inbox(who)).items.filter((i: Json) => i.subject === 'three')).toEqual([]);

    await faults([]);
    const again = await scan(who, '?query=subject:three');
    expect(again.body).toMatchObject({ messages: 1, read: 3, duplicates: 0 });
    expect(names(again.body.items)).toEqual(['t1.xml', 't2.xml', 't3.xml']);
    expect((await scan(who, '?query=subject:three')).body).toMatchObject({ messages: 0, items: [] });
    const listed = (await inbox(who)).items.filter((i: Json) => i.subject === 'three');
    expect(names(listed)).toEqual(['t1.xml', 't2.xml', 't3.xml']);
  });

  it('a Gmail request that never answers ends the scan with 502, and the next scan runs', async () => {
    const { who, add } = await mailbox('hung');
    await add({ subject: 'hanging', attachments: [{ filename: 'h.xml', base64: einvoice(2001) }] });
    s.letters.connections.provider.timeoutMs = 200;
    await faults([{ match: '/attachments/', hang: true }]);
    const hung = await scan(who, '?query=subject:hanging');
    expect(hung.status).toBe(502);
    expect(hung.body).toEqual({ detail: 'mail_provider_error' });

    // The next scan with the usual bound: 200 ms is for the hang, not for a busy machine's answers.
    await faults([]);
    s.letters.connections.provider.timeoutMs = 30_000;
    const next = await scan(who, '?query=subject:hanging');
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ messages: 1, read: 1 });
  });
});

describe('what the scan reads', () => {
  it('attachments waiting for a scanned parse do not use up the limit, nor are fetched again while none is left', async () => {
    const { who, add, allowance } = await mailbox('waiting');
    await allowance(1);
    await add({
      subject: 'free one',
      days_ago: 1,
      attachments: [{ filename: 'free.xml', base64: einvoice(3001) }],
    });
    for (let i = 0; i < 13; i++)
      await add({
        subject: `photo ${i}`,
        attachments: [{ filename: `scan${i}.png`, base64: junkPng(i).toString('base64') }],
      });
    const first = await scan(who, '?limit=10');
    expect(first.body).toMatchObject({ messages: 10, read: 0, waiting: 10, more: true });
    const second = await scan(who, '?limit=10');
    expect(second.body).toMatchObject({ messages: 4, read: 1, waiting: 13, more: false });
    expect(second.body.items.find((i: Json) => i.attachment === 'free.xml')).toMatchObject({
      job_id: expect.any(Number),
      error: null,
    });

    // Still no parse: nothing new, and no waiting message or attachment is fetched again (a fault
    // that never fires counts the requests).
    await faults([{ match: '/messages/', times: 0 }]);
    expect((await scan(who, '?limit=10')).body).toMatchObject({ messages: 0, waiting: 13, items: [] });
    expect((await emulator('/emulator/controls', {})).faults[0].seen ?? 0).toBe(0);

    // A parse again: the oldest waiting attachment is read first (more as parses come back).
    await faults([]);
    await allowance(0);
    const read = await scan(who, '?limit=10');
    expect(read.body.messages).toBe(0);
    expect(read.body.read).toBeGreaterThanOrEqual(1);
    expect(read.body.read + read.body.waiting).toBe(13);
    expect(read.body.items[0]).toMatchObject({ attachment: 'scan0.png', error: null });
  });

  it('a nameless PDF is read by its type, and messages with nothing to read are recorded as seen', async () => {
    const { who, add } = await mailbox('nameless');
    await add({
      subject: 'old invoice',
      days_ago: 1,
      attachments: [{ filename: 'real.xml', base64: einvoice(4001) }],
    });
    for (let i = 0; i < 12; i++)
      await add({
        subject: `note ${i}`,
        attachments: [{ filename: '', base64: Buffer.from('hello').toString('base64') }],
      });
    await add({
      subject: 'unnamed pdf',
      attachments: [
        {
          filename: '',
          mime_type: 'application/pdf',
          base64: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
        },
      ],
    });
    const first = await scan(who, '?limit=10');
    expect(first.body).toMatchObject({ messages: 10, more: true });
    const pdf = first.body.items.find((i: Json) => i.subject === 'unnamed pdf');
    expect(pdf).toMatchObject({ attachment: 'attachment-1.pdf' });
    expect(pdf.status).not.toBe('skipped');
    const second = await scan(who, '?limit=10');
    expect(second.body).toMatchObject({ messages: 4, read: 1, more: false });
    expect(names(second.body.items)).toEqual(['real.xml']);
    expect((await scan(who, '?limit=10')).body).toMatchObject({ messages: 0, more: false });
  });

  it("the inbox list shows a failed job's error", async () => {
    const { who, add, allowance } = await mailbox('failing');
    await allowance(0);
    await add({
      subject: 'bad photo',
      attachments: [{ filename: 'bad.png', base64: junkPng(99).toString('base64') }],
    });
    const scanned = await scan(who, `?query=${encodeURIComponent('subject:"bad photo"')}`);
    expect(scanned.body).toMatchObject({ messages: 1, read: 1 });
    const job = await untilDone(who, scanned.body.items[0].job_id);
    expect(job.status).toBe('failed');
    expect(job.error).toEqual(expect.any(String));
    const item = (await inbox(who)).items.find((i: Json) => i.subject === 'bad photo');
    expect(item).toMatchObject({ status: 'failed', error: job.error });
  });
});

describe('a mailbox with more messages read before than a scan lists', () => {
  it('repeated scans read the older messages behind 2100 seen ones, each once, until `more` is false', async () => {
    const { who, addMany, markSeen, seenIds } = await mailbox('big');
    const now = Date.now();
    const from = 'Shop <orders@big.example>';
    // 2100 messages read before, a minute apart from an hour ago back: more than the 20 pages of
    // 100 a scan lists. Behind them, 30 never read, a third with an e-invoice.
    const seen = await addMany(
      Array.from({ length: 2100 }, (_, i) => ({
        from,
        subject: `seen ${i}`,
        date: iso(now - HOUR - i * MINUTE),
      })),
    );
    await markSeen(seen);
    const old = await addMany(
      Array.from({ length: 30 }, (_, i) => ({
        from,
        subject: `old ${i}`,
        date: iso(now - HOUR - (2100 + i) * MINUTE),
        attachments: i % 3 === 0 ? [{ filename: `old${i}.xml`, base64: einvoice(5000 + i) }] : [],
      })),
    );
    const query = `?limit=10&query=${encodeURIComponent('from:big.example')}`;
    const scans: Json[] = [];
    while (scans.length < 12) {
      const r = await scan(who, query);
      expect(r.status).toBe(200);
      scans.push(r.body);
      if (!r.body.more) break;
    }
    expect(scans.at(-1).more).toBe(false);
    // Every old message read, none twice (a message read is seen: the sum counts each once).
    expect(scans.reduce((n, b) => n + b.messages, 0)).toBe(30);
    expect(await seenIds(old)).toEqual([...old].sort());
    const files = scans.flatMap((b) => b.items.map((i: Json) => i.attachment)).sort();
    expect(files).toEqual(Array.from({ length: 10 }, (_, i) => `old${i * 3}.xml`).sort());
    // Nothing left, and it says so.
    expect((await scan(who, query)).body).toMatchObject({ messages: 0, more: false, items: [] });
  });

  it('new mail that arrives between scans is read first, and the walk goes on where it stopped', async () => {
    const { who, add, addMany, markSeen, seenIds } = await mailbox('layers');
    // Two ids a page: a scan lists at most 40.
    await emulator('/emulator/controls', { maxPageSize: 2 });
    const now = Date.now();
    const from = 'Shop <orders@layers.example>';
    await markSeen(
      await addMany(
        Array.from({ length: 50 }, (_, i) => ({
          from,
          subject: `seen ${i}`,
          date: iso(now - HOUR - i * MINUTE),
        })),
      ),
    );
    const old = await addMany(
      Array.from({ length: 6 }, (_, i) => ({
        from,
        subject: `old ${i}`,
        date: iso(now - HOUR - (50 + i) * MINUTE),
        attachments: [{ filename: `layer${i}.xml`, base64: einvoice(6000 + i) }],
      })),
    );
    const query = `?limit=2&query=${encodeURIComponent('from:layers.example')}`;
    const first = await scan(who, query);
    expect(first.body).toMatchObject({ messages: 0, more: true });

    const fresh = await add({
      from,
      subject: 'fresh',
      attachments: [{ filename: 'fresh.xml', base64: einvoice(6100) }],
    });
    const second = await scan(who, query);
    expect(second.body).toMatchObject({ messages: 2, more: true });
    expect(second.body.items.map((i: Json) => i.attachment)).toEqual(['fresh.xml', 'layer0.xml']);

    const rest: Json[] = [];
    while (rest.length < 10) {
      const r = await scan(who, query);
      rest.push(r.body);
      if (!r.body.more) break;
    }
    expect(rest.at(-1).more).toBe(false);
    expect(rest.flatMap((b) => b.items.map((i: Json) => i.attachment))).toEqual([
      'layer1.xml',
      'layer2.xml',
      'layer3.xml',
      'layer4.xml',
      'layer5.xml',
    ]);
    expect(await seenIds([...old, fresh.id])).toEqual([...old, fresh.id].sort());
    expect((await scan(who, query)).body).toMatchObject({ messages: 0, more: false });
  });
  it('gets past more messages received within one second than a scan lists', async () => {
    const { who, addMany, markSeen, seenIds } = await mailbox('burst');
    await emulator('/emulator/controls', { maxPageSize: 2 });
    const now = Date.now();
    const from = 'Shop <orders@burst.example>';
    const second = iso(Math.floor((now - HOUR) / 1000) * 1000 + 250);
    await markSeen(
      await addMany(Array.from({ length: 45 }, (_, i) => ({ from, subject: `burst ${i}`, date: second }))),
    );
    const old = await addMany(
      Array.from({ length: 3 }, (_, i) => ({
        from,
        subject: `old ${i}`,
        date: iso(now - 2 * HOUR - i * MINUTE),
      })),
    );
    const query = `?limit=10&query=${encodeURIComponent('from:burst.example')}`;
    const scans: Json[] = [];
    while (scans.length < 6) {
      const r = await scan(who, query);
      scans.push(r.body);
      if (!r.body.more) break;
    }
    expect(scans.at(-1).more).toBe(false);
    expect(scans.reduce((n, b) => n + b.messages, 0)).toBe(3);
    expect(await seenIds(old)).toEqual([...old].sort());
  });
});

describe('one scan per account at a time', () => {
  it('a scan asked for the moment the last one answered runs: the answer comes once the lock is free', async () => {
    const { who } = await mailbox('again');
    // Each sent as soon as the last answer arrived. On PostgreSQL the lock is freed by a query of
    // its own; an answer sent before that query came back let the next scan meet 409.
    for (let i = 0; i < 100; i++) {
      const r = await scan(who);
      expect(r.status, `scan ${i + 1}: ${JSON.stringify(r.body)}`).toBe(200);
    }
  });
});

describe('GOOGLE_TIMEOUT_MS', () => {
  it('sets how long a call to Google may take: a request that hangs longer ends the scan with 502', async () => {
    const t = await startTestServer({ GOOGLE_TIMEOUT_MS: '300' });
    try {
      expect(t.letters.connections.provider.timeoutMs).toBe(300);
      const steps = mailSteps(() => t);
      const who = await t.session('timeout@mail.example');
      // Connecting is not what is timed: on a busy machine its calls may take longer than 300 ms.
      t.letters.connections.provider.timeoutMs = 30_000;
      await steps.connect(who, 'timeout@gmail.example');
      t.letters.connections.provider.timeoutMs = 300;
      await steps.emulator('/emulator/controls', {
        faults: [{ match: 'GET /gmail/v1/users/me/messages', hang: true }],
      });
      const hung = await steps.scan(who);
      expect(hung.status).toBe(502);
      expect(hung.body).toEqual({ detail: 'mail_provider_error' });
    } finally {
      await t.stop();
    }
  });

  it('is 30 s unless set, and refused below 100 ms', () => {
    const base = { DATA_DIR: 'unused', SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).googleTimeoutMs).toBe(30_000);
    expect(loadConfig({ ...base, GOOGLE_TIMEOUT_MS: '5000' }).googleTimeoutMs).toBe(5000);
    expect(() => loadConfig({ ...base, GOOGLE_TIMEOUT_MS: '50' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, GOOGLE_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
  });
});
