// Sessions of the account interface (decisions §12): an opaque random token carried in the
// HttpOnly cookie `sid` (browsers) or `Authorization: Bearer` (the desktop app). Only its SHA-256
// is stored; a session lives 30 days from its last use. A state-changing request carried by the
// cookie must come with `Origin` equal to PUBLIC_URL's origin (CSRF): a Bearer token is never sent
// by a browser on its own, so it needs no such check.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type Db,
  insertSession,
  revokeAllSessions,
  revokeSession,
  sessionByHash,
  touchSession,
} from '@invoice-reader/db';
import type { Request, RequestHandler, Response } from 'express';
import { HttpError } from '../http/errors.js';

export const SESSION_COOKIE = 'sid';
export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 86_400_000;
/** The sliding end is written at most this often per session, so reads do not write every time. */
const TOUCH_EVERY_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SessionCaller {
  accountId: number;
  sessionId: number;
  /** How the token came: a cookie needs the Origin check, a Bearer header does not. */
  via: 'cookie' | 'bearer';
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface IssuedSession {
  id: number;
  /** The token: handed to the client once, never stored. */
  token: string;
  expiresAt: string;
}

export async function createSession(
  db: Db,
  accountId: number,
  userAgent = '',
  now = new Date(),
): Promise<IssuedSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_MS).toISOString();
  const row = await insertSession(db, {
    accountId,
    hash: hashToken(token),
    createdAt: now.toISOString(),
    expiresAt,
    userAgent,
  });
  return { id: row.id, token, expiresAt };
}

export async function endSession(db: Db, sessionId: number): Promise<void> {
  await revokeSession(db, sessionId, new Date().toISOString());
}

export function endAllSessions(db: Db, accountId: number): Promise<number> {
  return revokeAllSessions(db, accountId, new Date().toISOString());
}

/** The `Set-Cookie` value of a session (Secure outside localhost, decisions §12). */
export function sessionCookie(token: string, publicUrl: string, maxAgeSeconds = SESSION_MS / 1000): string {
  const parts = [
    `${SESSION_COOKIE}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
  ];
  if (!isLocalUrl(publicUrl)) parts.push('Secure');
  return parts.join('; ');
}

export const clearedSessionCookie = (publicUrl: string): string => sessionCookie('', publicUrl, 0);

export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || host === '::1' || host.startsWith('127.');
}

/** The token a request carries: the Bearer header wins over the cookie. */
export function tokenOf(req: Request): { token: string; via: 'cookie' | 'bearer' } | undefined {
  const auth = req.get('authorization');
  if (auth) {
    const m = /^Bearer\s+(\S+)$/i.exec(auth);
    return m?.[1] ? { token: m[1], via: 'bearer' } : undefined;
  }
  const cookie = cookieValue(req.get('cookie'), SESSION_COOKIE);
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/** Finds the live session of a request, or undefined; slides its end. */
export async function lookupSession(
  db: Db,
  req: Request,
  now = new Date(),
): Promise<SessionCaller | undefined> {
  const carried = tokenOf(req);
  if (!carried || carried.token.length > 200) return undefined;
  const hash = hashToken(carried.token);
  const row = await sessionByHash(db, hash);
  if (!row || row.revokedAt || !timingSafeEqual(Buffer.from(row.hash), Buffer.from(hash))) return undefined;
  if (Date.parse(row.expiresAt) <= now.getTime()) return undefined;
  if (now.getTime() - Date.parse(row.lastSeenAt) > TOUCH_EVERY_MS)
    await touchSession(db, row.id, now.toISOString(), new Date(now.getTime() + SESSION_MS).toISOString());
  return { accountId: row.accountId, sessionId: row.id, via: carried.via };
}

/** 403 `csrf_origin` for a state-changing cookie request whose Origin is not the service's own. */
export function checkOrigin(req: Request, via: 'cookie' | 'bearer', publicUrl: string): void {
  if (via !== 'cookie' || SAFE_METHODS.has(req.method)) return;
  const origin = req.get('origin');
  if (!origin || origin !== new URL(publicUrl).origin) throw new HttpError(403, 'csrf_origin');
}

/**
 * 403 `csrf_origin` for a sign-in request a browser sent from another site: a page elsewhere could
 * otherwise post its own link token ("login CSRF", even as a text/plain form) and sign the visitor
 * into the attacker's account, where what they upload is the attacker's to read. A browser always
 * sends Origin with a POST; a client without one (the desktop app, curl) is not a browser.
 */
export function refuseForeignOrigin(publicUrl: string): RequestHandler {
  const own = new URL(publicUrl).origin;
  return (req, _res, next) => {
    const origin = req.get('origin');
    if (origin !== undefined && origin !== own) throw new HttpError(403, 'csrf_origin');
    next();
  };
}

/** 401 `not_authenticated` without a live session; sets `res.locals.session`. */
export function requireSession(db: Db, publicUrl: string): RequestHandler {
  return async (req, res, next) => {
    const caller = await lookupSession(db, req);
    if (!caller) throw new HttpError(401, 'not_authenticated');
    checkOrigin(req, caller.via, publicUrl);
    res.locals.session = caller;
    next();
  };
}

export function sessionOf(res: Response): SessionCaller {
  const caller = res.locals.session as SessionCaller | undefined;
  if (!caller) throw new HttpError(401, 'not_authenticated');
  return caller;
}
