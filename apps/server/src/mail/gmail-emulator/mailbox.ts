// The Gmail emulator's mailboxes: messages kept as parts (headers, text, attachments) with their
// raw MIME built once by nodemailer, Gmail's search operators the service uses, and the seed that
// fills a new mailbox from a folder of files (mail-samples/ by default: invoices of our own).
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MailComposer from 'nodemailer/lib/mail-composer';

export interface StoredAttachment {
  id: string;
  partId: string;
  filename: string;
  mimeType: string;
  data: Buffer;
}

export interface StoredMessage {
  id: string;
  threadId: string;
  /** Milliseconds since the epoch, as Gmail's `internalDate`. */
  internalDate: number;
  labelIds: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments: StoredAttachment[];
  raw: Buffer;
}

export interface Mailbox {
  address: string;
  messages: StoredMessage[];
}

/** The sample mailbox shipped with the repository (same path from src/ and from dist/). */
export const SAMPLES_DIR = fileURLToPath(new URL('../../../mail-samples/', import.meta.url));

const MIME_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.txt': 'text/plain',
};
export const mimeTypeOf = (filename: string): string =>
  MIME_TYPES[path.extname(filename).toLowerCase()] ?? 'application/octet-stream';

export const newId = (): string => randomBytes(8).toString('hex');

export interface NewMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  date: Date;
  /** `mimeType` defaults to the one of the file name's extension. */
  attachments: Array<{ filename: string; data: Buffer; mimeType?: string }>;
  labelIds?: string[];
  threadId?: string;
}

export async function composeMessage(m: NewMessage): Promise<StoredMessage> {
  const id = newId();
  const attachments = m.attachments.map((a, i) => ({
    id: `att_${newId()}`,
    partId: String(i + 1),
    filename: a.filename,
    mimeType: a.mimeType ?? mimeTypeOf(a.filename),
    data: a.data,
  }));
  const raw = await new MailComposer({
    from: m.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    date: m.date,
    attachments: attachments.map((a) => ({ filename: a.filename, content: a.data, contentType: a.mimeType })),
  })
    .compile()
    .build();
  return {
    id,
    threadId: m.threadId ?? id,
    internalDate: m.date.getTime(),
    labelIds: m.labelIds ?? ['INBOX', 'UNREAD'],
    from: m.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    attachments,
    raw,
  };
}

interface SeedEntry {
  from: string;
  subject: string;
  text: string;
  days_ago: number;
  attachments: string[];
}

/**
 * The messages a new mailbox starts with: `messages.json` of the folder when it has one, else one
 * message per invoice file in it (at most 50, by name), a day apart, newest first.
 */
export async function seedMessages(dir: string, address: string, now: number): Promise<StoredMessage[]> {
  const day = 86_400_000;
  const manifest = path.join(dir, 'messages.json');
  let entries: SeedEntry[];
  if (existsSync(manifest)) {
    entries = JSON.parse(readFileSync(manifest, 'utf8')) as SeedEntry[];
  } else {
    const files = readdirSync(dir)
      .filter((f) => /\.(pdf|xml|png|jpe?g)$/i.test(f) && statSync(path.join(dir, f)).isFile())
      .sort()
      .slice(0, 50);
    entries = files.map((f, i) => ({
      from: `Billing <billing@${path
        .parse(f)
        .name.replace(/[^a-z0-9]+/gi, '-')
        .toLowerCase()}.example>`,
      subject: `Invoice ${f}`,
      text: `Please find the invoice ${f} attached.`,
      days_ago: i + 1,
      attachments: [f],
    }));
  }
  const out: StoredMessage[] = [];
  for (const e of entries)
    out.push(
      await composeMessage({
        from: e.from,
        to: address,
        subject: e.subject,
        text: e.text,
        // A few minutes apart within a day too, so the order is stable.
        date: new Date(now - e.days_ago * day - out.length * 60_000),
        attachments: e.attachments.map((f) => ({ filename: f, data: readFileSync(path.join(dir, f)) })),
      }),
    );
  return out;
}

const PACIFIC_OFFSET = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  timeZoneName: 'shortOffset',
});

/**
 * The moment (epoch ms) an `after:` / `before:` value names, as Gmail reads it: epoch seconds, or
 * a date (`2004/04/16`, `04/16/2004`, `2004-04-16`) meaning its midnight Pacific time ("all dates
 * used in the search query are interpreted as midnight on that date in the PST timezone", Google's
 * guide to searching with the Gmail API). Anything else: NaN (matches nothing).
 */
export function searchTime(value: string): number {
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const ymd = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(value);
  const mdy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const [y, m, d] = ymd ? [ymd[1], ymd[2], ymd[3]] : mdy ? [mdy[3], mdy[1], mdy[2]] : [];
  if (!y) return Number.NaN;
  const utc = Date.UTC(Number(y), Number(m) - 1, Number(d));
  if (new Date(utc).getUTCDate() !== Number(d)) return Number.NaN;
  // Pacific time's offset at that midnight (PST or PDT: clocks change at 2 a.m., never at midnight).
  const name = PACIFIC_OFFSET.formatToParts(utc + 8 * 3_600_000).find((p) => p.type === 'timeZoneName');
  const hours = Number(/GMT([+-]\d+)/.exec(name?.value ?? '')?.[1] ?? -8);
  return utc - hours * 3_600_000;
}

/**
 * Gmail's search, the operators the service and a person trying it use: `has:attachment`,
 * `newer_than:` / `older_than:` (`Nd`, `Nm`, `Ny`), `after:` / `before:` (and their other names
 * `newer:` / `older:`: epoch seconds or a date, see `searchTime`; `after:` takes in its own moment,
 * `before:` does not, so `after:2014/01/01 before:2014/02/01` is January), `from:`, `to:`,
 * `subject:`, `filename:`, `in:inbox|sent|anywhere`; other words match the sender, subject or
 * text. Sent mail is only found with `in:sent` or `in:anywhere`, as trash and spam are in Gmail.
 */
export function matches(m: StoredMessage, q: string, now: number): boolean {
  const terms = q.match(/\S+:"[^"]*"|"[^"]*"|\S+/g) ?? [];
  let place = 'INBOX';
  const ok = terms.every((term) => {
    const colon = term.indexOf(':');
    const op = colon > 0 ? term.slice(0, colon).toLowerCase() : '';
    const value = (colon > 0 ? term.slice(colon + 1) : term).replace(/^"|"$/g, '').toLowerCase();
    const age = (v: string) => {
      const n = /^(\d+)([dmy])$/.exec(v);
      if (!n) return Number.NaN;
      return Number(n[1]) * { d: 1, m: 30, y: 365 }[n[2] as 'd' | 'm' | 'y']! * 86_400_000;
    };
    switch (op) {
      case 'has':
        return value === 'attachment' ? m.attachments.length > 0 : false;
      case 'newer_than':
        return m.internalDate > now - age(value);
      case 'older_than':
        return m.internalDate < now - age(value);
      case 'after':
      case 'newer':
        return m.internalDate >= searchTime(value);
      case 'before':
      case 'older':
        return m.internalDate < searchTime(value);
      case 'from':
        return m.from.toLowerCase().includes(value);
      case 'to':
        return m.to.toLowerCase().includes(value);
      case 'subject':
        return m.subject.toLowerCase().includes(value);
      case 'filename':
        return m.attachments.some((a) => a.filename.toLowerCase().includes(value));
      case 'in':
        place = value.toUpperCase();
        return true;
      default:
        return `${m.from} ${m.subject} ${m.text}`.toLowerCase().includes(value);
    }
  });
  return ok && (place === 'ANYWHERE' || m.labelIds.includes(place));
}
