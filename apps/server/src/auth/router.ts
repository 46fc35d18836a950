// Sign-in and the person's own record (/api/v1/auth/*, /api/v1/me): start (the same answer for
// every address), verify (GET shows a page, POST signs in), the PIN step, sign-out. The verify
// answers state this service's time (`service_time`, as the sync routes' do): the desktop app
// measures its clock by it from signing in on, since a proxy in front may answer its own `Date`.
import {
  MeOut,
  OkOut,
  PinIn,
  PinStatusOut,
  StartIn,
  VerifyIn,
  VerifyOut,
  VerifyQuery,
} from '@invoice-reader/contract';
import { accountById, type Db, pinHashOf, setPinHash } from '@invoice-reader/db';
import { type Response, Router } from 'express';
import { meOut, userOut } from '../accounts/accounts.js';
import type { Config } from '../config.js';
import { HttpError, ValidationFailed } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { clientIp, rateLimitBy } from '../http/rate-limit.js';
import { validate } from '../http/validation.js';
import type { Logger } from '../log.js';
import type { Mailer } from '../mailer/mailer.js';
import type { Payments } from '../payments/service.js';
import { serviceTime } from '../sync/service-time.js';
import { deviceRouter } from './device.js';
import { hashPin, PIN_PATTERN, pinMatches } from './pin.js';
import {
  clearedSessionCookie,
  endAllSessions,
  endSession,
  type IssuedSession,
  refuseForeignOrigin,
  requireSession,
  sessionCookie,
  sessionOf,
} from './sessions.js';
import { linkIsLive, startSignIn, verifyLink, verifyPin } from './sign-in.js';
import { langOf, signInMail } from './texts.js';
import { VERIFY_SCRIPT, VERIFY_SCRIPT_PATH, verifyPage } from './verify-page.js';

export interface AuthDeps {
  db: Db;
  config: Readonly<Config>;
  log: Logger;
  mailer: Mailer;
  publicUrl: string;
  payments: Payments;
}

export function authRouter({ db, config, log, mailer, publicUrl, payments }: AuthDeps): Router {
  const router = Router();
  const session = requireSession(db, publicUrl);
  // Per client address (beyond: 429 `rate_limited`); verifying gets three times the starts, since
  // a person opens the page, presses the button and may type a PIN.
  const perMinute = config.authRateLimitPerMinute;
  const startLimit = rateLimitBy(db, perMinute, (req) => `auth-start:${clientIp(req)}`);
  const verifyLimit = rateLimitBy(db, perMinute * 3, (req) => `auth-verify:${clientIp(req)}`);
  const ok = OkOut.parse({});
  const sameSite = refuseForeignOrigin(publicUrl);

  router.post('/api/v1/auth/start', startLimit, sameSite, jsonBody, async (req, res) => {
    const input = validate(StartIn, 'body', req.body);
    const link = await startSignIn(db, input.email, input.lang);
    // Answered before the mail goes out, whatever happened: the answer says nothing of the address.
    res.json(ok);
    if (!link) return;
    const url = `${publicUrl}/api/v1/auth/verify?token=${link.token}&lang=${link.lang}`;
    const mail = signInMail(link.lang, url);
    mailer.send({ to: link.email, lang: link.lang, ...mail }).then(
      (sent) => {
        // In development (the outbox) the link is printed, so a person can sign in without mail.
        if (sent.file) log.info('sign-in link written to the outbox', { file: sent.file, link: url });
      },
      (err) => log.error('sign-in mail failed', { error: String(err) }),
    );
  });

  router.get('/api/v1/auth/verify', verifyLimit, async (req, res) => {
    const q = validate(VerifyQuery, 'query', req.query as Record<string, unknown>);
    const live = await linkIsLive(db, q.token);
    res
      .type('html')
      .set('Cache-Control', 'no-store')
      .set('Referrer-Policy', 'no-referrer')
      .send(verifyPage(langOf(q.lang), q.token, live));
  });
  router.get(VERIFY_SCRIPT_PATH, (_req, res) => {
    res.type('js').set('Cache-Control', 'public, max-age=300').send(VERIFY_SCRIPT);
  });

  const signedIn = (res: Response, s: IssuedSession, user: ReturnType<typeof userOut>) => {
    res.set('Set-Cookie', sessionCookie(s.token, publicUrl)).set('Cache-Control', 'no-store');
    res.json(
      VerifyOut.parse({ pin_required: false, ok: true, user, token: s.token, service_time: serviceTime() }),
    );
  };

  router.post('/api/v1/auth/verify', verifyLimit, sameSite, jsonBody, async (req, res) => {
    const { token } = validate(VerifyIn, 'body', req.body);
    const v = await verifyLink(db, config.freeApiPages, token, req.get('user-agent') ?? '');
    if (v.kind === 'pin_required') {
      res.json(
        VerifyOut.parse({
          pin_required: true,
          ok: true,
          user: userOut(v.account),
          service_time: serviceTime(),
        }),
      );
      return;
    }
    signedIn(res, v.session, userOut(v.account));
  });

  router.post('/api/v1/auth/pin/verify', verifyLimit, sameSite, jsonBody, async (req, res) => {
    const input = validate(PinIn, 'body', req.body);
    if (!input.token) throw new HttpError(400, 'invalid_token');
    const { account, session: s } = await verifyPin(db, input.token, input.pin, req.get('user-agent') ?? '');
    signedIn(res, s, userOut(account));
  });

  // The desktop app's code flow (device.ts), rate-limited in the same measure.
  router.use(deviceRouter({ db, publicUrl, perMinute }));

  router.post('/api/v1/auth/logout', session, async (_req, res) => {
    await endSession(db, sessionOf(res).sessionId);
    res.set('Set-Cookie', clearedSessionCookie(publicUrl)).json(ok);
  });

  router.post('/api/v1/auth/logout_all', session, async (_req, res) => {
    await endAllSessions(db, sessionOf(res).accountId);
    res.set('Set-Cookie', clearedSessionCookie(publicUrl)).json(ok);
  });

  router.get('/api/v1/me', session, async (_req, res) => {
    const account = await accountById(db, sessionOf(res).accountId);
    if (!account) throw new HttpError(401, 'not_authenticated');
    // The plan first: an ended period sets the allowance back before it is shown.
    const { plan, paid } = await payments.planOf(account.id);
    res.json(MeOut.parse(meOut((await accountById(db, account.id)) ?? account, { code: plan.code, paid })));
  });

  router.post('/api/v1/auth/pin/set', session, jsonBody, async (req, res) => {
    const input = validate(PinIn, 'body', req.body);
    const { accountId } = sessionOf(res);
    const stored = await pinHashOf(db, accountId);
    if (stored && !(await pinMatches(input.current, stored))) throw new HttpError(403, 'wrong_pin');
    if (input.pin === '') {
      await setPinHash(db, accountId, null, new Date().toISOString());
    } else {
      if (!PIN_PATTERN.test(input.pin)) throw validationOfPin(input.pin);
      await setPinHash(db, accountId, await hashPin(input.pin), new Date().toISOString());
    }
    res.json(ok);
  });

  router.get('/api/v1/auth/pin/status', session, async (_req, res) => {
    const enabled = !!(await pinHashOf(db, sessionOf(res).accountId));
    res.json(PinStatusOut.parse({ ok: true, enabled }));
  });

  return router;
}

function validationOfPin(pin: string) {
  return new ValidationFailed([
    {
      type: 'string_pattern_mismatch',
      loc: ['body', 'pin'],
      msg: "String should match pattern '^[0-9]{4,8}$'",
      input: pin,
      ctx: { pattern: '^[0-9]{4,8}$' },
    },
  ]);
}
