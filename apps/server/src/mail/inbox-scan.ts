// The inbox scan: pages through the provider's search, skips messages read before, and reads each
// PDF, XML, JPG or PNG attachment of up to `limit` new messages through the same submission as an
// upload (source `inbox`: dedup by content hash, the web allowance). Every attachment is recorded
// once, with the job it became or why it did not.
import type { gmail_v1 } from '@googleapis/gmail';
import {
  type Account,
  type Db,
  type InboxItem,
  inboxItemsOfMessage,
  insertInboxItem,
  jobById,
  seenMessageIds,
  updateInboxItem,
} from '@invoice-reader/db';
import { HttpError } from '../http/errors.js';
import type { BlobStore } from '../jobs/blobs.js';
import { submitFile } from '../jobs/submit.js';
import { asHttp } from './connection.js';
import { mailFailure } from './google.js';

const INVOICE_FILE = /\.(pdf|xml|jpe?g|png)$/i;
const INVOICE_TYPES = new Set(['application/pdf', 'application/xml', 'text/xml', 'image/jpeg', 'image/png']);
/** A scan looks through at most this many pages of search results for new messages. */
const MAX_PAGES = 20;
const PAGE_SIZE = 100;

export interface ScanOptions {
  account: Account;
  limit: number;
  query: string;
  country: string;
  maxBytes: number;
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

const header = (m: gmail_v1.Schema$Message, name: string) =>
  m.payload?.headers?.find((h) => h.name?.toLowerCase() === name.toLowerCase())?.value ?? '';

/** Every part with a file name, depth first (attachments sit in nested multiparts too). */
function attachmentsOf(part: gmail_v1.Schema$MessagePart | undefined): gmail_v1.Schema$MessagePart[] {
  if (!part) return [];
  const own = part.filename ? [part] : [];
  return [...own, ...(part.parts ?? []).flatMap(attachmentsOf)];
}

const isInvoiceFile = (p: gmail_v1.Schema$MessagePart) =>
  INVOICE_FILE.test(p.filename ?? '') || INVOICE_TYPES.has((p.mimeType ?? '').toLowerCase());

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
  const call = async <T>(p: Promise<{ data: T }>): Promise<T> => {
    try {
      return (await p).data;
    } catch (err) {
      throw asHttp(mailFailure(err, 'use'));
    }
  };
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const list = await call(
      gmail.users.messages.list({
        userId: 'me',
        q: opts.query,
        maxResults: PAGE_SIZE,
        ...(pageToken ? { pageToken } : {}),
      }),
    );
    const ids = (list.messages ?? []).map((m) => m.id ?? '').filter(Boolean);
    const seen = seenMessageIds(db, opts.account.id, ids);
    for (const id of ids) {
      if (seen.has(id)) continue;
      if (out.messages >= opts.limit) {
        out.more = true;
        return out;
      }
      out.messages++;
      await readMessage(db, blobs, gmail, call, id, opts, out);
    }
    pageToken = list.nextPageToken ?? undefined;
    if (!pageToken) return out;
  }
  out.more = true;
  return out;
}

async function readMessage(
  db: Db,
  blobs: BlobStore,
  gmail: gmail_v1.Gmail,
  call: <T>(p: Promise<{ data: T }>) => Promise<T>,
  messageId: string,
  opts: ScanOptions,
  out: ScanResult,
): Promise<void> {
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
  const before = new Map(inboxItemsOfMessage(db, opts.account.id, messageId).map((i) => [i.partId, i]));
  for (const part of attachmentsOf(msg.payload)) {
    const item = { ...base, partId: part.partId ?? '', filename: (part.filename ?? '').slice(0, 255) };
    const earlier = before.get(item.partId);
    // Read before; only an attachment that waited for a scanned parse is tried again.
    if (earlier && earlier.error !== 'plan_required') continue;
    const record = (row: Partial<InboxItem> & Pick<InboxItem, 'status'>) =>
      out.items.push(
        earlier
          ? updateInboxItem(db, earlier.id, { error: null, ...row })
          : insertInboxItem(db, { ...item, ...row }),
      );
    if (!isInvoiceFile(part)) {
      out.skipped++;
      record({ status: 'skipped', error: 'unsupported_file_type' });
      continue;
    }
    if ((part.body?.size ?? 0) > opts.maxBytes) {
      out.skipped++;
      record({ status: 'refused', error: 'file_too_large' });
      continue;
    }
    const data =
      part.body?.data ??
      (part.body?.attachmentId
        ? (
            await call(
              gmail.users.messages.attachments.get({ userId: 'me', messageId, id: part.body.attachmentId }),
            )
          ).data
        : undefined);
    const bytes = Buffer.from(data ?? '', 'base64url');
    try {
      const { job, duplicate } = await submitFile(db, blobs, {
        account: opts.account,
        apiKeyId: null,
        source: 'inbox',
        bytes,
        filename: item.filename,
        country: opts.country,
      });
      if (duplicate) out.duplicates++;
      else out.read++;
      record({ status: duplicate ? 'duplicate' : 'read', jobId: job.id, sha256: job.sha256 });
    } catch (err) {
      if (
        !(err instanceof HttpError) ||
        err.status === 507 ||
        (err.status === 400 && err.detail === 'unsupported_country')
      )
        throw err;
      if (err.detail === 'plan_required') {
        // Recorded as waiting: the next scan, with parses to spare, reads it.
        out.waiting++;
        if (!earlier) record({ status: 'refused', error: 'plan_required' });
        continue;
      }
      out.skipped++;
      record({ status: 'refused', error: err.detail });
    }
  }
}

/** An inbox record as the API shows it: the job's status when it made one. */
export function presentInboxItem(db: Db, item: InboxItem) {
  const job = item.jobId ? jobById(db, item.jobId) : undefined;
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
    error: item.error,
  };
}
