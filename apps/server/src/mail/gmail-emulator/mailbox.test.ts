// The emulator's search: the Gmail operators the service and a person use, on composed messages.
import { describe, expect, it } from 'vitest';
import { composeMessage, matches, searchTime } from './mailbox.js';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 24);

describe('emulator search', () => {
  it('understands has:attachment, newer_than/older_than, from, subject, filename, in: and plain words', async () => {
    const invoice = await composeMessage({
      from: 'Seller <billing@seller.example>',
      to: 'you@gmail.example',
      subject: 'Invoice 42',
      text: 'Please pay soon',
      date: new Date(now - 3 * DAY),
      attachments: [{ filename: 'inv-42.pdf', data: Buffer.from('%PDF-1.4') }],
    });
    const note = await composeMessage({
      from: 'Friend <friend@example.com>',
      to: 'you@gmail.example',
      subject: 'Lunch',
      text: 'Tomorrow?',
      date: new Date(now - 20 * DAY),
      attachments: [],
    });
    const sent = { ...note, labelIds: ['SENT'] };
    const hits = (q: string) => [invoice, note, sent].filter((m) => matches(m, q, now)).map((m) => m.subject);
    expect(hits('has:attachment newer_than:14d')).toEqual(['Invoice 42']);
    expect(hits('older_than:2w')).toEqual([]); // an unknown unit matches nothing
    expect(hits('older_than:14d')).toEqual(['Lunch']);
    expect(hits('newer_than:1m')).toEqual(['Invoice 42', 'Lunch']);
    expect(hits('from:seller.example')).toEqual(['Invoice 42']);
    expect(hits('subject:"invoice 42"')).toEqual(['Invoice 42']);
    expect(hits('filename:pdf')).toEqual(['Invoice 42']);
    expect(hits('tomorrow')).toEqual(['Lunch']);
    expect(hits('in:sent')).toEqual(['Lunch']);
    expect(hits('in:anywhere lunch')).toEqual(['Lunch', 'Lunch']);
    expect(invoice.raw.toString()).toContain('filename=inv-42.pdf');
  });

  it('understands after:/before: (and newer:/older:) in epoch seconds or dates at midnight Pacific time', async () => {
    const received = (ms: number) =>
      composeMessage({
        from: 'Seller <billing@seller.example>',
        to: 'you@gmail.example',
        subject: 'Invoice',
        text: '',
        date: new Date(ms),
        attachments: [{ filename: 'inv.pdf', data: Buffer.from('%PDF-1.4') }],
      });
    // 2026-01-15 12:00:00.500 UTC (04:00 PST) and 2026-07-15 07:30 UTC (00:30 PDT).
    const winter = await received(Date.UTC(2026, 0, 15, 12, 0, 0, 500));
    const summer = await received(Date.UTC(2026, 6, 15, 7, 30));
    const s = Math.floor(winter.internalDate / 1000);
    const hit = (m: typeof winter, q: string) => matches(m, q, now);
    // Seconds: after: takes in its own second, before: does not.
    expect(hit(winter, `after:${s}`)).toBe(true);
    expect(hit(winter, `after:${s + 1}`)).toBe(false);
    expect(hit(winter, `before:${s + 1}`)).toBe(true);
    expect(hit(winter, `before:${s}`)).toBe(false);
    expect(hit(winter, `newer:${s} older:${s + 1} has:attachment`)).toBe(true);
    // Dates: their midnight in Pacific time, standard or daylight.
    expect(searchTime('2026/01/15')).toBe(Date.UTC(2026, 0, 15, 8));
    expect(searchTime('07/15/2026')).toBe(Date.UTC(2026, 6, 15, 7));
    expect(searchTime('2026-07-15')).toBe(Date.UTC(2026, 6, 15, 7));
    expect(hit(winter, 'after:2026/01/15 before:2026/01/16')).toBe(true);
    expect(hit(winter, 'after:2026/01/16')).toBe(false);
    expect(hit(winter, 'before:01/15/2026')).toBe(false);
    expect(hit(summer, 'after:2026/07/15')).toBe(true);
    expect(hit(summer, 'before:2026/07/15')).toBe(false);
    expect(hit(winter, 'after:2026/01/01 before:2026/02/01')).toBe(true); // January
    // Anything else matches nothing.
    expect(hit(winter, 'after:yesterday')).toBe(false);
    expect(hit(winter, 'before:2026/02/30')).toBe(false);
  });
});
