// The device sign-in of the desktop app (a code flow in the manner of RFC 8628): the app asks for a
// code pair and shows the short user code; a person signed in on the web confirms it on /app/device;
// the app's next poll receives its own session, once. Codes live 10 minutes; the device code is
// kept only as its hash, and every route is rate-limited per client address.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  DeviceConfirmIn,
  DeviceConfirmOut,
  DeviceStartIn,
  DeviceStartOut,
  DeviceTokenIn,
  DeviceTokenOut,
} from '@invoice-reader/contract';
import {
  accountById,
  confirmDeviceCode,
  consumeDeviceCode,
  type Db,
  deviceCodeByHash,
  deviceCodeByUserCode,
  insertDeviceCode,
} from '@invoice-reader/db';
import { Router } from 'express';
import { userOut } from '../accounts/accounts.js';
import { HttpError } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { clientIp, rateLimitBy } from '../http/rate-limit.js';
import { validate } from '../http/validation.js';
import { serviceTime } from '../sync/service-time.js';
import { createSession, refuseForeignOrigin, requireSession, sessionOf } from './sessions.js';

export const DEVICE_CODE_MINUTES = 10;
/** Seconds the app waits between polls. */
export const POLL_SECONDS = 5;
// Consonants only, without look-alikes: no word is spelled by chance, and nothing reads as 0 or 1.
const ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

const hash = (code: string) => createHash('sha256').update(code).digest('hex');

/** A new user code: 8 letters as XXXX-XXXX (20^8 of them, for a code that lives 10 minutes). */
export function newUserCode(): string {
  const letters = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

/** A user code as typed (any case, spaces, with or without the dash) in its stored form. */
export function normaliseUserCode(typed: string): string {
  const letters = typed.toUpperCase().replace(/[^A-Z]/g, '');
  return letters.length === 8 ? `${letters.slice(0, 4)}-${letters.slice(4)}` : letters;
}

export function deviceRouter({
  db,
  publicUrl,
  perMinute,
}: {
  db: Db;
  publicUrl: string;
  perMinute: number;
}): Router {
  const router = Router();
  const sameSite = refuseForeignOrigin(publicUrl);
  const session = requireSession(db, publicUrl);
  const startLimit = rateLimitBy(db, perMinute, (req) => `auth-device-start:${clientIp(req)}`);
  // A poll every POLL_SECONDS is 12 a minute: three times the starts leaves room for a second app.
  const pollLimit = rateLimitBy(db, perMinute * 3, (req) => `auth-device-token:${clientIp(req)}`);
  const confirmLimit = rateLimitBy(db, perMinute, (req) => `auth-device-confirm:${clientIp(req)}`);

  router.post('/api/v1/auth/device/start', startLimit, sameSite, jsonBody, async (req, res) => {
    const { client } = validate(DeviceStartIn, 'body', req.body ?? {});
    const now = new Date();
    const deviceCode = randomBytes(32).toString('base64url');
    // A user code is unique among the stored ones; a clash (rare) draws again.
    let userCode = newUserCode();
    while (await deviceCodeByUserCode(db, userCode)) userCode = newUserCode();
    await insertDeviceCode(db, {
      deviceHash: hash(deviceCode),
      userCode,
      client: client.trim(),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + DEVICE_CODE_MINUTES * 60_000).toISOString(),
    });
    const page = `${publicUrl}/app/device`;
    res.set('Cache-Control', 'no-store').json(
      DeviceStartOut.parse({
        device_code: deviceCode,
        user_code: userCode,
        verification_uri: page,
        verification_uri_complete: `${page}?code=${userCode}`,
        expires_in: DEVICE_CODE_MINUTES * 60,
        interval: POLL_SECONDS,
      }),
    );
  });

  router.post('/api/v1/auth/device/token', pollLimit, sameSite, jsonBody, async (req, res) => {
    const { device_code } = validate(DeviceTokenIn, 'body', req.body);
    const row = await deviceCodeByHash(db, hash(device_code));
    const now = new Date();
    if (!row || row.consumedAt) throw new HttpError(400, 'invalid_token');
    if (row.expiresAt <= now.toISOString()) throw new HttpError(400, 'expired_token');
    res.set('Cache-Control', 'no-store');
    if (!row.confirmedAt || row.accountId === null) {
      res.json(DeviceTokenOut.parse({ status: 'pending' }));
      return;
    }
    const account = await accountById(db, row.accountId);
    // Two polls racing: one takes the code, the other is told it is used.
    if (!account || !(await consumeDeviceCode(db, row.id, now.toISOString())))
      throw new HttpError(400, 'invalid_token');
    const s = await createSession(db, account.id, req.get('user-agent') ?? '', now);
    res.json(
      DeviceTokenOut.parse({
        status: 'signed_in',
        token: s.token,
        user: userOut(account),
        service_time: serviceTime(),
      }),
    );
  });

  router.post('/api/v1/auth/device/confirm', confirmLimit, session, jsonBody, async (req, res) => {
    const { user_code } = validate(DeviceConfirmIn, 'body', req.body);
    const code = normaliseUserCode(user_code);
    const row = await deviceCodeByUserCode(db, code);
    if (!row || !(await confirmDeviceCode(db, code, sessionOf(res).accountId, new Date().toISOString())))
      throw new HttpError(404, 'invalid_code');
    res.json(DeviceConfirmOut.parse({ client: row.client }));
  });

  return router;
}
