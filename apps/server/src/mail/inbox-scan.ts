// The inbox scan: pages through the provider's search (new mail first, then on from where the last
// scan stopped), skips messages read before, and reads each
// PDF, XML, JPG or PNG attachment of up to `limit` new messages through the same submission as an
// upload (source `inbox`: dedup by content hash, the web allowance). Every attachment is recorded
// once, with the job it became or why it did not.
import type { gmail_v1 } from '@googleapis/gmail';
import {
  type Account,
  countWaitingInboxItems,
  type Db,
  type InboxItem,
  type InboxItemWrite,
  inboxItemOfJob,
  inboxItemsOfMessage,
  inboxScanPosition,
  type Job,
  jobById,
  recordInboxMessage,
  saveInboxScanPosition,
  seenMessageIds,
  waitingInboxItems,
} from '@invoice-reader/db';
import type { BlobStore } from '../blobs/store.js';
import { HttpError } from '../http/errors.js';
import { submitFile } from '../jobs/submit.js';
import { webAllowance } from '../web-parse/allowance.js';
import { asHttp } from './connection.js';
import { MailProviderError, mailFailure } from './google.js';
import { advanceGap, closeGap, complete, gapCount, gapQuery, type Span } from './scan-position.js';

const INVOICE_FILE = /\.(pdf|xml|jpe?g|png)$/i;
const INVOICE_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};
/** A scan lists at most this many pages of search results (it goes on where the last one stopped). */
const MAX_PAGES = 20;
const PAGE_SIZE = 100;

export interface ScanOptions {
  account: Account;
  /** The connected mailbox's address: how far scans got is kept per mailbox and search. */
  address: string;
  limit: number;
  query: string;
  country: string;
  maxBytes: number;
  /** The bound of a file's search for a payment QR code (QR_SEARCH_MS; see submitFile). */
  qrSearchMs: number;
}

export interface ScanResult {
  messages: number;
  read: number;
  duplicates: number;
  skipped: number;
  waiting: number;
  more: boolean;
  items: InboxItem[];
}

type Call = <T>(p: Promise<{ data: T }>) => Promise<T>;

const header = (m: gmail_v1.Schema$Message, name: string) =>
  m.payload?.headers?.find((h) => h.name?.toLowerCase() === name.toLowerCase())?.value ?? '';

const mimeOf = (p: gmail_v1.Schema$MessagePart) => (p.mimeType ?? '').toLowerCase().split(';')[0]!.trim();

/**
 * The attachments of a message, depth first (they sit in nested multiparts too): every part with
 * a file name, and a part without one whose type is an invoice's (a PDF sent without a name), which
 * is named `attachment-<n>.<ext>`. Text and HTML bodies have neither.
 */
function attachmentsOf(payload: gmail_v1.Schema$MessagePart | undefined) {
  const out: Array<{ part: gmail_v1.Schema$MessagePart; filename: string }> = [];
  const walk = (part: gmail_v1.Schema$MessagePart | undefined) => {
    if (!part) return;
    const ext = INVOICE_TYPES[mimeOf(part)];
    if (part.filename) out.push({ part, filename: part.filename });
    else if (ext && (part.body?.attachmentId || part.body?.data))
      out.push({ part, filename: `attachment-${out.length + 1}.${ext}` });
    for (const child of part.parts ?? []) walk(child);
  };
  walk(payload);
  return out;
}

const isInvoiceFile = (p: gmail_v1.Schema$MessagePart, filename: string) =>
  INVOICE_FILE.test(filename) || mimeOf(p) in INVOICE_TYPES;

export async function scanInbox(
  db: Db,
  blobs: BlobStore,
  gmail: gmail_v1.Gmail,
  opts: ScanOptions,
): Promise<ScanResult> {
  const out: ScanResult = {
    messages: 0,
    read: 0,
    duplicates: 0,
    skipped: 0,
    waiting: 0,
    more: false,
    items: [],
  };
  const call: Call = async (p) => {
    try {
      return (await p).data;
    } catch (err) {
      throw asHttp(mailFailure(err, 'use'));
    }
  };
  // Attachments that waited for a scanned parse come first (they arrived first), and only when
  // there is a parse to read them: they do not count against the limit of new messages.
  await readWaiting(db, blobs, gmail, opts, out);
  out.more ||= await readNew(db, blobs, gmail, call, opts, out);
  out.waiting = await countWaitingInboxItems(db, opts.account.id);
  return out;
}

/** How a listing of one gap ended: at its end, at the limit of new messages, or at its pages. */
interface Walked {
  end: 'done' | 'limit' | 'pages';
  pages: number;
  /** The ids it listed and read or found seen, in its order (newest first). */
  handled: string[];
}

/**
 * New messages, up to `limit`: answers whether a further scan has more to list. Every scan lists
 * the search from its newest message first (new mail, and mail that arrived late with an older
 * date), then goes on below where earlier scans stopped (scan-position.ts), so repeated scans get
 * through the whole mailbox however many messages were seen before.
 */
async function readNew(
  db: Db,
  blobs: BlobStore,
  gmail: gmail_v1.Gmail,
  call: Call,
  opts: ScanOptions,
  out: ScanResult,
): Promise<boolean> {
  const key = { accountId: opts.account.id, address: opts.address, query: opts.query };
  let spans = await inboxScanPosition(db, key);
  const keep = async (next: Span[]) => {
    spans = next;
    await saveInboxScanPosition(db, key, spans, new Date().toISOString());
  };
  /** Receive times of the messages this scan read. */
  const received = new Map<string, number>();
  let pages = 0;
  for (let gap = 0; gap < gapCount(spans); ) {
    if (pages >= MAX_PAGES) return true;
    // While older gaps wait, the top gets half the pages, so the walk below them goes on.
    const share = gap === 0 && spans.length && !complete(spans) ? MAX_PAGES / 2 : MAX_PAGES - pages;
    const at = Date.now();
    const q = gapQuery(spans, gap, opts.query);
    const walked = await walk(db, blobs, gmail, call, opts, out, q, share, received);
    pages += walked.pages;
    if (walked.end === 'done') {
      await keep(closeGap(spans, gap, at));
      // After gap 0 comes gap 1; a gap below closed joins two spans, and the next takes its place.
      if (gap === 0) gap = 1;
      continue;
    }
    const date = await lastReceived(gmail, walked.handled, received);
    // Stopped at its pages with half a scan's or more: it must have got further than the last did.
    // (The first gap below the top always gets that many, so every gap gets its turn.)
    const full = walked.end === 'pages' && walked.pages >= MAX_PAGES / 2;
    if (date !== undefined) await keep(advanceGap(spans, gap, date, at, full));
    if (walked.end === 'limit') return true;
    // Out of pages: the gap goes on as the one below the span that grew (or that gap 0 made).
    if (gap === 0) gap = 1;
  }
  return !complete(spans);
}

/** Lists one gap (Gmail's `q`), reading the messages not seen before, within `maxPages` pages. */
async function walk(
  db: Db,
  blobs: BlobStore,
  gmail: gmail_v1.Gmail,
  call: Call,
  opts: ScanOptions,
  out: ScanResult,
  q: string,
  maxPages: number,
  received: Map<string, number>,
): Promise<Walked> {
  const handled: string[] = [];
  let pageToken: string | undefined;
  for (let page = 0; ; page++) {
    if (page >= maxPages) return { end: 'pages', pages: page, handled };
    const list = await call(
      gmail.users.messages.list({
        userId: 'me',
        q,
        maxResults: PAGE_SIZE,
        ...(pageToken ? { pageToken } : {}),
      }),
    );
    const ids = (list.messages ?? []).map((m) => m.id ?? '').filter(Boolean);
    const seen = await seenMessageIds(db, opts.account.id, ids);
    for (const id of ids) {
      if (!seen.has(id)) {
        if (out.messages >= opts.limit) return { end: 'limit', pages: page + 1, handled };
        out.messages++;
        const date = await readMessage(db, blobs, gmail, call, id, opts, out);
        if (date !== undefined) received.set(id, date);
      }
      handled.push(id);
    }
    pageToken = list.nextPageToken ?? undefined;
    if (!pageToken) return { end: 'done', pages: page + 1, handled };
  }
}

/**
 * The receive time of the last listed message whose time can be learnt: read in this scan, else
 * asked of Gmail (`format=minimal`). One deleted since is passed over for the one before it.
 */
async function lastReceived(
  gmail: gmail_v1.Gmail,
  handled: readonly string[],
  received: ReadonlyMap<string, number>,
): Promise<number | undefined> {
  for (const id of handled.slice(-5).reverse()) {
    let date = received.get(id);
    if (date === undefined) {
      try {
        const msg = (await gmail.users.messages.get({ userId: 'me', id, format: 'minimal' })).data;
        date = Number(msg.internalDate);
      } catch (err) {
        const failure = mailFailure(err, 'use');
        if (failure instanceof MailProviderError && failure.status === 404) continue;
        throw asHttp(failure);
      }
    }
    if (Number.isFinite(date)) return date;
  }
  return undefined;
}

/** What became of one attachment, before it is recorded. */
type Outcome = Pick<InboxItem, 'status'> & Partial<Pick<InboxItem, 'error' | 'jobId' | 'sha256'>>;

/**
 * Reads one message: every Gmail call first (the message, then each attachment's bytes), then each
 * file submitted, then all of it recorded with the message's read-marker in one transaction. A
 * failure or a crash part way records nothing, so the next scan reads the whole message again
 * (files submitted before answer their jobs again, nothing read or charged twice). Answers the
 * message's receive time (epoch ms) when Gmail gave one.
 */
async function readMessage(
  db: Db,
  blobs: BlobStore,
  gmail: gmail_v1.Gmail,
  call: Call,
  messageId: string,
  opts: ScanOptions,
  out: ScanResult,
): Promise<number | undefined> {
  const msg = await call(gmail.users.messages.get({ userId: 'me', id: messageId, format: 'full' }));
  const received = Number(msg.internalDate);
  const base = {
    accountId: opts.account.id,
    messageId,
    threadId: msg.threadId ?? '',
    sender: header(msg, 'From').slice(0, 500),
    subject: header(msg, 'Subject').slice(0, 500),
    receivedAt: new Date(Number.isFinite(received) ? received : Date.now()).toISOString(),
    createdAt: new Date().toISOString(),
  };
  // Rows a scan recorded before messages were marked read as a whole: kept as they are.
  const before = new Set((await inboxItemsOfMessage(db, opts.account.id, messageId)).map((i) => i.partId));
  const parts = attachmentsOf(msg.payload).filter(({ part }) => !before.has(part.partId ?? ''));
  const fetched: Array<{ part: gmail_v1.Schema$MessagePart; filename: string; bytes?: Buffer }> = [];
  for (const { part, filename } of parts) {
    const wanted = isInvoiceFile(part, filename) && (part.body?.size ?? 0) <= opts.maxBytes;
    fetched.push({
      part,
      filename,
      ...(wanted ? { bytes: await bytesOf(gmail, call, messageId, part) } : {}),
    });
  }
  const writes: InboxItemWrite[] = [];
  const made = new Set<number>();
  for (const { part, filename, bytes } of fetched) {
    const item = { ...base, partId: part.partId ?? '', filename: filename.slice(0, 255) };
    let outcome: Outcome;
    if (!isInvoiceFile(part, filename)) outcome = { status: 'skipped', error: 'unsupported_file_type' };
    else if (!bytes) outcome = { status: 'refused', error: 'file_too_large' };
    else outcome = await submit(db, blobs, opts, bytes, item.filename, made);
    writes.push({ insert: { ...item, ...outcome } });
  }
  const rows = await recordInboxMessage(db, opts.account.id, messageId, writes, new Date().toISOString());
  for (const row of rows) count(out, row);
  out.items.push(...rows);
  return Number.isFinite(received) ? received : undefined;
}

async function bytesOf(
  gmail: gmail_v1.Gmail,
  call: Call,
  messageId: string,
  part: gmail_v1.Schema$MessagePart,
): Promise<Buffer> {
  const data =
    part.body?.data ??
    (part.body?.attachmentId
      ? (
          await call(
            gmail.users.messages.attachments.get({ userId: 'me', messageId, id: part.body.attachmentId }),
          )
        ).data
      : undefined);
  return Buffer.from(data ?? '', 'base64url');
}

/**
 * One file through the upload's submission. `made`: the jobs this message made so far. A duplicate
 * of an inbox job no inbox record names yet is this message's own (a scan that failed after
 * submitting it): it counts as read.
 */
async function submit(
  db: Db,
  blobs: BlobStore,
  opts: ScanOptions,
  bytes: Buffer,
  filename: string,
  made: Set<number>,
): Promise<Outcome> {
  try {
    const { job, duplicate } = await submitFile(db, blobs, {
      account: opts.account,
      apiKeyId: null,
      source: 'inbox',
      bytes,
      filename,
      country: opts.country,
      qrSearchMs: opts.qrSearchMs,
    });
    const own =
      !duplicate ||
      (job.source === 'inbox' && !made.has(job.id) && !(await inboxItemOfJob(db, opts.account.id, job.id)));
    made.add(job.id);
    return { status: own ? 'read' : 'duplicate', jobId: job.id, sha256: job.sha256, error: null };
  } catch (err) {
    if (
      !(err instanceof HttpError) ||
      err.status === 507 ||
      (err.status === 400 && err.detail === 'unsupported_country')
    )
      throw err;
    // `plan_required`: waiting; a later scan with parses to spare reads it.
    return { status: 'refused', error: err.detail };
  }
}

function count(out: ScanResult, row: InboxItem): void {
  if (row.status === 'read') out.read++;
  else if (row.status === 'duplicate') out.duplicates++;
  else if (row.error !== 'plan_required') out.skipped++;
}

/**
 * Attachments waiting for a scanned parse, oldest mail first, while the account has a parse left
 * (none left: nothing is fetched), at most `limit` a scan. Each is fetched again (the message, for
 * the attachment's current id, then its bytes) and submitted; still no parse: it keeps waiting.
 */
async function readWaiting(
  db: Db,
  blobs: BlobStore,
  gmail: gmail_v1.Gmail,
  opts: ScanOptions,
  out: ScanResult,
): Promise<void> {
  const accountId = opts.account.id;
  const raw = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);
  const waiting = await waitingInboxItems(db, accountId, opts.limit + 1);
  const messages = new Map<string, gmail_v1.Schema$Message | null>();
  for (const [i, item] of waiting.entries()) {
    if ((await webAllowance(db, accountId)).left <= 0) return;
    if (i === opts.limit) {
      out.more = true;
      return;
    }
    let msg = messages.get(item.messageId);
    if (msg === undefined) {
      try {
        msg = await raw(gmail.users.messages.get({ userId: 'me', id: item.messageId, format: 'full' }));
      } catch (err) {
        const failure = mailFailure(err, 'use');
        // Deleted from the mailbox since: nothing left to read.
        if (!(failure instanceof MailProviderError && failure.status === 404)) throw asHttp(failure);
        msg = null;
      }
      messages.set(item.messageId, msg);
    }
    const part = msg && attachmentsOf(msg.payload).find(({ part }) => (part.partId ?? '') === item.partId);
    const outcome: Outcome = part
      ? await submit(
          db,
          blobs,
          opts,
          await bytesOf(
            gmail,
            async (p) => {
              try {
                return await raw(p);
              } catch (err) {
                throw asHttp(mailFailure(err, 'use'));
              }
            },
            item.messageId,
            part.part,
          ),
          item.filename,
          new Set(),
        )
      : { status: 'refused', error: 'mail_message_gone' };
    if (outcome.error === 'plan_required') return;
    const [row] = await recordInboxMessage(
      db,
      accountId,
      item.messageId,
      [{ update: item.id, set: outcome }],
      new Date().toISOString(),
    );
    count(out, row!);
    out.items.push(row!);
  }
}

/** An inbox record as the API shows it: the job's status when it made one. */
/** The inbox records as the inbox screen shows them, each with its job's state. */
export async function presentInboxItems(db: Db, items: InboxItem[]) {
  const out = [];
  for (const item of items)
    out.push(presentInboxItem(item, item.jobId ? await jobById(db, item.jobId) : undefined));
  return out;
}

function presentInboxItem(item: InboxItem, job: Job | undefined) {
  return {
    id: item.id,
    message_id: item.messageId,
    sender: item.sender,
    subject: item.subject,
    date: item.receivedAt,
    attachment: item.filename,
    job_id: item.jobId,
    status: job?.status ?? (item.jobId ? 'deleted' : item.status),
    duplicate: item.status === 'duplicate',
    // A job that failed says why; else why no job was made.
    error: job?.status === 'failed' ? (job.error ?? item.error) : item.error,
  };
}
