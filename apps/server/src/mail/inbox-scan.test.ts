// The inbox scan when Gmail fails or mail is unusual, over real HTTP against the Gmail emulator
// (its `faults` control makes Gmail answer an error, or never answer): a failure part way through
// a message loses none of it, a hung request ends the scan, attachments waiting for a scanned
// parse do not hold up the free ones behind them, nameless attachments are read by their type.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailSteps } from '../test-support/mail-steps.js';
import { call, type Json, junkPng, startTestServer, type TestServer } from '../test-support/server.js';
import { SAMPLES_DIR } from './gmail-emulator/mailbox.js';
import type { GmailEmulatorFault } from './gmail-emulator/server.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());
afterEach(async () => {
  await faults([]);
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
  const who = s.session(`${name}@mail.example`);
  const address = `${name}@gmail.example`;
  await connect(who, address);
  expect((await scan(who)).status).toBe(200);
  const add = (m: Json) => emulator(`/emulator/mailboxes/${address}/messages`, m);
  const allowance = (used: number) =>
    s.db.$client
      .prepare('update accounts set web_free_parses_used = ? where id = ?')
      .run(used, who.accountId);
  return { who, add, allowance };
}

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

    await faults([]);
    const next = await scan(who, '?query=subject:hanging');
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ messages: 1, read: 1 });
  });
});

describe('what the scan reads', () => {
  it('attachments waiting for a scanned parse do not use up the limit, nor are fetched again while none is left', async () => {
    const { who, add, allowance } = await mailbox('waiting');
    allowance(1);
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
    allowance(0);
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
    allowance(0);
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
