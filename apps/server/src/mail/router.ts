// The mail routes: the connected mailbox (/api/v1/mail/account*, and /oauth/callback where the
// provider sends the person back), the inbox scan and its list (/api/v1/inbox*), letters
// (/api/v1/letters) and their tracking picture (/track/{token}.gif). Account routes need a
// session; the callback is checked by its signed state, the picture answers everyone alike.
import {
  InboxListOut,
  InboxListQuery,
  InboxScanOut,
  InboxScanQuery,
  JobIdParams,
  LetterIn,
  LetterOut,
  LettersOut,
  LettersQuery,
  MailAccountOut,
  MailConnectOut,
  MailDisconnectOut,
  OAuthCallbackQuery,
  TrackParams,
} from '@invoice-reader/contract';
import {
  accountById,
  countInboxItems,
  type Db,
  inboxItemsOf,
  jobById,
  lettersOf,
  mailAccountOf,
  markLetterOpened,
} from '@invoice-reader/db';
import { Router } from 'express';
import { lookupSession, requireSession, sessionOf } from '../auth/sessions.js';
import { escapeHtml } from '../auth/texts.js';
import type { BlobStore } from '../blobs/store.js';
import { AccountLocks } from '../cluster/account-lock.js';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { validate } from '../http/validation.js';
import { CallbackRefused, type MailConnections } from './connection.js';
import { presentInboxItems, scanInbox } from './inbox-scan.js';
import { hashPixelToken, type LetterQueue, presentLetter, writeLetter } from './letters.js';

export interface MailRouterDeps {
  db: Db;
  blobs: BlobStore;
  config: Readonly<Config>;
  publicUrl: string;
  kick: (jobId?: number) => void;
  mail: { connections: MailConnections; letters: LetterQueue };
}

/** The smallest transparent GIF (1x1). */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const TEXTS: Record<string, string> = {
  invalid_state: 'This link is not valid. Start connecting your mailbox again from the application.',
  state_used: 'This link was already used. Start connecting your mailbox again from the application.',
  state_expired: 'This link has expired (10 minutes). Start connecting your mailbox again.',
  state_account_mismatch:
    'This link was made for another account than the one signed in here. Start connecting your mailbox again from the application.',
  access_denied: 'Access was not granted, so no mailbox was connected.',
  provider_refused: 'The mail provider did not grant access, so no mailbox was connected.',
  mail_code_invalid: 'The mail provider refused the code (it expired or was used). Please try again.',
  mail_provider_unreachable: 'The mail provider could not be reached. Please try again later.',
  mail_provider_error: 'The mail provider answered with an error. Please try again later.',
};

const errorPage = (code: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Mailbox not connected</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem}</style></head>
<body><main><h1>Mailbox not connected</h1><p role="alert" data-error="${escapeHtml(code)}">${escapeHtml(TEXTS[code] ?? code)}</p>
<p><a href="/app/">Back to the application</a></p></main></body></html>`;

/** The advisory lock's first key for inbox scans (any fixed number; the leader's and the
 * migrations' are others). */
const INBOX_SCAN_LOCK = 130_015;

export function mailRouter({ db, blobs, config, publicUrl, kick, mail }: MailRouterDeps): Router {
  const router = Router();
  const session = requireSession(db, publicUrl);
  const { connections } = mail;
  /** One scan per account at a time, across processes: two would read the same new messages. */
  const scanning = new AccountLocks(db, INBOX_SCAN_LOCK);

  router.get('/api/v1/mail/account', session, async (_req, res) => {
    const row = await mailAccountOf(db, sessionOf(res).accountId);
    res.json(
      MailAccountOut.parse({
        ok: true,
        connected: !!row,
        provider: row?.provider ?? null,
        address: row?.address ?? null,
        connected_at: row?.connectedAt ?? null,
      }),
    );
  });

  router.post('/api/v1/mail/account/connect', session, async (_req, res) => {
    const link = await connections.connectLink(sessionOf(res).accountId);
    res.json(MailConnectOut.parse({ ok: true, url: link.url, expires_at: link.expiresAt }));
  });

  router.delete('/api/v1/mail/account', session, async (_req, res) => {
    const out = await connections.disconnect(sessionOf(res).accountId);
    res.json(
      MailDisconnectOut.parse({
        ok: true,
        connected: false,
        provider_revoked: out.providerRevoked,
        provider_error: out.providerError,
        stopped_letters: out.stopped,
      }),
    );
  });

  router.get('/oauth/callback', async (req, res) => {
    const q = validate(OAuthCallbackQuery, 'query', req.query as Record<string, unknown>);
    try {
      await connections.complete(q, (await lookupSession(db, req))?.accountId);
    } catch (err) {
      if (!(err instanceof CallbackRefused)) throw err;
      res.status(err.status).type('html').send(errorPage(err.code));
      return;
    }
    res.redirect(302, `${publicUrl}/app/?mail=connected`);
  });

  router.post('/api/v1/inbox/scan', session, async (req, res) => {
    const q = validate(InboxScanQuery, 'query', req.query as Record<string, unknown>);
    const { accountId } = sessionOf(res);
    const account = await accountById(db, accountId);
    if (!account) throw new HttpError(401, 'not_authenticated');
    const scanned = await scanning.tryWith(accountId, async () => {
      const { gmail, address } = await connections.session(accountId);
      return await scanInbox(db, blobs, gmail, {
        account,
        address,
        limit: q.limit,
        query: q.query,
        country: q.country,
        maxBytes: config.maxUploadBytes,
        qrSearchMs: config.qrSearchMs,
      });
    });
    if (!scanned) throw new HttpError(409, 'scan_running');
    // Answered only now that the lock is free (on PostgreSQL its release is a query of its own):
    // a scan asked for as soon as this answer arrives must run, not meet 409 `scan_running`.
    const out = scanned.value;
    if (out.read) kick();
    res.json(
      InboxScanOut.parse({
        ok: true,
        messages: out.messages,
        read: out.read,
        duplicates: out.duplicates,
        skipped: out.skipped,
        waiting: out.waiting,
        more: out.more,
        items: await presentInboxItems(db, out.items),
      }),
    );
  });

  router.get('/api/v1/inbox', session, async (req, res) => {
    const q = validate(InboxListQuery, 'query', req.query as Record<string, unknown>);
    const { accountId } = sessionOf(res);
    res.json(
      InboxListOut.parse({
        ok: true,
        total: await countInboxItems(db, accountId),
        items: await presentInboxItems(db, await inboxItemsOf(db, accountId, q.limit, q.offset)),
      }),
    );
  });

  router.post('/api/v1/letters', session, jsonBody, async (req, res) => {
    const input = validate(LetterIn, 'body', req.body);
    const { accountId } = sessionOf(res);
    const { job_id } = validate(JobIdParams, 'body', { job_id: input.job_id });
    const job = await jobById(db, job_id);
    if (!job || job.accountId !== accountId) throw new HttpError(404, 'job_not_found');
    // Refused now, and nothing stored, when no mailbox works: not connected, or access withdrawn.
    await connections.session(accountId);
    const letter = await writeLetter(db, config.secret, {
      job,
      kind: input.kind,
      to: input.to,
      lang: input.lang,
      note: input.note,
      sendAt: input.send_at,
    });
    mail.letters.kick();
    res.json(LetterOut.parse(presentLetter(letter)));
  });

  router.get('/api/v1/letters', session, async (req, res) => {
    const q = validate(LettersQuery, 'query', req.query as Record<string, unknown>);
    res.json(
      LettersOut.parse({
        ok: true,
        items: (await lettersOf(db, sessionOf(res).accountId, q.limit)).map(presentLetter),
      }),
    );
  });

  router.get('/track/:token.gif', async (req, res) => {
    // Always the picture, whatever the token: the answer tells nobody whether a letter exists.
    const { token } = TrackParams.safeParse(req.params).data ?? { token: '' };
    if (token) await markLetterOpened(db, hashPixelToken(token), new Date().toISOString());
    res.set({ 'content-type': 'image/gif', 'cache-control': 'no-store, max-age=0' }).end(PIXEL_GIF);
  });

  return router;
}
