// Letters about an invoice, sent from the person's connected mailbox: writing one (recipient,
// language, the fields to list), its tracking picture's token (derived from the server's secret,
// only its hash stored), and the queue that sends due letters (`queued` → `sent`, or `failed`
// with the reason; provider hiccups are retried with backoff) and looks for bounce notices in the
// threads of letters sent lately (`bounced`).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  accountsWithSentLetters,
  type Db,
  dueLetters,
  inboxItemOfJob,
  insertLetter,
  inTransaction,
  type Job,
  type Letter,
  letterById,
  markLettersBounced,
  updateLetter,
} from '@invoice-reader/db';
import { countryOf } from '@invoice-reader/engine';
import addressparser from 'nodemailer/lib/addressparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import { escapeHtml } from '../auth/texts.js';
import { HttpError } from '../http/errors.js';
import type { Logger } from '../log.js';
import type { MailConnections } from './connection.js';
import { MailProviderError, mailFailure } from './google.js';
import { correctionRequest, type FieldIssue, LETTER_LANGS, type LetterLang } from './letter-texts.js';

/** Waits before the 2nd, 3rd, ... try when the provider failed for a while; then the letter fails. */
export const LETTER_BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000];

export const pixelToken = (secret: string, letterId: number): string =>
  createHmac('sha256', `${secret}:letter-pixel`).update(String(letterId)).digest('base64url');
export const hashPixelToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const pixelUrl = (publicUrl: string, token: string) => `${publicUrl}/track/${token}.gif`;

interface StoredResult {
  fields?: Record<string, string>;
  fields_detailed?: Array<{ key: string; value: string; status: string; flags?: string[] }>;
  document?: {
    seller?: { contact?: { email?: string }; electronic_address?: { scheme?: string; value: string } };
  };
}

const resultOf = (job: Job): StoredResult => {
  try {
    return job.result ? (JSON.parse(job.result) as StoredResult) : {};
  } catch {
    return {};
  }
};

/** "Invoice 2026-0417 — Papierwerk Muster GmbH", or the file name when nothing was read. */
export function invoiceTitle(job: Job): { title: string; number: string; date: string; debtor: string } {
  const f = resultOf(job).fields ?? {};
  const number = f.invoice_no || f.invoice_number || '';
  const seller = f.seller_name || f.vendor_name || '';
  const title = [number, seller].filter(Boolean).join(' — ') || job.filename;
  return { title, number, date: f.invoice_date ?? '', debtor: f.buyer_name ?? '' };
}

export interface LetterRequest {
  job: Job;
  kind: 'correction_request';
  to?: string | undefined;
  lang?: LetterLang | undefined;
  note?: string | undefined;
  sendAt?: string | undefined;
}

/** Writes a letter and queues it. The caller has checked the job is the account's and the mailbox works. */
export async function writeLetter(
  db: Db,
  secret: string,
  r: LetterRequest,
  now = new Date(),
): Promise<Letter> {
  const { job } = r;
  if (job.status !== 'done') throw new HttpError(409, 'job_not_done');
  const result = resultOf(job);
  const came = await inboxItemOfJob(db, job.accountId, job.id);
  const seller = result.document?.seller;
  const invoiceEmail =
    seller?.contact?.email ??
    (seller?.electronic_address?.scheme === 'EM' ? seller.electronic_address.value : undefined);
  const to = r.to ?? (came ? addressparser(came.sender)[0]?.address : undefined) ?? invoiceEmail;
  if (!to) throw new HttpError(400, 'recipient_unknown');
  const invoiceLang = countryOf(job.country)?.languages.find((l) => (LETTER_LANGS as string[]).includes(l));
  const lang: LetterLang = r.lang ?? (invoiceLang as LetterLang | undefined) ?? 'en';
  let issues: FieldIssue[] = (result.fields_detailed ?? [])
    .filter((d) => d.status === 'flagged' || d.status === 'unconfirmed')
    .map((d) => ({ key: d.key, value: d.value, status: d.status, flags: d.flags ?? [] }));
  if (!issues.length)
    issues = (result.fields_detailed ?? [])
      .filter((d) => d.status === 'missing')
      .map((d) => ({ key: d.key, value: '', status: d.status, flags: [] }));
  const t = invoiceTitle(job);
  const words = correctionRequest(lang, { number: t.number, date: t.date }, issues, r.note);
  const at = now.toISOString();
  return inTransaction(db, async (tx) => {
    const letter = await insertLetter(tx, {
      accountId: job.accountId,
      jobId: job.id,
      kind: r.kind,
      lang,
      toAddress: to,
      subject: words.subject,
      body: words.text,
      invoiceTitle: t.title,
      debtor: t.debtor,
      status: 'queued',
      // Replaced at once below: the token is derived from the letter's id.
      trackingHash: `pending:${randomBytes(16).toString('hex')}`,
      replyThreadId: came?.threadId || null,
      sendAt: r.sendAt ? new Date(r.sendAt).toISOString() : at,
      nextAttemptAt: at,
      createdAt: at,
    });
    const trackingHash = hashPixelToken(pixelToken(secret, letter.id));
    await updateLetter(tx, letter.id, { trackingHash });
    return { ...letter, trackingHash };
  });
}

export function presentLetter(l: Letter) {
  return {
    id: l.id,
    job_id: l.jobId,
    kind: l.kind,
    status: l.status,
    error: l.error,
    to: l.toAddress,
    subject: l.subject,
    lang: l.lang,
    invoice_title: l.invoiceTitle,
    debtor: l.debtor,
    created_at: l.createdAt,
    send_at: l.sendAt,
    sent_at: l.sentAt,
    opened_at: l.openedAt,
  };
}

export interface LetterQueueDeps {
  db: Db;
  connections: MailConnections;
  secret: string;
  publicUrl: string;
  log: Logger;
  /** A mailbox that sent letters lately is searched for bounce notices at most this often. */
  bounceCheckMs: number;
}

/** Bounce notices are looked for this long after a letter was sent. */
const BOUNCE_WINDOW_MS = 3 * 86_400_000;
/** Gmail's search for delivery failure notices (they arrive in the letter's thread). */
const BOUNCE_QUERY = 'from:mailer-daemon newer_than:3d';

/** Sends due letters; one tick at a time, each letter once per tick. */
export class LetterQueue {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly bounceCheckedAt = new Map<number, number>();

  constructor(private readonly deps: LetterQueueDeps) {}

  /** The mailbox connections letters go out through (the same the scan uses). */
  get connections(): MailConnections {
    return this.deps.connections;
  }

  start(everyMs = 1_000): void {
    this.timer = setInterval(() => this.kick(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Sends what is due now; only while started (across processes, only the leader sends). */
  kick(): void {
    if (!this.timer) return;
    this.running ??= this.tick()
      .catch((err) => this.deps.log.warn('letter queue tick failed', { error: String(err) }))
      .finally(() => {
        this.running = undefined;
      });
  }

  private async tick(): Promise<void> {
    for (const letter of await dueLetters(this.deps.db, new Date().toISOString(), 20))
      await this.send(letter);
    await this.checkBounces();
  }

  /** A delivery failure notice in a sent letter's thread makes the letter `bounced`. */
  private async checkBounces(): Promise<void> {
    const { db, connections, log, bounceCheckMs } = this.deps;
    const now = Date.now();
    for (const accountId of await accountsWithSentLetters(
      db,
      new Date(now - BOUNCE_WINDOW_MS).toISOString(),
    )) {
      if (now - (this.bounceCheckedAt.get(accountId) ?? 0) < bounceCheckMs) continue;
      this.bounceCheckedAt.set(accountId, now);
      try {
        const opened = await connections.open(accountId);
        if (!opened) continue;
        const list = await opened.gmail.users.messages.list({
          userId: 'me',
          q: BOUNCE_QUERY,
          maxResults: 100,
        });
        const threads = (list.data.messages ?? []).map((m) => m.threadId ?? '').filter(Boolean);
        const bounced = await markLettersBounced(db, accountId, threads, 'delivery_failed');
        if (bounced) log.info('letters bounced', { account: accountId, letters: bounced });
      } catch (err) {
        // Looked for again at the next check; sending goes on meanwhile.
        log.warn('bounce check failed', { account: accountId, error: String((err as Error).message ?? err) });
      }
    }
  }

  private async send(letter: Letter): Promise<void> {
    const { db, connections, secret, publicUrl, log } = this.deps;
    try {
      const opened = await connections.open(letter.accountId);
      if (!opened) return await updateLetter(db, letter.id, { status: 'failed', error: 'mail_disconnected' });
      const { gmail, address } = opened;
      const pixel = pixelUrl(publicUrl, pixelToken(secret, letter.id));
      const html = `<!doctype html><html lang="${letter.lang}"><body>${letter.body
        .split('\n\n')
        .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
        .join('')}<img src="${pixel}" width="1" height="1" alt=""></body></html>`;
      const raw = await new MailComposer({
        from: address,
        to: letter.toAddress,
        subject: letter.subject,
        text: letter.body,
        html,
        headers: { 'Content-Language': letter.lang },
      })
        .compile()
        .build();
      // Disconnected while this was being written: the letter stays stopped.
      if ((await letterById(db, letter.id))?.status !== 'queued') return;
      const sent = await gmail.users.messages
        .send({
          userId: 'me',
          requestBody: {
            raw: raw.toString('base64url'),
            ...(letter.replyThreadId ? { threadId: letter.replyThreadId } : {}),
          },
        })
        .catch((err: unknown) => {
          throw mailFailure(err, 'use');
        });
      await updateLetter(db, letter.id, {
        status: 'sent',
        error: null,
        attempts: letter.attempts + 1,
        sentAt: new Date().toISOString(),
        providerMessageId: sent.data.id ?? null,
        providerThreadId: sent.data.threadId ?? null,
      });
    } catch (err) {
      const e = err instanceof MailProviderError ? err : mailFailure(err, 'use');
      const attempts = letter.attempts + 1;
      const transient =
        e.code === 'mail_provider_unreachable' ||
        (e.code === 'mail_provider_error' && (e.status ?? 500) >= 500);
      const wait = transient ? LETTER_BACKOFF_MS[attempts - 1] : undefined;
      log.warn('letter not sent', { letter: letter.id, attempts, error: e.code, retry_in_ms: wait ?? null });
      await updateLetter(db, letter.id, {
        attempts,
        ...(wait === undefined
          ? {
              status: 'failed' as const,
              error: e.code === 'mail_provider_error' ? `${e.code}: ${e.message}` : e.code,
            }
          : { nextAttemptAt: new Date(Date.now() + wait).toISOString() }),
      });
    }
  }
}
