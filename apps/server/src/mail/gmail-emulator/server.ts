// The Gmail emulator: a real HTTP server on loopback speaking the part of Google's OAuth 2 and
// Gmail REST API the service uses (consent page, token endpoint with authorization_code and
// refresh_token grants, revoke; users.getProfile, messages.list with `q` and paging, messages.get
// full/minimal/raw, attachments.get, messages.send). It is what `npm start` uses when no Google client is
// configured, and what the tests connect to (OAuth in oauth.ts, mailboxes in mailbox.ts). Every
// mailbox starts with the sample messages.
// `/emulator/*` lets a test read what was sent, revoke a grant, expire codes or add messages. Mail
// to an address at a `.invalid` domain bounces: a delivery failure notice arrives in its thread.
// State lives in memory: a restarted emulator has forgotten its grants.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiError, bodyOf, send } from './http.js';
import {
  composeMessage,
  type Mailbox,
  matches,
  newId,
  SAMPLES_DIR,
  type StoredMessage,
  seedMessages,
} from './mailbox.js';
import { createOAuth, SCOPE_READ, SCOPE_SEND } from './oauth.js';

export interface GmailEmulatorControls {
  /** The largest page messages.list answers, whatever `maxResults` asks (tests of paging). */
  maxPageSize: number;
  /** Failures injected into the Gmail API (tests of what the service does when Google fails). */
  faults: GmailEmulatorFault[];
}

/**
 * A Gmail API request (`GET /gmail/v1/users/me/messages/...`) whose method and path contain
 * `match` answers `status` with Google's error shape, or never answers (`hang`), after letting
 * `skip` such requests through, `times` times (default: every time).
 */
export interface GmailEmulatorFault {
  match: string;
  status?: number;
  hang?: boolean;
  skip?: number;
  times?: number;
  /** Requests matched so far (kept by the emulator). */
  seen?: number;
}

export interface GmailEmulator {
  url: string;
  clientId: string;
  clientSecret: string;
  defaultAddress: string;
  controls: GmailEmulatorControls;
  close(): Promise<void>;
}

export interface GmailEmulatorOptions {
  clientId: string;
  clientSecret: string;
  /** The address the consent page offers first. */
  defaultAddress?: string;
  /** Folder of the messages every mailbox starts with (default: mail-samples/). */
  seedDir?: string;
  port?: number;
  host?: string;
}

export async function startGmailEmulator(opts: GmailEmulatorOptions): Promise<GmailEmulator> {
  const seedDir = opts.seedDir ?? SAMPLES_DIR;
  const defaultAddress = opts.defaultAddress ?? 'you@gmail.example';
  const mailboxes = new Map<string, Mailbox>();
  const controls: GmailEmulatorControls = { maxPageSize: 500, faults: [] };
  const oauth = createOAuth({
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    defaultAddress,
    openMailbox: (address) => mailbox(address),
  });
  let url = '';

  const mailbox = async (address: string): Promise<Mailbox> => {
    const key = address.toLowerCase();
    let box = mailboxes.get(key);
    if (!box) {
      box = { address: key, messages: await seedMessages(seedDir, key, Date.now()) };
      mailboxes.set(key, box);
    }
    return box;
  };

  const header = (name: string, value: string) => ({ name, value });
  const full = (m: StoredMessage) => ({
    id: m.id,
    threadId: m.threadId,
    labelIds: m.labelIds,
    snippet: m.text.slice(0, 100),
    internalDate: String(m.internalDate),
    sizeEstimate: m.raw.length,
    payload: {
      partId: '',
      mimeType: m.attachments.length ? 'multipart/mixed' : 'text/plain',
      filename: '',
      headers: [
        header('From', m.from),
        header('To', m.to),
        header('Subject', m.subject),
        header('Date', new Date(m.internalDate).toUTCString()),
      ],
      body: { size: 0 },
      parts: [
        {
          partId: '0',
          mimeType: 'text/plain',
          filename: '',
          headers: [header('Content-Type', 'text/plain; charset=utf-8')],
          body: { size: Buffer.byteLength(m.text), data: Buffer.from(m.text).toString('base64url') },
        },
        ...m.attachments.map((a) => ({
          partId: a.partId,
          mimeType: a.mimeType,
          filename: a.filename,
          headers: [
            header('Content-Type', `${a.mimeType}; name="${a.filename}"`),
            header('Content-Disposition', `attachment; filename="${a.filename}"`),
          ],
          body: { attachmentId: a.id, size: a.data.length },
        })),
      ],
    },
  });

  const gmail = async (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) => {
    const m = /^\/gmail\/v1\/users\/([^/]+)\/(.*)$/.exec(path);
    if (!m) return apiError(res, 404, 'NOT_FOUND', 'Not Found');
    const rest = m[2]!;
    const fault = controls.faults.find((f) => {
      if (!`${req.method} ${path}`.includes(f.match)) return false;
      f.seen = (f.seen ?? 0) + 1;
      return f.seen > (f.skip ?? 0) && (f.times === undefined || f.seen <= (f.skip ?? 0) + f.times);
    });
    if (fault?.hang) return; // never answered: the connection stays open until the client gives up
    if (fault)
      return apiError(res, fault.status ?? 500, 'INTERNAL', `Injected failure ${fault.status ?? 500}`);
    const isSend = rest === 'messages/send' && req.method === 'POST';
    const grant = oauth.caller(req, res, isSend ? SCOPE_SEND : SCOPE_READ);
    if (!grant) return;
    if (m[1] !== 'me' && m[1] !== grant.mailbox)
      return apiError(res, 403, 'PERMISSION_DENIED', 'Delegation denied');
    const box = await mailbox(grant.mailbox);
    if (rest === 'profile' && req.method === 'GET')
      return send(res, 200, {
        emailAddress: box.address,
        messagesTotal: box.messages.length,
        threadsTotal: box.messages.length,
        historyId: String(box.messages.length + 1000),
      });
    if (rest === 'messages' && req.method === 'GET') {
      const now = Date.now();
      const found = box.messages
        .filter((x) => matches(x, query.get('q') ?? '', now))
        .sort((a, b) => b.internalDate - a.internalDate);
      const size = Math.min(
        Math.max(Number(query.get('maxResults') ?? 100) || 100, 1),
        500,
        controls.maxPageSize,
      );
      const from = Number(Buffer.from(query.get('pageToken') ?? '', 'base64url').toString() || 0) || 0;
      const page = found.slice(from, from + size);
      return send(res, 200, {
        ...(page.length ? { messages: page.map((x) => ({ id: x.id, threadId: x.threadId })) } : {}),
        ...(from + size < found.length
          ? { nextPageToken: Buffer.from(String(from + size)).toString('base64url') }
          : {}),
        resultSizeEstimate: found.length,
      });
    }
    if (isSend) {
      const body = JSON.parse((await bodyOf(req)) || '{}') as { raw?: string; threadId?: string };
      if (!body.raw)
        return apiError(res, 400, 'INVALID_ARGUMENT', "'raw' RFC822 payload message string required.");
      const raw = Buffer.from(body.raw, 'base64url');
      const head = raw.toString('utf8').split(/\r?\n\r?\n/)[0] ?? '';
      const field = (name: string) =>
        new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
          .exec(head)?.[1]
          ?.replace(/\r?\n[ \t]/g, ' ') ?? '';
      if (!field('To')) return apiError(res, 400, 'INVALID_ARGUMENT', 'Invalid To header');
      const id = newId();
      const thread = box.messages.find((x) => x.threadId === body.threadId);
      box.messages.push({
        id,
        threadId: thread?.threadId ?? id,
        internalDate: Date.now(),
        labelIds: ['SENT'],
        from: box.address,
        to: field('To'),
        subject: field('Subject'),
        text: '',
        attachments: [],
        raw,
      });
      if (/@[^>\s,]+\.invalid\b/i.test(field('To')))
        // An address that cannot exist (RFC 2606): the notice lands in the sender's thread, as Gmail's do.
        box.messages.push(
          await composeMessage({
            from: 'Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
            to: box.address,
            subject: 'Delivery Status Notification (Failure)',
            text: `Address not found. Your message wasn't delivered to ${field('To')}.`,
            date: new Date(),
            attachments: [],
            threadId: thread?.threadId ?? id,
          }),
        );
      return send(res, 200, { id, threadId: thread?.threadId ?? id, labelIds: ['SENT'] });
    }
    const one = /^messages\/([\w-]+)$/.exec(rest);
    if (one && req.method === 'GET') {
      const msg = box.messages.find((x) => x.id === one[1]);
      if (!msg) return apiError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
      if (query.get('format') === 'minimal')
        return send(res, 200, {
          id: msg.id,
          threadId: msg.threadId,
          labelIds: msg.labelIds,
          snippet: msg.text.slice(0, 100),
          sizeEstimate: msg.raw.length,
          internalDate: String(msg.internalDate),
        });
      if (query.get('format') === 'raw')
        return send(res, 200, {
          id: msg.id,
          threadId: msg.threadId,
          labelIds: msg.labelIds,
          internalDate: String(msg.internalDate),
          raw: msg.raw.toString('base64url'),
        });
      return send(res, 200, full(msg));
    }
    const att = /^messages\/([\w-]+)\/attachments\/([\w-]+)$/.exec(rest);
    if (att && req.method === 'GET') {
      const a = box.messages.find((x) => x.id === att[1])?.attachments.find((x) => x.id === att[2]);
      if (!a) return apiError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
      return send(res, 200, { attachmentId: a.id, size: a.data.length, data: a.data.toString('base64url') });
    }
    return apiError(res, 404, 'NOT_FOUND', 'Not Found');
  };

  /** A message posted to `/emulator/mailboxes/{address}/messages`. */
  const newMessage = (address: string, body: Record<string, unknown>) => {
    const attachments =
      (body.attachments as Array<{ filename: string; base64: string; mime_type?: string }> | undefined) ?? [];
    return {
      from: String(body.from ?? 'Sender <sender@example.com>'),
      to: address,
      subject: String(body.subject ?? ''),
      text: String(body.text ?? ''),
      date:
        typeof body.date === 'string'
          ? new Date(body.date)
          : new Date(Date.now() - Number(body.days_ago ?? 0) * 86_400_000),
      attachments: attachments.map((a) => ({
        filename: a.filename,
        data: Buffer.from(a.base64, 'base64'),
        ...(a.mime_type ? { mimeType: a.mime_type } : {}),
      })),
    };
  };

  /** Test and development controls. */
  const control = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const box = /^\/emulator\/mailboxes\/([^/]+)\/(sent|revoke|messages)$/.exec(path);
    if (box && box[2] === 'sent' && req.method === 'GET') {
      const b = await mailbox(decodeURIComponent(box[1]!));
      return send(res, 200, {
        messages: b.messages
          .filter((x) => x.labelIds.includes('SENT'))
          .map((x) => ({ id: x.id, threadId: x.threadId, raw: x.raw.toString('utf8') })),
      });
    }
    if (req.method !== 'POST') return send(res, 404, { error: 'not_found' });
    const body = JSON.parse((await bodyOf(req)) || '{}') as Record<string, unknown>;
    if (path === '/emulator/controls') {
      if (typeof body.maxPageSize === 'number') controls.maxPageSize = body.maxPageSize;
      if (Array.isArray(body.faults)) controls.faults = body.faults as GmailEmulatorFault[];
      return send(res, 200, controls);
    }
    if (path === '/emulator/codes/expire') return send(res, 200, { expired: oauth.expireCodes() });
    if (box && box[2] === 'revoke')
      return send(res, 200, { revoked: oauth.revokeMailbox(decodeURIComponent(box[1]!)) });
    if (box && box[2] === 'messages') {
      const b = await mailbox(decodeURIComponent(box[1]!));
      // One message, or many at once (`{"messages": [...]}`, for mailboxes larger than a scan).
      const many = Array.isArray(body.messages);
      const ids: Array<{ id: string; threadId: string }> = [];
      for (const one of (many ? body.messages : [body]) as Array<Record<string, unknown>>) {
        const msg = await composeMessage(newMessage(b.address, one));
        b.messages.push(msg);
        ids.push({ id: msg.id, threadId: msg.threadId });
      }
      return send(res, 200, many ? { messages: ids } : ids[0]);
    }
    return send(res, 404, { error: 'not_found' });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const u = new URL(req.url ?? '/', 'http://emulator');
    const path = u.pathname;
    if (path === '/o/oauth2/v2/auth') return oauth.authorize(req, res, u.searchParams);
    if (path === '/token' && req.method === 'POST') return oauth.token(req, res);
    if (path === '/revoke' && req.method === 'POST') return oauth.revoke(req, res, u.searchParams);
    if (path.startsWith('/gmail/v1/')) return gmail(req, res, path, u.searchParams);
    if (path.startsWith('/emulator/')) return control(req, res, path);
    return send(res, 404, { error: 'not_found' });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) apiError(res, 400, 'INVALID_ARGUMENT', String((err as Error).message));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  const host = opts.host ?? '127.0.0.1';
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    defaultAddress,
    controls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
