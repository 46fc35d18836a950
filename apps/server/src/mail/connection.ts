// A person's mailbox connection: the consent link with its signed, single-use state, the
// callback's checks and the token it stores sealed, a Gmail session for the stored token, and
// disconnecting (the grant ended at the provider, queued letters stopped).
import { randomBytes } from 'node:crypto';
import type { gmail_v1 } from '@googleapis/gmail';
import {
  type Db,
  deleteMailAccount,
  insertConnectState,
  inTransaction,
  mailAccountOf,
  saveMailAccount,
  stopQueuedLetters,
  useConnectState,
} from '@invoice-reader/db';
import { HttpError } from '../http/errors.js';
import { type GmailProvider, MailProviderError } from './google.js';
import { hashNonce, openToken, sealToken, signState, verifyState } from './token-box.js';

export const STATE_TTL_MS = 10 * 60_000;

/** A refusal of the callback: the code names it on the page the person sees. */
export class CallbackRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

export class MailConnections {
  constructor(
    private readonly db: Db,
    readonly provider: GmailProvider,
    private readonly secret: string,
  ) {}

  async connectLink(accountId: number, now = new Date()): Promise<{ url: string; expiresAt: string }> {
    const nonce = randomBytes(24).toString('base64url');
    const expiresAt = now.getTime() + STATE_TTL_MS;
    await insertConnectState(this.db, {
      accountId,
      nonceHash: hashNonce(nonce),
      expiresAt: new Date(expiresAt).toISOString(),
      createdAt: now.toISOString(),
    });
    const state = signState(this.secret, { accountId, nonce, expiresAt });
    return { url: this.provider.consentUrl(state), expiresAt: new Date(expiresAt).toISOString() };
  }

  /**
   * The callback: the state is checked (signature, its account, against the browser's session
   * when it has one, expiry) and used up before the code is traded, so a replayed callback changes
   * nothing; the token is stored only when all held.
   */
  async complete(
    q: { code?: string; state?: string; error?: string },
    /** The account of the browser's own session, when it has one. */
    signedIn: number | undefined,
    now = new Date(),
  ): Promise<number> {
    const state = q.state ? verifyState(this.secret, q.state) : undefined;
    if (!state) throw new CallbackRefused(400, 'invalid_state');
    // A browser signed in as someone else was handed another account's link: its mailbox must not
    // end up connected to that account.
    if (signedIn !== undefined && signedIn !== state.accountId)
      throw new CallbackRefused(400, 'state_account_mismatch');
    if (state.expiresAt <= now.getTime()) throw new CallbackRefused(400, 'state_expired');
    const use = await useConnectState(this.db, state.accountId, hashNonce(state.nonce), now);
    if (use === 'unknown') throw new CallbackRefused(400, 'invalid_state');
    if (use === 'used') throw new CallbackRefused(400, 'state_used');
    if (use === 'expired') throw new CallbackRefused(400, 'state_expired');
    if (q.error)
      throw new CallbackRefused(400, q.error === 'access_denied' ? 'access_denied' : 'provider_refused');
    if (!q.code) throw new CallbackRefused(400, 'mail_code_invalid');
    let got: Awaited<ReturnType<GmailProvider['exchange']>>;
    try {
      got = await this.provider.exchange(q.code);
    } catch (err) {
      const e = err as MailProviderError;
      throw new CallbackRefused(e.code === 'mail_code_invalid' ? 400 : 502, e.code ?? 'mail_provider_error');
    }
    await saveMailAccount(this.db, {
      accountId: state.accountId,
      provider: 'gmail',
      address: got.address,
      tokenCipher: sealToken(this.secret, state.accountId, got.refreshToken),
      scopes: got.scopes,
      connectedAt: now.toISOString(),
    });
    return state.accountId;
  }

  /**
   * A Gmail client for the account's mailbox, or undefined when none is connected; a
   * MailProviderError when access was withdrawn (or the stored token no longer opens).
   */
  async open(accountId: number): Promise<{ gmail: gmail_v1.Gmail; address: string } | undefined> {
    const row = await mailAccountOf(this.db, accountId);
    if (!row) return undefined;
    let token: string;
    try {
      token = openToken(this.secret, accountId, row.tokenCipher);
    } catch {
      throw new MailProviderError(
        'mail_token_revoked',
        'the stored token cannot be opened (SECRET changed?)',
      );
    }
    return { gmail: await this.provider.session(token), address: row.address };
  }

  /** As `open`, answering a route: 409 when no mailbox is connected or access was withdrawn. */
  async session(accountId: number): Promise<{ gmail: gmail_v1.Gmail; address: string }> {
    const opened = await this.open(accountId).catch((err: unknown) => {
      throw asHttp(err);
    });
    if (!opened) throw new HttpError(409, 'mail_not_connected');
    return opened;
  }

  async disconnect(
    accountId: number,
  ): Promise<{ providerRevoked: boolean; providerError: string | null; stopped: number }> {
    const row = await mailAccountOf(this.db, accountId);
    if (!row) throw new HttpError(409, 'mail_not_connected');
    let providerError: string | null = null;
    try {
      await this.provider.revoke(openToken(this.secret, accountId, row.tokenCipher));
    } catch (err) {
      // Already withdrawn there, or the provider is away: the connection still ends here.
      providerError = err instanceof MailProviderError ? `${err.code}: ${err.message}` : String(err);
    }
    const stopped = await inTransaction(this.db, async (tx) => {
      await deleteMailAccount(tx, accountId);
      return stopQueuedLetters(tx, accountId, 'mail_disconnected');
    });
    return { providerRevoked: providerError === null, providerError, stopped };
  }
}

/** A provider failure as the answer of an account route. */
export function asHttp(err: unknown): unknown {
  if (!(err instanceof MailProviderError)) return err;
  return new HttpError(err.code === 'mail_token_revoked' ? 409 : 502, err.code);
}
