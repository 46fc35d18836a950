// The Gmail emulator: a real HTTP server on loopback speaking the part of Google's OAuth 2 and
// Gmail REST API the service uses (consent page, token endpoint with authorization_code and
// refresh_token grants, revoke; users.getProfile, messages.list with `q` and paging, messages.get
// full/raw, attachments.get, messages.send). It is what `npm start` uses when no Google client is
// configured, and what the tests connect to. Every mailbox starts with the sample messages.
// `/emulator/*` lets a test read what was sent, revoke a grant, expire codes or add messages. Mail
// to an address at a `.invalid` domain bounces: a delivery failure notice arrives in its thread.
// State lives in memory: a restarted emulator has forgotten its grants.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '../../auth/texts.js';
import {
  composeMessage,
  type Mailbox,
  matches,
  newId,
  SAMPLES_DIR,
  type StoredMessage,
  seedMessages,
} from './mailbox.js';

export const SCOPE_READ = 'https://www.googleapis.com/auth/gmail.readonly';
export const SCOPE_SEND = 'https://www.googleapis.com/auth/gmail.send';

/** How long an authorization code lives: Google's are short-lived and single use. */
const CODE_TTL_MS = 5 * 60_000;
const ACCESS_TTL_S = 3599;

interface Code {
  mailbox: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

interface Grant {
  mailbox: string;
  clientId: string;
  scopes: string[];
  refreshToken: string;
  revoked: boolean;
}

export interface GmailEmulatorControls {
  /** The largest page messages.list answers, whatever `maxResults` asks (tests of paging). */
  maxPageSize: number;
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

const send = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));

/** Gmail's error shape (`{error: {code, message, status}}`). */
const apiError = (res: ServerResponse, code: number, status: string, message: string) =>
  send(res, code, { error: { code, message, status, errors: [{ message, reason: status }] } });

async function bodyOf(req: IncomingMessage, limit = 36 * 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export async function startGmailEmulator(opts: GmailEmulatorOptions): Promise<GmailEmulator> {
  const seedDir = opts.seedDir ?? SAMPLES_DIR;
  const defaultAddress = opts.defaultAddress ?? 'you@gmail.example';
  const mailboxes = new Map<string, Mailbox>();
  const codes = new Map<string, Code>();
  const grants: Grant[] = [];
  const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
  const controls: GmailEmulatorControls = { maxPageSize: 500 };
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

  const consentPage = (params: URLSearchParams, message?: string) => {
    const hidden = [...params]
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('');
    const scopes = (params.get('scope') ?? '').split(' ').filter(Boolean);
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Gmail emulator: allow access</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem}button{font-size:1rem;padding:.5rem 1.2rem;margin-right:.5rem}input[type=email]{font-size:1rem;padding:.3rem;width:100%}</style></head>
<body><main><h1>Gmail emulator</h1><p>A local stand-in for Google's consent screen. No real mailbox is touched.</p>
${message ? `<p role="alert">${escapeHtml(message)}</p>` : ''}
<p>Invoice Reader asks to:</p><ul>${scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>
<form method="post">${hidden}<label>Mailbox <input type="email" name="login" value="${escapeHtml(defaultAddress)}" required></label>
<p><button name="action" value="allow">Allow</button><button name="action" value="deny">Deny</button></p></form>
</main></body></html>`;
  };

  const authorize = async (req: IncomingMessage, res: ServerResponse, query: URLSearchParams) => {
    const html = (status: number, page: string) =>
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    const params = req.method === 'POST' ? new URLSearchParams(await bodyOf(req, 64 * 1024)) : query;
    const redirectUri = params.get('redirect_uri') ?? '';
    if (params.get('client_id') !== opts.clientId)
      return html(400, consentPage(params, 'Error 401: invalid_client'));
    if (!URL.canParse(redirectUri) || params.get('response_type') !== 'code')
      return html(400, consentPage(params, 'Error 400: invalid_request (redirect_uri, response_type=code)'));
    if (req.method !== 'POST') return html(200, consentPage(params));
    const back = new URL(redirectUri);
    const state = params.get('state');
    if (params.get('action') !== 'allow') {
      back.searchParams.set('error', 'access_denied');
    } else {
      const login = (params.get('login') ?? defaultAddress).trim().toLowerCase();
      await mailbox(login);
      const code = `4/${randomBytes(24).toString('base64url')}`;
      codes.set(code, {
        mailbox: login,
        clientId: opts.clientId,
        redirectUri,
        scopes: (params.get('scope') ?? '').split(' ').filter(Boolean),
        expiresAt: Date.now() + CODE_TTL_MS,
        used: false,
      });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', params.get('scope') ?? '');
    }
    if (state !== null) back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString() }).end();
  };

  const issueAccess = (grant: Grant) => {
    const token = `ya29.${randomBytes(24).toString('base64url')}`;
    accessTokens.set(token, { grant, expiresAt: Date.now() + ACCESS_TTL_S * 1000 });
    return token;
  };

  const token = async (req: IncomingMessage, res: ServerResponse) => {
    const form = new URLSearchParams(await bodyOf(req, 64 * 1024));
    let clientId = form.get('client_id') ?? '';
    let clientSecret = form.get('client_secret') ?? '';
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (basic) [clientId = '', clientSecret = ''] = Buffer.from(basic[1]!, 'base64').toString().split(':');
    if (clientId !== opts.clientId || !sameSecret(clientSecret, opts.clientSecret))
      return send(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (
        !code ||
        code.used ||
        code.expiresAt <= Date.now() ||
        code.redirectUri !== form.get('redirect_uri')
      ) {
        // A replayed code also ends the grant it made, as Google does.
        if (code?.used) for (const g of grants) if (g.mailbox === code.mailbox) g.revoked = true;
        return send(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
      }
      code.used = true;
      const grant: Grant = {
        mailbox: code.mailbox,
        clientId,
        scopes: code.scopes,
        refreshToken: `1//${randomBytes(32).toString('base64url')}`,
        revoked: false,
      };
      grants.push(grant);
      return send(res, 200, {
        access_token: issueAccess(grant),
        expires_in: ACCESS_TTL_S,
        refresh_token: grant.refreshToken,
        scope: grant.scopes.join(' '),
        token_type: 'Bearer',
      });
    }
    if (grantType === 'refresh_token') {
      const grant = grants.find((g) => sameSecret(g.refreshToken, form.get('refresh_token') ?? ''));
      if (!grant || grant.revoked)
        return send(res, 400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        });
      return send(res, 200, {
        access_token: issueAccess(grant),
        expires_in: ACCESS_TTL_S,
        scope: grant.scopes.join(' '),
        token_type: 'Bearer',
      });
    }
    return send(res, 400, { error: 'unsupported_grant_type', error_description: String(grantType) });
  };

  const revoke = async (req: IncomingMessage, res: ServerResponse, query: URLSearchParams) => {
    const given = query.get('token') ?? new URLSearchParams(await bodyOf(req, 64 * 1024)).get('token') ?? '';
    const grant = grants.find((g) => g.refreshToken === given) ?? accessTokens.get(given)?.grant;
    if (!grant || grant.revoked)
      return send(res, 400, { error: 'invalid_token', error_description: 'Bad Request' });
    grant.revoked = true;
    return send(res, 200, {});
  };

  /** The mailbox an API call's Bearer token opens, when it is live and has the scope. */
  const caller = (req: IncomingMessage, res: ServerResponse, scope: string): Grant | undefined => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const t = accessTokens.get(bearer);
    if (!t || t.grant.revoked || t.expiresAt <= Date.now()) {
      apiError(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
      return undefined;
    }
    const readOnlyOk = scope === SCOPE_READ && t.grant.scopes.includes(SCOPE_READ);
    if (!readOnlyOk && !t.grant.scopes.includes(scope)) {
      apiError(res, 403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.');
      return undefined;
    }
    return t.grant;
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
    const isSend = rest === 'messages/send' && req.method === 'POST';
    const grant = caller(req, res, isSend ? SCOPE_SEND : SCOPE_READ);
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
      return send(res, 200, controls);
    }
    if (path === '/emulator/codes/expire') {
      // As if the codes' few minutes had passed.
      for (const c of codes.values()) c.expiresAt = 0;
      return send(res, 200, { expired: codes.size });
    }
    if (box && box[2] === 'revoke') {
      // A person removing the app's access in their Google account.
      const address = decodeURIComponent(box[1]!).toLowerCase();
      let revoked = 0;
      for (const g of grants)
        if (g.mailbox === address && !g.revoked) {
          g.revoked = true;
          revoked++;
        }
      return send(res, 200, { revoked });
    }
    if (box && box[2] === 'messages') {
      const b = await mailbox(decodeURIComponent(box[1]!));
      const attachments = (body.attachments as Array<{ filename: string; base64: string }> | undefined) ?? [];
      const msg = await composeMessage({
        from: String(body.from ?? 'Sender <sender@example.com>'),
        to: b.address,
        subject: String(body.subject ?? ''),
        text: String(body.text ?? ''),
        date: new Date(Date.now() - Number(body.days_ago ?? 0) * 86_400_000),
        attachments: attachments.map((a) => ({
          filename: a.filename,
          data: Buffer.from(a.base64, 'base64'),
        })),
      });
      b.messages.push(msg);
      return send(res, 200, { id: msg.id, threadId: msg.threadId });
    }
    return send(res, 404, { error: 'not_found' });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const u = new URL(req.url ?? '/', 'http://emulator');
    const path = u.pathname;
    if (path === '/o/oauth2/v2/auth') return authorize(req, res, u.searchParams);
    if (path === '/token' && req.method === 'POST') return token(req, res);
    if (path === '/revoke' && req.method === 'POST') return revoke(req, res, u.searchParams);
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
