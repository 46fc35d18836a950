// The Gmail emulator's OAuth 2: Google's consent page (a mailbox address, Allow and Deny), the
// token endpoint (authorization_code and refresh_token grants; codes single use and short-lived),
// revoke, and the check of an API call's Bearer token and scope.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '../../auth/texts.js';
import { apiError, bodyOf, sameSecret, send } from './http.js';

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

export interface Grant {
  mailbox: string;
  clientId: string;
  scopes: string[];
  refreshToken: string;
  revoked: boolean;
}

export interface OAuthOptions {
  clientId: string;
  clientSecret: string;
  defaultAddress: string;
  /** Makes the mailbox a person allows access to (seeded on first use). */
  openMailbox: (address: string) => Promise<unknown>;
}

export function createOAuth(opts: OAuthOptions) {
  const { defaultAddress } = opts;
  const codes = new Map<string, Code>();
  const grants: Grant[] = [];
  const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();

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
      await opts.openMailbox(login);
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

  /** As if the codes' few minutes had passed. */
  const expireCodes = () => {
    for (const c of codes.values()) c.expiresAt = 0;
    return codes.size;
  };

  /** A person removing the app's access in their Google account. */
  const revokeMailbox = (address: string) => {
    let revoked = 0;
    for (const g of grants)
      if (g.mailbox === address.toLowerCase() && !g.revoked) {
        g.revoked = true;
        revoked++;
      }
    return revoked;
  };

  return { authorize, token, revoke, caller, expireCodes, revokeMailbox };
}
