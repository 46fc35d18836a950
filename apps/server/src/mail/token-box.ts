// Secrets of the mail connection: the refresh token sealed with AES-256-GCM under a key derived
// from the server's secret (HKDF-SHA256), bound to its account; and the consent `state`, signed
// with HMAC-SHA256 under another derived key, naming the account and its expiry.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

const key = (secret: string, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, 'invoice-reader', purpose, 32));

/** `v1.<iv>.<tag>.<ciphertext>` (base64url), authenticated with the account id. */
export function sealToken(secret: string, accountId: number, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(secret, 'mail-refresh-token'), iv);
  cipher.setAAD(Buffer.from(`mail-account:${accountId}`));
  const ct = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ct]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The token, or throws when the box was altered, moved to another account or the secret changed. */
export function openToken(secret: string, accountId: number, sealed: string): string {
  const [v, iv, tag, ct] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || ct === undefined) throw new Error('not a sealed token');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    key(secret, 'mail-refresh-token'),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAAD(Buffer.from(`mail-account:${accountId}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

export interface ConnectState {
  accountId: number;
  /** The random part; its hash is recorded so the state is used once. */
  nonce: string;
  expiresAt: number;
}

export const hashNonce = (nonce: string): string => createHash('sha256').update(nonce).digest('hex');

/** `<account>.<nonce>.<expiry ms>.<hmac>`: readable, and worthless when altered. */
export function signState(secret: string, s: ConnectState): string {
  const payload = `${s.accountId}.${s.nonce}.${s.expiresAt}`;
  const mac = createHmac('sha256', key(secret, 'mail-connect-state')).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

/** The state's content when its signature holds (expiry and single use are checked by the caller). */
export function verifyState(secret: string, state: string): ConnectState | undefined {
  const m = /^(\d{1,12})\.([\w-]{16,64})\.(\d{1,15})\.([\w-]{43})$/.exec(state);
  if (!m) return undefined;
  const payload = `${m[1]}.${m[2]}.${m[3]}`;
  const expected = createHmac('sha256', key(secret, 'mail-connect-state')).update(payload).digest();
  const given = Buffer.from(m[4]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { accountId: Number(m[1]), nonce: m[2]!, expiresAt: Number(m[3]) };
}
