// Signing in by e-mailed link (decisions §12-13): a link's token is random, stored as a hash,
// valid 15 minutes and consumed only by POST verify; an account is made on first sign-in; with a
// PIN set, the consumed link stays open 5 more minutes for the PIN step, and 5 wrong PINs close it.
import { createHash, randomBytes } from 'node:crypto';
import {
  type Account,
  accountByEmail,
  claimPinTry,
  consumeSignInLink,
  countSignInLinks,
  type Db,
  endPinStep,
  insertSignInLink,
  pinHashOf,
  type SignInLink,
  signInLinkByHash,
  updateProfile,
} from '@invoice-reader/db';
import { createAccount, normaliseEmail } from '../accounts/accounts.js';
import { HttpError } from '../http/errors.js';
import { pinMatches } from './pin.js';
import { createSession, type IssuedSession } from './sessions.js';
import { type Lang, langOf } from './texts.js';

export const LINK_MINUTES = 15;
export const PIN_STEP_MINUTES = 5;
export const MAX_PIN_FAILURES = 5;
/** Links one address may be sent in an hour; more are silently not sent (the answer is the same). */
export const LINKS_PER_ADDRESS_PER_HOUR = 5;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface StartedLink {
  token: string;
  email: string;
  lang: Lang;
}

/** A new link for `email`, or undefined when none is sent (not an address, or too many asked). */
export async function startSignIn(
  db: Db,
  rawEmail: string,
  rawLang: string,
  now = new Date(),
): Promise<StartedLink | undefined> {
  const email = normaliseEmail(rawEmail);
  if (!EMAIL.test(email)) return undefined;
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  if ((await countSignInLinks(db, email, hourAgo)) >= LINKS_PER_ADDRESS_PER_HOUR) return undefined;
  const token = randomBytes(32).toString('base64url');
  const lang = langOf(rawLang);
  await insertSignInLink(db, {
    hash: hash(token),
    email,
    lang,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + LINK_MINUTES * 60_000).toISOString(),
  });
  return { token, email, lang };
}

/** Whether a link could still sign in (GET verify shows one page or the other; nothing changes). */
export async function linkIsLive(db: Db, token: string, now = new Date()): Promise<boolean> {
  const link = await signInLinkByHash(db, hash(token));
  return !!link && !link.consumedAt && link.expiresAt > now.toISOString();
}

export type Verified =
  | { kind: 'session'; account: Account; session: IssuedSession }
  | { kind: 'pin_required'; account: Account };

/** POST verify: consumes the link; signs in, or opens the PIN step. 400 `invalid_token` else. */
export async function verifyLink(
  db: Db,
  freeApiPages: number,
  token: string,
  userAgent: string,
  now = new Date(),
): Promise<Verified> {
  const link = await signInLinkByHash(db, hash(token));
  if (!link) throw new HttpError(400, 'invalid_token');
  const account = await accountByEmail(db, link.email);
  const pinUntil =
    account && (await pinHashOf(db, account.id))
      ? new Date(now.getTime() + PIN_STEP_MINUTES * 60_000).toISOString()
      : null;
  if (!(await consumeSignInLink(db, link.id, now.toISOString(), pinUntil)))
    throw new HttpError(400, 'invalid_token');
  if (account && pinUntil) return { kind: 'pin_required', account };
  const signedIn = account ?? (await firstSignIn(db, link, freeApiPages));
  return {
    kind: 'session',
    account: signedIn,
    session: await createSession(db, signedIn.id, userAgent, now),
  };
}

async function firstSignIn(db: Db, link: SignInLink, freeApiPages: number): Promise<Account> {
  const made = await createAccount(db, link.email, freeApiPages);
  await updateProfile(db, made.id, { lang: link.lang });
  return { ...made, lang: link.lang };
}

/** The PIN step: the right PIN signs in; a wrong one counts, and the fifth closes the step. */
export async function verifyPin(
  db: Db,
  token: string,
  pin: string,
  userAgent: string,
  now = new Date(),
): Promise<{ account: Account; session: IssuedSession }> {
  const link = await signInLinkByHash(db, hash(token));
  if (!link?.pinUntil || link.pinUntil <= now.toISOString()) throw new HttpError(400, 'invalid_token');
  const account = await accountByEmail(db, link.email);
  const stored = account && (await pinHashOf(db, account.id));
  if (!account || !stored) throw new HttpError(400, 'invalid_token');
  const tries = await claimPinTry(db, link.id, MAX_PIN_FAILURES, now.toISOString());
  if (tries === undefined) throw new HttpError(403, 'pin_attempts_exceeded');
  if (!(await pinMatches(pin, stored))) {
    // The fifth wrong PIN closes the step: a new link is needed.
    if (tries >= MAX_PIN_FAILURES) await endPinStep(db, link.id);
    throw new HttpError(403, tries >= MAX_PIN_FAILURES ? 'pin_attempts_exceeded' : 'wrong_pin');
  }
  await endPinStep(db, link.id);
  return { account, session: await createSession(db, account.id, userAgent, now) };
}
