// The emulator's search: the Gmail operators the service and a person use, on composed messages.
import { describe, expect, it } from 'vitest';
import { composeMessage, matches } from './mailbox.js';

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
});
